import type { EntityManager } from "@mikro-orm/postgresql";
import { placeChangeFrom } from "~/domain/contract-change";
import { sortByName } from "~/domain/settings-rules";
import type { SubsidiaryInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { NotFoundError, ValidationError, type Violation } from "./errors";
import { localDate } from "~/domain/zoned-day";
import { markSubsidiaryWeeksDirty } from "./overtime-dirty.server";
import { sheetChanges } from "~/domain/history";
import { holidaysValue, recordPolicyChange, storedHolidays } from "./history-entries.server";
import { assertManagement, lockRow, nameTaken, sql, uniqueGuard, writeHolidays, type Ref, type SubsidiaryView } from "./settings-common.server";

/** Settings: the subsidiaries (spec 1 §2), with their local holidays (decision 0031). */

// ---------- subsidiaries ----------

const SUBSIDIARY_SQL = `
  select s.id, s.name, s.city, s.timezone, c.id as country_id, c.name as country_name,
         coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name))
                     from division d where d.subsidiary_id = s.id), '[]'::json) as divisions,
         coalesce((select json_agg(json_build_object('id', h.id, 'date', to_char(h.date, 'YYYY-MM-DD'), 'name', h.name)
                                   order by h.date)
                     from holiday h where h.subsidiary_id = s.id), '[]'::json) as holidays
    from subsidiary s
    join country c on c.id = s.country_id`;

interface SubsidiaryRow {
  id: number;
  name: string;
  city: string;
  timezone: string;
  country_id: number;
  country_name: string;
  divisions: Ref[];
  holidays: { id: number; date: string; name: string }[];
}

function subsidiaryView(r: SubsidiaryRow): SubsidiaryView {
  return {
    id: r.id,
    name: r.name,
    country: { id: r.country_id, name: r.country_name },
    city: r.city,
    timezone: r.timezone,
    divisions: sortByName(r.divisions),
    holidays: r.holidays,
  };
}

export async function listSubsidiaries(em: EntityManager, actor: CurrentUser): Promise<SubsidiaryView[]> {
  assertManagement(actor);
  return sortByName((await sql<SubsidiaryRow>(em, SUBSIDIARY_SQL)).map(subsidiaryView));
}

export async function getSubsidiary(em: EntityManager, actor: CurrentUser, id: number): Promise<SubsidiaryView> {
  assertManagement(actor);
  const [row] = await sql<SubsidiaryRow>(em, `${SUBSIDIARY_SQL} where s.id = ?`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return subsidiaryView(row);
}

async function checkSubsidiary(em: EntityManager, input: SubsidiaryInput, id?: number) {
  const violations: Violation[] = [];
  const [country] = await sql<{ id: number }>(em, "select id from country where id = ? for key share", [input.countryId]);
  if (!country) violations.push({ propertyPath: "country", message: t("settings.error.country_unknown") });
  const all = await sql<Ref>(em, "select id, name from subsidiary");
  if (nameTaken(all, input.name, id)) violations.push({ propertyPath: "name", message: t("settings.error.subsidiary_name_taken") });
  if (violations.length) throw new ValidationError(violations);
}

export async function createSubsidiary(em: EntityManager, actor: CurrentUser, input: SubsidiaryInput): Promise<SubsidiaryView> {
  assertManagement(actor);
  const id = await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        await checkSubsidiary(tx, input);
        const [row] = await sql<{ id: number }>(
          tx,
          "insert into subsidiary (name, country_id, city, timezone) values (?, ?, ?, ?) returning id",
          [input.name, input.countryId, input.city, input.timezone],
        );
        await writeHolidays(tx, { column: "subsidiary_id", id: row!.id }, input.holidays ?? []);
        return row!.id;
      }),
    { propertyPath: "name", message: t("settings.error.subsidiary_name_taken") },
  );
  return getSubsidiary(em, actor, id);
}

export async function updateSubsidiary(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  input: SubsidiaryInput,
): Promise<SubsidiaryView & { notice: string | null }> {
  assertManagement(actor);
  // A holiday added or removed in a month closed for payroll: the notice the page shows (decision 0122).
  let notice: string | null = null;
  await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        const before = await lockRow<{ id: number; country_id: number; timezone: string }>(tx, "subsidiary", id);
        await checkSubsidiary(tx, input, id);
        const holidaysBefore = await storedHolidays(tx, "subsidiary_id", id);
        await sql(tx, "update subsidiary set name = ?, country_id = ?, city = ?, timezone = ? where id = ?", [
          input.name,
          input.countryId,
          input.city,
          input.timezone,
          id,
        ]);
        // Another country (policy, public holidays) or time zone: the subsidiary's employees' weeks from the current
        // one on (decision 0068); a closed month's days among them become rappels (decision 0118).
        const today = localDate(new Date(), "Europe/Paris");
        const from = placeChangeFrom(
          { country: before.country_id, timezone: before.timezone },
          { country: input.countryId, timezone: input.timezone },
          today,
        );
        if (from) {
          await markSubsidiaryWeeksDirty(tx, id, from);
        }
        notice = await writeHolidays(tx, { column: "subsidiary_id", id }, input.holidays);
        // The history (decision 0106): the subsidiary's rules (its country's policy and holidays, its zone, its own holidays).
        const changes = sheetChanges(
          { country: before.country_id, timezone: before.timezone, holidays: holidaysBefore },
          { country: input.countryId, timezone: input.timezone, ...(input.holidays === undefined ? {} : { holidays: holidaysValue(input.holidays) }) },
          ["country", "timezone", "holidays"],
        );
        await recordPolicyChange(tx, "subsidiary", id, actor.employeeId, { policy: "subsidiary", changes });
      }),
    { propertyPath: "name", message: t("settings.error.subsidiary_name_taken") },
  );
  return { ...(await getSubsidiary(em, actor, id)), notice };
}

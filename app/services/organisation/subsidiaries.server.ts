import type { EntityManager } from "@mikro-orm/postgresql";
import { placeChangeFrom } from "~/domain/employees/contract-change";
import { sortByName } from "~/domain/organisation/rules";
import type { SubsidiaryInput } from "~/forms/settings.server";
import { nightPeriodViolations } from "~/domain/overtime/policy";
import { policyForDate } from "~/services/overtime/policy.server";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { localDate } from "~/domain/shared/zoned-day";
import { markSubsidiaryWeeksDirty } from "~/services/overtime/dirty.server";
import { recomputeNightSeconds } from "~/services/time-clock/night-recompute.server";
import { mondayOf } from "~/domain/shared/iso-week";
import { sheetChanges } from "~/domain/history/history";
import { holidaysValue, recordPolicyChange, storedHolidays } from "~/services/history/entries.server";
import { assertManagement, lockRow, nameTaken, sql, uniqueGuard, writeHolidays, type Ref, type SubsidiaryView } from "./common.server";

/** Settings: the subsidiaries (spec 1 §2), with their local holidays (decision 0031). */

// ---------- subsidiaries ----------

const SUBSIDIARY_SQL = `
  select s.id, s.name, s.city, s.timezone, c.id as country_id, c.name as country_name,
         s.night_from, s.night_to, s.night_rate::float8 as night_rate,
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
  night_from: string | null;
  night_to: string | null;
  night_rate: number | null;
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
  return subsidiaryView(await subsidiaryRow(em, actor, id));
}

/** A subsidiary's agreement on night work (decision 0125): the period (both times) and the premium; null: the country's. */
export interface NightAgreement {
  from: string | null;
  to: string | null;
  rate: number | null;
}

/** The subsidiary with its night agreement, for its edit page (the /api answer stays as documented): one query. */
export async function getSubsidiaryWithNight(em: EntityManager, actor: CurrentUser, id: number): Promise<SubsidiaryView & { nightAgreement: NightAgreement }> {
  const row = await subsidiaryRow(em, actor, id);
  return { ...subsidiaryView(row), nightAgreement: { from: row.night_from, to: row.night_to, rate: row.night_rate } };
}

async function subsidiaryRow(em: EntityManager, actor: CurrentUser, id: number): Promise<SubsidiaryRow> {
  assertManagement(actor);
  const [row] = await sql<SubsidiaryRow>(em, `${SUBSIDIARY_SQL} where s.id = ?`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return row;
}

/**
 * A subsidiary's night agreement within the law's frame of its country's policy mode (L3122-2 for the weekly mode,
 * art. 223.º n.º 1 for the daily one): 422 with the French message on `nightFrom`, nothing stored.
 */
async function checkNightAgreement(em: EntityManager, countryId: number, night: NonNullable<SubsidiaryInput["night"]>) {
  if (!night.from || !night.to) return;
  const policy = await policyForDate(em, countryId, localDate(new Date(), "Europe/Paris"));
  const violations = nightPeriodViolations({ from: night.from, to: night.to }, policy.mode);
  if (violations.length > 0) throw new ValidationError(violations.map((v) => ({ propertyPath: "nightFrom", message: t(v.key) })));
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
        if (input.night !== undefined) await checkNightAgreement(tx, input.countryId, input.night);
        const [row] = await sql<{ id: number }>(
          tx,
          "insert into subsidiary (name, country_id, city, timezone, night_from, night_to, night_rate) values (?, ?, ?, ?, ?, ?, ?) returning id",
          [input.name, input.countryId, input.city, input.timezone, input.night?.from ?? null, input.night?.to ?? null, input.night?.rate ?? null],
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
        const before = await lockRow<{ id: number; country_id: number; timezone: string; night_from: string | null; night_to: string | null; night_rate: string | null }>(
          tx,
          "subsidiary",
          id,
        );
        await checkSubsidiary(tx, input, id);
        if (input.night !== undefined) await checkNightAgreement(tx, input.countryId, input.night);
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
        const nightBefore = { night_from: before.night_from, night_to: before.night_to, night_rate: before.night_rate === null ? null : Number(before.night_rate) };
        const nightAfter = input.night === undefined ? nightBefore : { night_from: input.night.from, night_to: input.night.to, night_rate: input.night.rate };
        if (input.night !== undefined) {
          // The agreement's night period and premium (decision 0125): the days' night hours recorded from now on.
          await sql(tx, "update subsidiary set night_from = ?, night_to = ?, night_rate = ? where id = ?", [input.night.from, input.night.to, input.night.rate, id]);
        }
        // Another night period (the agreement has no date; another country's policy; another zone's local clock): the
        // stored night seconds of the days of the current week on follow it, and those weeks are recomputed, as a
        // change of place is (decision 0138).
        const agreementMoved = nightAfter.night_from !== nightBefore.night_from || nightAfter.night_to !== nightBefore.night_to;
        if (from || agreementMoved) {
          const monday = from ?? mondayOf(today);
          await recomputeNightSeconds(tx, { subsidiaryId: id }, monday);
          if (!from) await markSubsidiaryWeeksDirty(tx, id, monday);
        }
        // The history (decision 0106): the subsidiary's rules (its country's policy and holidays, its zone, its own holidays).
        const changes = sheetChanges(
          { country: before.country_id, timezone: before.timezone, holidays: holidaysBefore, ...nightBefore },
          { country: input.countryId, timezone: input.timezone, ...(input.holidays === undefined ? {} : { holidays: holidaysValue(input.holidays) }), ...nightAfter },
          ["country", "timezone", "holidays", "night_from", "night_to", "night_rate"],
        );
        await recordPolicyChange(tx, "subsidiary", id, actor.employeeId, { policy: "subsidiary", changes });
      }),
    { propertyPath: "name", message: t("settings.error.subsidiary_name_taken") },
  );
  return { ...(await getSubsidiary(em, actor, id)), notice };
}

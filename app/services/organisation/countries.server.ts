import type { EntityManager } from "@mikro-orm/postgresql";
import { placeChangeFrom } from "~/domain/employees/contract-change";
import { sortByName } from "~/domain/organisation/rules";
import type { CountryInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import { localDate } from "~/domain/shared/zoned-day";
import { markCountryWeeksDirty } from "~/services/overtime/dirty.server";
import { recomputeNightSeconds } from "~/services/time-clock/night-recompute.server";
import { insertDefaultPolicy } from "~/services/overtime/policy.server";
import { sheetChanges } from "~/domain/history/history";
import { holidaysValue, recordPolicyChange, storedHolidays } from "~/services/history/entries.server";
import { assertManagement, lockRow, nameTaken, sql, uniqueGuard, writeHolidays, type CountryView, type Ref } from "./common.server";

const COUNTRY_RULES = ["timezone", "overtimePaid", "overtimeInRecuperation", "employeeInitiatedRecuperation", "employerInitiatedRecuperation", "holidays"];

/** Settings: the countries (spec 1 §2), with their public holidays and overtime split. */

// ---------- countries ----------

const COUNTRY_SQL = `
  select c.id, c.name, c.timezone,
         c.overtime_paid::float8 as paid, c.overtime_in_recuperation::float8 as in_recuperation,
         c.employee_initiated_recuperation::float8 as employee_initiated,
         c.employer_initiated_recuperation::float8 as employer_initiated,
         coalesce((select json_agg(json_build_object('id', h.id, 'date', to_char(h.date, 'YYYY-MM-DD'), 'name', h.name)
                                   order by h.date)
                     from holiday h where h.country_id = c.id), '[]'::json) as holidays
    from country c`;

interface CountryRow {
  id: number;
  name: string;
  timezone: string;
  paid: number;
  in_recuperation: number;
  employee_initiated: number;
  employer_initiated: number;
  holidays: { id: number; date: string; name: string }[];
}

function countryView(r: CountryRow): CountryView {
  return {
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    overtime: {
      paid: r.paid,
      inRecuperation: r.in_recuperation,
      employeeInitiatedRecuperation: r.employee_initiated,
      employerInitiatedRecuperation: r.employer_initiated,
    },
    holidays: r.holidays,
  };
}

export async function listCountries(em: EntityManager, actor: CurrentUser): Promise<CountryView[]> {
  assertManagement(actor);
  return sortByName((await sql<CountryRow>(em, COUNTRY_SQL)).map(countryView));
}

export async function getCountry(em: EntityManager, actor: CurrentUser, id: number): Promise<CountryView> {
  assertManagement(actor);
  const [row] = await sql<CountryRow>(em, `${COUNTRY_SQL} where c.id = ?`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return countryView(row);
}

async function checkCountry(em: EntityManager, input: CountryInput, id?: number) {
  const all = await sql<Ref>(em, "select id, name from country");
  if (nameTaken(all, input.name, id)) {
    throw new ValidationError([{ propertyPath: "name", message: t("settings.error.country_name_taken") }]);
  }
}


function countryParams(input: CountryInput) {
  return [
    input.name,
    input.timezone,
    input.overtime.paid,
    input.overtime.inRecuperation,
    input.overtime.employeeInitiatedRecuperation,
    input.overtime.employerInitiatedRecuperation,
  ];
}

export async function createCountry(em: EntityManager, actor: CurrentUser, input: CountryInput): Promise<CountryView> {
  assertManagement(actor);
  const id = await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        await checkCountry(tx, input);
        const [row] = await sql<{ id: number }>(
          tx,
          `insert into country (name, timezone, overtime_paid, overtime_in_recuperation, employee_initiated_recuperation,
                                employer_initiated_recuperation)
           values (?, ?, ?, ?, ?, ?) returning id`,
          countryParams(input),
        );
        await writeHolidays(tx, { column: "country_id", id: row!.id }, input.holidays ?? []);
        await insertDefaultPolicy(tx, row!.id, input.name, input.overtime);
        return row!.id;
      }),
    { propertyPath: "name", message: t("settings.error.country_name_taken") },
  );
  return getCountry(em, actor, id);
}

/**
 * Saves a country. `notice`: a public holiday added or removed in a month closed for payroll (decision 0122), the
 * French sentence the page shows; the /api answer is the country alone.
 */
export async function updateCountry(em: EntityManager, actor: CurrentUser, id: number, input: CountryInput): Promise<CountryView & { notice: string | null }> {
  assertManagement(actor);
  let notice: string | null = null;
  await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        const before = await lockRow<{
          id: number;
          timezone: string;
          overtime_paid: number;
          overtime_in_recuperation: number;
          employee_initiated_recuperation: number;
          employer_initiated_recuperation: number;
        }>(tx, "country", id);
        await checkCountry(tx, input, id);
        const holidaysBefore = await storedHolidays(tx, "country_id", id);
        await sql(
          tx,
          `update country set name = ?, timezone = ?, overtime_paid = ?, overtime_in_recuperation = ?,
                  employee_initiated_recuperation = ?, employer_initiated_recuperation = ? where id = ?`,
          [...countryParams(input), id],
        );
        // A new time zone: the country's employees' weeks from the current one on (the zone of those without a
        // subsidiary's own; marking them all is the simple superset).
        const today = localDate(new Date(), "Europe/Paris");
        const from = placeChangeFrom({ country: null, timezone: before.timezone }, { country: null, timezone: input.timezone }, today);
        if (from) {
          // The night hours of those days are counted on the local clock: they follow the zone (decision 0138).
          await recomputeNightSeconds(tx, { countryId: id }, from);
          await markCountryWeeksDirty(tx, id, from);
        }
        notice = await writeHolidays(tx, { column: "country_id", id }, input.holidays);
        // The history (decision 0106): the country's rules, old -> new, on every subsidiary of the country.
        const rules = (r: Record<string, unknown>) => ({
          timezone: r.timezone,
          overtimePaid: Number(r.overtime_paid),
          overtimeInRecuperation: Number(r.overtime_in_recuperation),
          employeeInitiatedRecuperation: Number(r.employee_initiated_recuperation),
          employerInitiatedRecuperation: Number(r.employer_initiated_recuperation),
        });
        const changes = sheetChanges(
          { ...rules(before), holidays: holidaysBefore },
          {
            ...rules({
              timezone: input.timezone,
              overtime_paid: input.overtime.paid,
              overtime_in_recuperation: input.overtime.inRecuperation,
              employee_initiated_recuperation: input.overtime.employeeInitiatedRecuperation,
              employer_initiated_recuperation: input.overtime.employerInitiatedRecuperation,
            }),
            ...(input.holidays === undefined ? {} : { holidays: holidaysValue(input.holidays) }),
          },
          COUNTRY_RULES,
        );
        await recordPolicyChange(tx, "country", id, actor.employeeId, { policy: "country", changes });
      }),
    { propertyPath: "name", message: t("settings.error.country_name_taken") },
  );
  return { ...(await getCountry(em, actor, id)), notice };
}

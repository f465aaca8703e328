import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { sameName, type SettingsKind, type SettingsUsage } from "~/domain/organisation/rules";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError, NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { markCountryWeeksDirty, markSubsidiaryWeeksDirty } from "~/services/overtime/dirty.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { enqueue } from "~/server/operations/queue.server";

/**
 * The organisation settings (spec 1 §2 "Settings administration"): countries with their holidays and overtime
 * split, subsidiaries with their local holidays (decision 0031), divisions and teams. Management only (company-wide). Reads are one SQL query per list
 * (nested lists are aggregated in the same query); writes run in a transaction that locks the row they change,
 * so a delete and a concurrent insert of a dependant cannot both win (the insert's foreign key waits on the lock).
 */

export interface Ref {
  id: number;
  name: string;
}
export interface CountryView {
  id: number;
  name: string;
  timezone: string;
  overtime: { paid: number; inRecuperation: number; employeeInitiatedRecuperation: number; employerInitiatedRecuperation: number };
  holidays: { id: number; date: string; name: string }[];
}
export interface SubsidiaryView {
  id: number;
  name: string;
  country: Ref;
  city: string;
  timezone: string;
  divisions: Ref[];
  /** Its local holidays, in addition to the country's (decision 0031), by date. */
  holidays: { id: number; date: string; name: string }[];
}
export interface DivisionView {
  id: number;
  name: string;
  subsidiary: Ref;
  teams: Ref[];
}
export interface TeamView {
  id: number;
  name: string;
  subsidiary: Ref;
  division: Ref;
}

export function assertManagement(actor: CurrentUser) {
  if (!isManagement(actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
}

/** Raw SQL that runs inside the EntityManager's transaction when there is one. */
export function sql<T>(em: EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(text, params, "all", em.getTransactionContext());
}

/** A unique index hit by a concurrent write becomes the same field error as the pre-check. */
export async function uniqueGuard<T>(fn: () => Promise<T>, violation: Violation): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    const name = (error as { name?: string } | null)?.name;
    if (code === "23505" || name === "UniqueConstraintViolationException") throw new ValidationError([violation]);
    throw error;
  }
}

export function nameTaken(existing: Ref[], name: string, exceptId?: number) {
  return existing.some((r) => r.id !== exceptId && sameName(r.name, name));
}

/** The owner of a holiday list: a country (its public holidays) or a subsidiary (its local ones, decision 0031). */
export type HolidayOwner = { column: "country_id" | "subsidiary_id"; id: number };

/**
 * Replaces the holiday list of a country or a subsidiary (undefined: unchanged), keeping the id of a day that stays
 * (its name may change), and marks dirty the stored overtime weeks of the employees concerned from the first day
 * added or removed on (a renamed day changes nothing computed). The rows travel as one JSON parameter (the driver
 * would expand a JS array into a list of parameters). A day added or removed in a month closed for payroll (or in a
 * week touching one) is accepted: the weeks of the changed days are computed by an `overtime.recompute` job written
 * with the change (the outbox), whose run carries the rappels, and the notice naming the month is returned
 * (decision 0122); null otherwise.
 */
export async function writeHolidays(em: EntityManager, owner: HolidayOwner, holidays: { date: string; name: string }[] | undefined): Promise<string | null> {
  if (holidays === undefined) return null;
  const rows = JSON.stringify(holidays);
  const removed = await sql<{ date: string }>(
    em,
    `delete from holiday where ${owner.column} = ?
        and date not in (select x.date from json_to_recordset(?::json) as x(date date, name text))
     returning date::text as date`,
    [owner.id, rows],
  );
  const added =
    holidays.length === 0
      ? []
      : await sql<{ date: string; inserted: boolean }>(
          em,
          `insert into holiday (${owner.column}, date, name)
           select ?, x.date, x.name from json_to_recordset(?::json) as x(date date, name text)
           on conflict (${owner.column}, date) do update set name = excluded.name
           returning date::text as date, (xmax = 0) as inserted`,
          [owner.id, rows],
        );
  const changed = [...removed.map((r) => r.date), ...added.filter((r) => r.inserted).map((r) => r.date)].sort();
  const first = changed[0];
  if (first === undefined) return null;
  if (owner.column === "country_id") await markCountryWeeksDirty(em, owner.id, first);
  else await markSubsidiaryWeeksDirty(em, owner.id, first);
  // A day added or removed in a month closed for payroll is accepted (decisions 0118, 0122): said, and its weeks
  // computed by a job written with the change, so the rappel of a closed month's days reaches the next open month
  // before anyone downloads it (a country may be tens of thousands of people: not in the request).
  const late = await lateChange(em, owner.column === "country_id" ? { countryId: owner.id } : { subsidiaryId: owner.id }, { dates: changed });
  if (late.recompute) await enqueue("overtime.recompute", { from: first, to: changed[changed.length - 1]! }, { em });
  return late.notice;
}

export async function lockRow<T extends { id: number } = { id: number; name: string }>(
  em: EntityManager,
  table: string,
  id: number,
): Promise<T> {
  const [row] = await sql<T>(em, `select * from ${table} where id = ? for update`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return row;
}

export const TABLE: Record<SettingsKind, string> = { country: "country", subsidiary: "subsidiary", division: "division", team: "team" };

/** What still hangs on an item, in one query. Archived employees count: their sheet still points at it. */
export async function usageOf(em: EntityManager, kind: SettingsKind, id: number): Promise<SettingsUsage> {
  const col = `${TABLE[kind]}_id`;
  const counts: Record<keyof SettingsUsage, string | null> = {
    subsidiaries: kind === "country" ? "select count(*) from subsidiary where country_id = ?" : null,
    divisions: kind === "subsidiary" ? "select count(*) from division where subsidiary_id = ?" : null,
    teams: kind === "subsidiary" || kind === "division" ? `select count(*) from team where ${col} = ?` : null,
    employees: `select count(*) from employee where ${col} = ?`,
  };
  const present = Object.entries(counts).filter((e): e is [string, string] => e[1] !== null);
  const [row] = await sql<Record<string, number>>(
    em,
    `select ${present.map(([key, q]) => `(${q})::int as ${key}`).join(", ")}`,
    present.map(() => id),
  );
  return (row ?? {}) as SettingsUsage;
}

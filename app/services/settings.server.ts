import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/access";
import { placeChangeFrom } from "~/domain/contract-change";
import { canDelete, sameName, sortByName, type SettingsKind, type SettingsUsage } from "~/domain/settings-rules";
import type { CountryInput, DivisionInput, SubsidiaryInput, TeamInput } from "~/forms/settings.server";
import { t, type MessageKey } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type Violation } from "./errors";
import { localDate } from "~/domain/zoned-day";
import { markCountryWeeksDirty, markSubsidiaryWeeksDirty } from "./overtime-dirty.server";
import { assertMonthOpen } from "./payroll-close.server";
import { insertDefaultPolicy } from "./overtime-policy.server";

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

function assertManagement(actor: CurrentUser) {
  if (!isManagement(actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
}

/** Raw SQL that runs inside the EntityManager's transaction when there is one. */
function sql<T>(em: EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(text, params, "all", em.getTransactionContext());
}

/** A unique index hit by a concurrent write becomes the same field error as the pre-check. */
async function uniqueGuard<T>(fn: () => Promise<T>, violation: Violation): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    const name = (error as { name?: string } | null)?.name;
    if (code === "23505" || name === "UniqueConstraintViolationException") throw new ValidationError([violation]);
    throw error;
  }
}

function nameTaken(existing: Ref[], name: string, exceptId?: number) {
  return existing.some((r) => r.id !== exceptId && sameName(r.name, name));
}

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

/** The owner of a holiday list: a country (its public holidays) or a subsidiary (its local ones, decision 0031). */
type HolidayOwner = { column: "country_id" | "subsidiary_id"; id: number };

/**
 * Replaces the holiday list of a country or a subsidiary (undefined: unchanged), keeping the id of a day that stays
 * (its name may change), and marks dirty the stored overtime weeks of the employees concerned from the first day
 * added or removed on (a renamed day changes nothing computed). The rows travel as one JSON parameter (the driver
 * would expand a JS array into a list of parameters).
 */
async function writeHolidays(em: EntityManager, owner: HolidayOwner, holidays: { date: string; name: string }[] | undefined) {
  if (holidays === undefined) return;
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
  if (first === undefined) return;
  // A day added or removed in a month closed for payroll of a subsidiary concerned: refused (the caller's transaction
  // rolls the list back).
  await assertMonthOpen(em, owner.column === "country_id" ? { countryId: owner.id } : { subsidiaryId: owner.id }, { dates: changed });
  if (owner.column === "country_id") await markCountryWeeksDirty(em, owner.id, first);
  else await markSubsidiaryWeeksDirty(em, owner.id, first);
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

export async function updateCountry(em: EntityManager, actor: CurrentUser, id: number, input: CountryInput): Promise<CountryView> {
  assertManagement(actor);
  await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        const before = await lockRow<{ id: number; timezone: string }>(tx, "country", id);
        await checkCountry(tx, input, id);
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
          await assertMonthOpen(tx, { countryId: id }, { from, to: today });
          await markCountryWeeksDirty(tx, id, from);
        }
        await writeHolidays(tx, { column: "country_id", id }, input.holidays);
      }),
    { propertyPath: "name", message: t("settings.error.country_name_taken") },
  );
  return getCountry(em, actor, id);
}

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
): Promise<SubsidiaryView> {
  assertManagement(actor);
  await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        const before = await lockRow<{ id: number; country_id: number; timezone: string }>(tx, "subsidiary", id);
        await checkSubsidiary(tx, input, id);
        await sql(tx, "update subsidiary set name = ?, country_id = ?, city = ?, timezone = ? where id = ?", [
          input.name,
          input.countryId,
          input.city,
          input.timezone,
          id,
        ]);
        // Another country (policy, public holidays) or time zone: the subsidiary's employees' weeks from the current
        // one on (decision 0068), refused in a month closed for its payroll.
        const today = localDate(new Date(), "Europe/Paris");
        const from = placeChangeFrom(
          { country: before.country_id, timezone: before.timezone },
          { country: input.countryId, timezone: input.timezone },
          today,
        );
        if (from) {
          await assertMonthOpen(tx, { subsidiaryId: id }, { from, to: today });
          await markSubsidiaryWeeksDirty(tx, id, from);
        }
        await writeHolidays(tx, { column: "subsidiary_id", id }, input.holidays);
      }),
    { propertyPath: "name", message: t("settings.error.subsidiary_name_taken") },
  );
  return getSubsidiary(em, actor, id);
}

// ---------- divisions ----------

const DIVISION_SQL = `
  select d.id, d.name, s.id as subsidiary_id, s.name as subsidiary_name,
         coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name))
                     from team t where t.division_id = d.id), '[]'::json) as teams
    from division d
    join subsidiary s on s.id = d.subsidiary_id`;

interface DivisionRow {
  id: number;
  name: string;
  subsidiary_id: number;
  subsidiary_name: string;
  teams: Ref[];
}

function divisionView(r: DivisionRow): DivisionView {
  return { id: r.id, name: r.name, subsidiary: { id: r.subsidiary_id, name: r.subsidiary_name }, teams: sortByName(r.teams) };
}

export async function listDivisions(em: EntityManager, actor: CurrentUser, filter: { subsidiaryId?: number } = {}): Promise<DivisionView[]> {
  assertManagement(actor);
  if (filter.subsidiaryId !== undefined) {
    const [sub] = await sql(em, "select id from subsidiary where id = ?", [filter.subsidiaryId]);
    if (!sub) throw new NotFoundError(t("error.not_found_item"));
    return sortByName((await sql<DivisionRow>(em, `${DIVISION_SQL} where d.subsidiary_id = ?`, [filter.subsidiaryId])).map(divisionView));
  }
  return sortByName((await sql<DivisionRow>(em, DIVISION_SQL)).map(divisionView));
}

export async function getDivision(em: EntityManager, actor: CurrentUser, id: number): Promise<DivisionView> {
  assertManagement(actor);
  const [row] = await sql<DivisionRow>(em, `${DIVISION_SQL} where d.id = ?`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return divisionView(row);
}

async function checkDivision(em: EntityManager, input: DivisionInput, current?: { id: number; subsidiary_id: number }) {
  const [sub] = await sql(em, "select id from subsidiary where id = ? for key share", [input.subsidiaryId]);
  if (!sub) throw new ValidationError([{ propertyPath: "subsidiary", message: t("settings.error.subsidiary_unknown") }]);
  const violations: Violation[] = [];
  if (current && current.subsidiary_id !== input.subsidiaryId) {
    // Moving a division would leave its teams and employees pointing at the old subsidiary.
    const usage = await usageOf(em, "division", current.id);
    if (!canDelete("division", usage)) {
      violations.push({ propertyPath: "subsidiary", message: t("settings.error.division_move_in_use") });
    }
  }
  const siblings = await sql<Ref>(em, "select id, name from division where subsidiary_id = ?", [input.subsidiaryId]);
  if (nameTaken(siblings, input.name, current?.id)) {
    violations.push({ propertyPath: "name", message: t("settings.error.division_name_taken") });
  }
  if (violations.length) throw new ValidationError(violations);
}

export async function createDivision(em: EntityManager, actor: CurrentUser, input: DivisionInput): Promise<DivisionView> {
  assertManagement(actor);
  const id = await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        await checkDivision(tx, input);
        const [row] = await sql<{ id: number }>(tx, "insert into division (name, subsidiary_id) values (?, ?) returning id", [
          input.name,
          input.subsidiaryId,
        ]);
        return row!.id;
      }),
    { propertyPath: "name", message: t("settings.error.division_name_taken") },
  );
  return getDivision(em, actor, id);
}

export async function updateDivision(em: EntityManager, actor: CurrentUser, id: number, input: DivisionInput): Promise<DivisionView> {
  assertManagement(actor);
  await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        const current = await lockRow<{ id: number; subsidiary_id: number }>(tx, "division", id);
        await checkDivision(tx, input, current);
        await sql(tx, "update division set name = ?, subsidiary_id = ? where id = ?", [input.name, input.subsidiaryId, id]);
      }),
    { propertyPath: "name", message: t("settings.error.division_name_taken") },
  );
  return getDivision(em, actor, id);
}

// ---------- teams ----------

const TEAM_SQL = `
  select t.id, t.name, s.id as subsidiary_id, s.name as subsidiary_name, d.id as division_id, d.name as division_name
    from team t
    join subsidiary s on s.id = t.subsidiary_id
    join division d on d.id = t.division_id`;

interface TeamRow {
  id: number;
  name: string;
  subsidiary_id: number;
  subsidiary_name: string;
  division_id: number;
  division_name: string;
}

function teamView(r: TeamRow): TeamView {
  return {
    id: r.id,
    name: r.name,
    subsidiary: { id: r.subsidiary_id, name: r.subsidiary_name },
    division: { id: r.division_id, name: r.division_name },
  };
}

export async function listTeams(
  em: EntityManager,
  actor: CurrentUser,
  filter: { subsidiaryId?: number; divisionId?: number } = {},
): Promise<TeamView[]> {
  assertManagement(actor);
  if (filter.divisionId !== undefined) {
    // The nested listing /subsidiaries/{s}/divisions/{d}/teams: the division must belong to the subsidiary.
    const [div] = await sql<{ subsidiary_id: number }>(em, "select subsidiary_id from division where id = ?", [filter.divisionId]);
    if (!div || (filter.subsidiaryId !== undefined && div.subsidiary_id !== filter.subsidiaryId)) {
      throw new NotFoundError(t("error.not_found_item"));
    }
    return sortByName((await sql<TeamRow>(em, `${TEAM_SQL} where t.division_id = ?`, [filter.divisionId])).map(teamView));
  }
  return sortByName((await sql<TeamRow>(em, TEAM_SQL)).map(teamView));
}

export async function getTeam(em: EntityManager, actor: CurrentUser, id: number): Promise<TeamView> {
  assertManagement(actor);
  const [row] = await sql<TeamRow>(em, `${TEAM_SQL} where t.id = ?`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return teamView(row);
}

async function checkTeam(em: EntityManager, input: TeamInput, current?: { id: number; division_id: number }) {
  const violations: Violation[] = [];
  const [sub] = await sql(em, "select id from subsidiary where id = ? for key share", [input.subsidiaryId]);
  if (!sub) violations.push({ propertyPath: "subsidiary", message: t("settings.error.subsidiary_unknown") });
  const [div] = await sql<{ subsidiary_id: number }>(em, "select subsidiary_id from division where id = ? for key share", [
    input.divisionId,
  ]);
  if (!div) violations.push({ propertyPath: "division", message: t("settings.error.division_unknown") });
  else if (sub && div.subsidiary_id !== input.subsidiaryId) {
    violations.push({ propertyPath: "division", message: t("settings.error.division_not_in_subsidiary") });
  }
  if (violations.length) throw new ValidationError(violations);
  if (current && current.division_id !== input.divisionId) {
    const usage = await usageOf(em, "team", current.id);
    if (!canDelete("team", usage)) violations.push({ propertyPath: "division", message: t("settings.error.team_move_in_use") });
  }
  const siblings = await sql<Ref>(em, "select id, name from team where division_id = ?", [input.divisionId]);
  if (nameTaken(siblings, input.name, current?.id)) violations.push({ propertyPath: "name", message: t("settings.error.team_name_taken") });
  if (violations.length) throw new ValidationError(violations);
}

export async function createTeam(em: EntityManager, actor: CurrentUser, input: TeamInput): Promise<TeamView> {
  assertManagement(actor);
  const id = await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        await checkTeam(tx, input);
        const [row] = await sql<{ id: number }>(
          tx,
          "insert into team (name, subsidiary_id, division_id) values (?, ?, ?) returning id",
          [input.name, input.subsidiaryId, input.divisionId],
        );
        return row!.id;
      }),
    { propertyPath: "name", message: t("settings.error.team_name_taken") },
  );
  return getTeam(em, actor, id);
}

export async function updateTeam(em: EntityManager, actor: CurrentUser, id: number, input: TeamInput): Promise<TeamView> {
  assertManagement(actor);
  await uniqueGuard(
    () =>
      em.transactional(async (tx) => {
        const current = await lockRow<{ id: number; division_id: number }>(tx, "team", id);
        await checkTeam(tx, input, current);
        await sql(tx, "update team set name = ?, subsidiary_id = ?, division_id = ? where id = ?", [
          input.name,
          input.subsidiaryId,
          input.divisionId,
          id,
        ]);
      }),
    { propertyPath: "name", message: t("settings.error.team_name_taken") },
  );
  return getTeam(em, actor, id);
}

// ---------- deletion ----------

const TABLE: Record<SettingsKind, string> = { country: "country", subsidiary: "subsidiary", division: "division", team: "team" };

const IN_USE: Record<SettingsKind, MessageKey> = {
  country: "settings.delete_country_in_use",
  subsidiary: "settings.delete_subsidiary_in_use",
  division: "settings.delete_division_in_use",
  team: "settings.delete_team_in_use",
};

async function lockRow<T extends { id: number } = { id: number; name: string }>(
  em: EntityManager,
  table: string,
  id: number,
): Promise<T> {
  const [row] = await sql<T>(em, `select * from ${table} where id = ? for update`, [id]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return row;
}

/** What still hangs on an item, in one query. Archived employees count: their sheet still points at it. */
async function usageOf(em: EntityManager, kind: SettingsKind, id: number): Promise<SettingsUsage> {
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

/**
 * Deletes an item nothing depends on any more; otherwise 409 with a French message naming it (nothing is lost:
 * the employees' foreign keys would otherwise be set to null silently). Returns the deleted item's name.
 */
export async function deleteSettingsItem(em: EntityManager, actor: CurrentUser, kind: SettingsKind, id: number): Promise<string> {
  assertManagement(actor);
  return em.transactional(async (tx) => {
    const row = await lockRow(tx, TABLE[kind], id);
    const usage = await usageOf(tx, kind, id);
    if (!canDelete(kind, usage)) throw new ConflictError(t(IN_USE[kind], { item: row.name }));
    await sql(tx, `delete from ${TABLE[kind]} where id = ?`, [id]);
    return row.name;
  });
}

// ---------- the /settings page and the form choices ----------

export interface SettingsOverview {
  countries: Ref[];
  subsidiaries: (Ref & { country: string })[];
  divisions: (Ref & { subsidiary: string; subsidiaryId: number })[];
  teams: (Ref & { division: string; subsidiary: string })[];
}

/** The four cards of /settings, in one query. Also the choices of the forms' selects. */
export async function settingsOverview(em: EntityManager, actor: CurrentUser): Promise<SettingsOverview> {
  assertManagement(actor);
  const rows = await sql<{ kind: string; id: number; name: string; parent: string | null; grand: string | null; parent_id: number | null }>(
    em,
    `select 'country' as kind, c.id, c.name, null as parent, null as grand, null::int as parent_id from country c
     union all
     select 'subsidiary', s.id, s.name, c.name, null, c.id from subsidiary s join country c on c.id = s.country_id
     union all
     select 'division', d.id, d.name, s.name, null, s.id from division d join subsidiary s on s.id = d.subsidiary_id
     union all
     select 'team', t.id, t.name, d.name, s.name, d.id from team t join division d on d.id = t.division_id
       join subsidiary s on s.id = t.subsidiary_id`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    countries: sortByName(of("country").map((r) => ({ id: r.id, name: r.name }))),
    subsidiaries: sortByName(of("subsidiary").map((r) => ({ id: r.id, name: r.name, country: r.parent ?? "" }))),
    divisions: sortByName(
      of("division").map((r) => ({ id: r.id, name: r.name, subsidiary: r.parent ?? "", subsidiaryId: r.parent_id ?? 0 })),
    ),
    teams: sortByName(of("team").map((r) => ({ id: r.id, name: r.name, division: r.parent ?? "", subsidiary: r.grand ?? "" }))),
  };
}

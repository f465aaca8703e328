import type { EntityManager } from "@mikro-orm/postgresql";
import { canDelete, sortByName } from "~/domain/organisation/rules";
import type { DivisionInput, TeamInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { assertManagement, lockRow, nameTaken, sql, uniqueGuard, usageOf, type DivisionView, type Ref, type TeamView } from "./common.server";

/** Settings: the divisions and teams (spec 1 §2). */

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

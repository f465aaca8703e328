/**
 * The settings use cases against a real PostgreSQL: lists ordered by name, the holidays of a country replaced as
 * a list, the uniqueness and belonging rules as field violations, and deletions refused while something still
 * depends on the item (nothing is lost).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { AppError } from "~/services/shared/errors";
import { deleteSettingsItem, settingsOverview } from "~/services/organisation/settings.server";
import { createCountry, getCountry, listCountries, updateCountry } from "~/services/organisation/countries.server";
import { createDivision, createTeam, listDivisions, listTeams, updateDivision, updateTeam } from "~/services/organisation/divisions-teams.server";
import { createSubsidiary } from "~/services/organisation/subsidiaries.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";

const db = useTestDatabase();
let admin: CurrentUser;
let employee: CurrentUser;
let org: Org;

const overtime = { paid: 50, inRecuperation: 50, employeeInitiatedRecuperation: 25.5, employerInitiatedRecuperation: 0 };

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

beforeAll(async () => {
  org = await createOrg(db.em());
  const a = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT" });
  const e = await createEmployee(db.em(), org, { profileType: "ROLE_EMPLOYEE" });
  admin = (await loadCurrentUser(db.em(), a.userId))!;
  employee = (await loadCurrentUser(db.em(), e.userId))!;
});

describe("countries", () => {
  it("creates a country with its holidays, sorted by date, and lists countries by name the French way", async () => {
    const created = await createCountry(db.em(), admin, {
      name: "Équateur",
      timezone: "UTC",
      overtime,
      holidays: [
        { date: "2026-08-10", name: "Premier cri" },
        { date: "2026-01-01", name: "Nouvel an" },
      ],
    });
    expect(created).toMatchObject({ name: "Équateur", timezone: "UTC", overtime });
    expect(created.holidays.map((h) => h.date)).toEqual(["2026-01-01", "2026-08-10"]);
    await createCountry(db.em(), admin, { name: "Allemagne", timezone: "Europe/Berlin", overtime, holidays: [] });
    const names = (await listCountries(db.em(), admin)).map((c) => c.name);
    expect(names).toEqual(["Allemagne", "Équateur", "France"]);
  });

  it("replaces the holidays on update, keeping the id of a day that stays; without a list it keeps them", async () => {
    const c = await createCountry(db.em(), admin, {
      name: "Belgique",
      timezone: "Europe/Brussels",
      overtime,
      holidays: [
        { date: "2026-07-21", name: "Fête nationale" },
        { date: "2026-05-01", name: "Fête du travail" },
      ],
    });
    const kept = c.holidays.find((h) => h.date === "2026-07-21")!;
    const updated = await updateCountry(db.em(), admin, c.id, {
      name: "Belgique",
      timezone: "Europe/Brussels",
      overtime: { ...overtime, paid: 100 },
      holidays: [
        { date: "2026-07-21", name: "Fête nationale belge" },
        { date: "2026-11-11", name: "Armistice" },
      ],
    });
    expect(updated.overtime.paid).toBe(100);
    expect(updated.holidays).toEqual([
      { id: kept.id, date: "2026-07-21", name: "Fête nationale belge" },
      { id: expect.any(Number), date: "2026-11-11", name: "Armistice" },
    ]);
    const again = await updateCountry(db.em(), admin, c.id, { name: "Belgique", timezone: "UTC", overtime, holidays: undefined });
    expect(again.holidays).toHaveLength(2);
    expect(again.timezone).toBe("UTC");
  });

  it("refuses a name already used (case and accents aside) as a field error, on create and update", async () => {
    const e = await failure(createCountry(db.em(), admin, { name: "france", timezone: "UTC", overtime, holidays: [] }));
    expect(e.status).toBe(422);
    expect(e.violations).toEqual([{ propertyPath: "name", message: "Un pays porte déjà ce nom." }]);
    const other = await createCountry(db.em(), admin, { name: "Suisse", timezone: "Europe/Zurich", overtime, holidays: [] });
    const u = await failure(updateCountry(db.em(), admin, other.id, { name: "FRANCE", timezone: "UTC", overtime, holidays: [] }));
    expect(u.violations[0]!.propertyPath).toBe("name");
    expect((await getCountry(db.em(), admin, other.id)).name).toBe("Suisse");
  });

  it("answers 404 for an unknown country and 403 to a non-manager", async () => {
    expect((await failure(getCountry(db.em(), admin, 999999))).status).toBe(404);
    expect((await failure(listCountries(db.em(), employee))).status).toBe(403);
  });
});

describe("subsidiaries, divisions and teams", () => {
  it("creates a subsidiary, a division and a team, and lists them with their relations", async () => {
    const country = await createCountry(db.em(), admin, { name: "Portugal", timezone: "Europe/Lisbon", overtime, holidays: [] });
    const sub = await createSubsidiary(db.em(), admin, { name: "Lisboa Print", countryId: country.id, city: "Lisbonne", timezone: "Europe/Lisbon" });
    expect(sub).toMatchObject({ country: { id: country.id, name: "Portugal" }, city: "Lisbonne", divisions: [] });
    const div = await createDivision(db.em(), admin, { name: "Offset", subsidiaryId: sub.id });
    const team = await createTeam(db.em(), admin, { name: "Nuit", subsidiaryId: sub.id, divisionId: div.id });
    expect(team).toMatchObject({ subsidiary: { id: sub.id, name: "Lisboa Print" }, division: { id: div.id, name: "Offset" } });
    expect((await listDivisions(db.em(), admin, { subsidiaryId: sub.id })).map((d) => d.name)).toEqual(["Offset"]);
    expect((await listTeams(db.em(), admin, { subsidiaryId: sub.id, divisionId: div.id })).map((d) => d.name)).toEqual(["Nuit"]);
    // The division of another subsidiary is not found under this one.
    expect((await failure(listTeams(db.em(), admin, { subsidiaryId: sub.id, divisionId: org.divisionId }))).status).toBe(404);
    const overview = await settingsOverview(db.em(), admin);
    expect(overview.teams.find((t) => t.id === team.id)).toEqual({ id: team.id, name: "Nuit", division: "Offset", subsidiary: "Lisboa Print" });
  });

  it("division names are unique within a subsidiary only; team names within a division only", async () => {
    const e = await failure(createDivision(db.em(), admin, { name: "impression", subsidiaryId: org.subsidiaryId }));
    expect(e.violations).toEqual([{ propertyPath: "name", message: "Cette agence a déjà un pôle de ce nom." }]);
    const t1 = await failure(createTeam(db.em(), admin, { name: "OFFSET", subsidiaryId: org.subsidiaryId, divisionId: org.divisionId }));
    expect(t1.violations).toEqual([{ propertyPath: "name", message: "Ce pôle a déjà une équipe de ce nom." }]);
    // Same team name in another division is fine.
    const ok = await createTeam(db.em(), admin, { name: "Offset", subsidiaryId: org.subsidiaryId, divisionId: org.otherDivisionId });
    expect(ok.division.id).toBe(org.otherDivisionId);
  });

  it("refuses a team whose division belongs to another subsidiary, and unknown references", async () => {
    const other = await createOrg(db.em(), " B");
    const e = await failure(createTeam(db.em(), admin, { name: "X", subsidiaryId: org.subsidiaryId, divisionId: other.divisionId }));
    expect(e.violations).toEqual([{ propertyPath: "division", message: "Ce pôle n'appartient pas à l'agence choisie." }]);
    const u = await failure(createTeam(db.em(), admin, { name: "X", subsidiaryId: 999999, divisionId: 999998 }));
    expect(u.violations.map((v) => v.propertyPath).sort()).toEqual(["division", "subsidiary"]);
    const s = await failure(createSubsidiary(db.em(), admin, { name: "Nouvelle", countryId: 999999, city: "X", timezone: "UTC" }));
    expect(s.violations).toEqual([{ propertyPath: "country", message: "Ce pays n'existe pas." }]);
  });

  it("refuses to move a division with teams to another subsidiary, or a team with employees to another division", async () => {
    const other = await createOrg(db.em(), " C");
    const e = await failure(updateDivision(db.em(), admin, org.divisionId, { name: "Impression", subsidiaryId: other.subsidiaryId }));
    expect(e.violations[0]!.propertyPath).toBe("subsidiary");
    const t = await failure(
      updateTeam(db.em(), admin, org.teamId, { name: "Offset", subsidiaryId: org.subsidiaryId, divisionId: org.otherDivisionId }),
    );
    expect(t.violations[0]).toEqual({ propertyPath: "division", message: "Cette équipe compte des employés : elle ne peut pas changer de pôle." });
    // An empty team moves freely.
    const moved = await updateTeam(db.em(), admin, org.otherTeamId, { name: "Numérique", subsidiaryId: org.subsidiaryId, divisionId: org.otherDivisionId });
    expect(moved.division.id).toBe(org.otherDivisionId);
  });
});

describe("deleting", () => {
  it.each([
    ["country", "Impossible de supprimer le pays « France D » : des agences ou des employés y sont encore rattachés."],
    ["subsidiary", "Impossible de supprimer l'agence « 3 Print D » : elle contient encore des pôles, des équipes ou des employés."],
    ["division", "Impossible de supprimer le pôle « Impression D » : il contient encore des équipes ou des employés."],
    ["team", "Impossible de supprimer l'équipe « Offset D » : elle compte encore des employés."],
  ] as const)("refuses a %s in use with 409 and keeps everything", async (kind, message) => {
    const o = await createOrg(db.em(), " D");
    await createEmployee(db.em(), o, { firedAt: "2025-01-31" }); // even an archived employee holds it
    const id = { country: o.countryId, subsidiary: o.subsidiaryId, division: o.divisionId, team: o.teamId }[kind];
    const e = await failure(deleteSettingsItem(db.em(), admin, kind, id));
    expect(e.status).toBe(409);
    expect(e.message).toBe(message);
    const [row] = await db.sql<{ n: number }>(`select count(*)::int as n from ${kind} where id = ?`, [id]);
    expect(row!.n).toBe(1);
    const [emp] = await db.sql<{ n: number }>(
      "select count(*)::int as n from employee where country_id = ? and subsidiary_id = ? and division_id = ? and team_id = ?",
      [o.countryId, o.subsidiaryId, o.divisionId, o.teamId],
    );
    expect(emp!.n).toBe(1);
    // Cleanup for the next row of the table: names must stay unique.
    await db.sql("update country set name = name || ? where id = ?", [`-${kind}`, o.countryId]);
    await db.sql("update subsidiary set name = name || ? where id = ?", [`-${kind}`, o.subsidiaryId]);
  });

  it("deletes what nothing depends on, a country with its holidays", async () => {
    const c = await createCountry(db.em(), admin, {
      name: "Andorre",
      timezone: "Europe/Paris",
      overtime,
      holidays: [{ date: "2026-09-08", name: "Meritxell" }],
    });
    expect(await deleteSettingsItem(db.em(), admin, "country", c.id)).toBe("Andorre");
    expect(await db.sql("select id from holiday where country_id = ?", [c.id])).toEqual([]);
    const o = await createOrg(db.em(), " E");
    // Team, then its division's other team... bottom-up deletion empties the subsidiary.
    await deleteSettingsItem(db.em(), admin, "team", o.teamId);
    await deleteSettingsItem(db.em(), admin, "team", o.otherTeamId);
    await deleteSettingsItem(db.em(), admin, "division", o.divisionId);
    await deleteSettingsItem(db.em(), admin, "division", o.otherDivisionId);
    await deleteSettingsItem(db.em(), admin, "subsidiary", o.subsidiaryId);
    expect((await failure(deleteSettingsItem(db.em(), admin, "subsidiary", o.subsidiaryId))).status).toBe(404);
  });
});

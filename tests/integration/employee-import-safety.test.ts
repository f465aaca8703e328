/**
 * Imports that cannot hurt (issue 39, decision 0116), against a real PostgreSQL: a matricule of another subsidiary
 * is an error of its row until ticked, an identity change is written only when ticked, and the preview names the
 * person and each field old → new; Windows-1252 `œ € ’` stored right and re-imported unchanged; what the sheet or
 * the database would refuse (an 11-letter acronym, a 200,000-character cell, a NUL byte, a login that is not an
 * e-mail) is refused per cell with the form's and the API's own messages; a confirmation that fails for another
 * reason rolls back, is marked failed in French and can be confirmed again; one left running by a dead process is
 * failed by the worker's sweep; previews expire and the cleanup deletes them; the anonymisation scrubs them; the
 * preview pages, errors first.
 */
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMPORT_COLUMNS, PREVIEW_LIFETIME_MS, STALE_RUN_MS, columnHeader } from "~/domain/employees/import";
import { EmployeeBody, EmployeeForm } from "~/forms/employee.server";
import { cleanup } from "~/jobs/cleanup.server";
import { runJob } from "~/jobs/registry.server";
import { resetEnvCache } from "~/server/shared/env.server";
import { anonymiseEmployee } from "~/services/employees/anonymisation.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { confirmImport, failStaleImports } from "~/services/employees/import-run.server";
import { importPlan, startImport } from "~/services/employees/import.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { currentUserOf } from "~tests/support/factories-leave";

const db = useTestDatabase();
let org: Org;
let lisboa: Org;
let admin: CurrentUser;
/** The instant every test works at; the data is placed relative to it. */
const NOW = new Date("2026-03-10T09:00:00Z");
const WEEK = Array.from({ length: 5 }, () => ({ morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 }));

function row(n: number, over: Record<string, string> = {}): Record<string, string> {
  return {
    matricule: String(n),
    acronym: `S${n}`,
    firstname: "Zoé",
    lastname: `Bœuf ${n}`,
    birthday: "12/04/1988",
    phone: "06 12 34 56 78",
    email: `safe.${n}@cadran.test`,
    emailPersonal: `perso.safe.${n}@exemple.fr`,
    profileType: "Employé",
    position: "Opératrice",
    comments: "",
    typeContract: "CDI",
    numberOfHoursPerWeek: "35",
    numberOfHoursPerMonth: "151,67",
    hiredAt: "02/09/2024",
    firedAt: "",
    contractState: "Confirmé",
    annualSalary: "32 500,00",
    hourlyCost: "27,40",
    holidayEarnedLastYear: "25",
    holidayTakenLastYear: "20",
    holidayEarnedThisYear: "12,5",
    holidayTakenThisYear: "3",
    holidayTotalBalance: "14,5",
    holidayMonthlyVacationAccrual: "2,08",
    holidayWorkingTimeReduction: "non",
    country: "France",
    subsidiary: "3 Print",
    division: "Impression",
    departmentHead: "non",
    team: "Offset",
    teamLeader: "non",
    timeRegistration: "oui",
    leaveWorkflow: "Rapide (direction)",
    weekType: "unique_week",
    ...over,
  };
}

/** A CSV as Excel writes it on a French Windows: `;`, Windows-1252 through iconv-lite (œ € ’ are single bytes). */
function csv1252(rows: Record<string, string>[]): Uint8Array {
  const head = IMPORT_COLUMNS.map((c) => columnHeader(c.field));
  const lines = [head, ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c.field] ?? ""))].map((cells) =>
    cells.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(";"),
  );
  return new Uint8Array(iconv.encode(lines.join("\r\n"), "windows-1252"));
}

const upload = (rows: Record<string, string>[], name = "equipe.csv", at = NOW) => startImport(db.em(), admin, { name, bytes: csv1252(rows) }, { now: at });
const plan = (id: string, page = 1, at = NOW) => importPlan(db.em(), admin, id, { page, now: at });
const confirm = (id: string, accepted: number[] = [], at = NOW) => confirmImport(db.em(), admin, id, { welcome: false, accepted, now: at });

async function sheet(matricule: number) {
  const [s] = await db.sql<{ firstname: string; lastname: string; subsidiary: string; email: string; position: string }>(
    `select e.firstname, e.lastname, e.email, e.position, s.name as subsidiary from employee e left join subsidiary s on s.id = e.subsidiary_id where e.matricule = ?`,
    [matricule],
  );
  return s;
}

beforeAll(async () => {
  process.env.INLINE_JOBS = "1";
  resetEnvCache();
  org = await createOrg(db.em());
  lisboa = await createOrg(db.em(), " Lisboa");
  await db.sql("update subsidiary set name = 'Lisboa Print' where id = ?", [lisboa.subsidiaryId]);
  admin = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "safe.admin@cadran.test" }));
  // Three Lisboa Print people whose matricules 2001–2003 "looked free".
  for (const n of [2001, 2002, 2003]) {
    const who = await createEmployee(db.em(), lisboa, { firstname: "joão", lastname: `Silva ${n}`, email: `joao.${n}@cadran.test` });
    await db.sql("update employee set matricule = ?, position = 'Conducteur' where id = ?", [n, who.employeeId]);
    await db.sql("insert into week_schedule (employee_id, week_number, days) values (?, 1, ?::jsonb)", [who.employeeId, JSON.stringify(WEEK)]);
  }
});
afterAll(() => {
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});

describe("whose sheet changes", () => {
  it("a matricule of another subsidiary: the row names the person, old → new, and is an error until ticked; ticked, it is written", async () => {
    const id = await upload([row(2001), row(2002, { firstname: "João", lastname: "Silva 2002", email: "joao.2002@cadran.test", subsidiary: "Lisboa Print", division: "Impression Lisboa", team: "Offset Lisboa", position: "Chef" })]);
    const p = await plan(id);
    const [other, same] = [p.rows.find((r) => r.line === 2)!, p.rows.find((r) => r.line === 3)!];
    expect(other).toMatchObject({ outcome: "update", tick: "subsidiary", person: "João SILVA 2001 · matricule 2001 · agence Lisboa Print · équipe Offset Lisboa" });
    expect(other.tickMessage).toBe(
      "Le matricule 2001 est celui de João SILVA 2001, agence Lisboa Print ; le fichier nomme l'agence 3 Print. Cochez la ligne si c'est bien cette personne qui change d'agence.",
    );
    expect(other.changes).toEqual(
      expect.arrayContaining(["Prénom : joão → Zoé", "Nom : Silva 2001 → Bœuf 2001", "Agence : Lisboa Print → 3 Print", "Poste : Conducteur → Opératrice"]),
    );
    // The same subsidiary and the same person: a plain update, no tick, old → new.
    expect(same).toMatchObject({ outcome: "update", tick: null, tickMessage: null });
    expect(same.changes).toContain("Poste : Conducteur → Chef");
    expect(p.ticks.map((r) => r.line)).toEqual([2]);

    // Not ticked: refused, nothing written (not even the plain update).
    await expect(confirm(id)).rejects.toThrow(
      "Ligne(s) 2 : le matricule appartient à une personne d'une autre agence ; cochez ces lignes dans l'aperçu pour les importer, ou corrigez le fichier.",
    );
    expect(await sheet(2001)).toMatchObject({ lastname: "Silva 2001", subsidiary: "Lisboa Print" });
    expect(await sheet(2002)).toMatchObject({ position: "Conducteur" });
    expect((await plan(id)).state).toBe("preview");

    // Ticked: written.
    const state = await confirm(id, [2]);
    expect((await plan(id)).result?.error).toBeUndefined();
    expect(state).toBe("done");
    expect(await sheet(2001)).toMatchObject({ firstname: "Zoé", lastname: "Bœuf 2001", subsidiary: "3 Print" });
    expect(await sheet(2002)).toMatchObject({ position: "Chef", subsidiary: "Lisboa Print" });
    // The history of the import is per person (decision 0106): one entry on each changed sheet, by who confirmed.
    const history = await db.sql<{ matricule: number; actor_id: number; fields: string[] }>(
      `select e.matricule, g.actor_id, array(select c->>'field' from jsonb_array_elements(g.details->'changes') c order by 1) as fields
         from audit_log g join employee e on e.id = g.employee_id where g.action = 'sheet.update' and e.matricule in (2001, 2002) order by e.matricule`,
    );
    expect(history.map((h) => [h.matricule, h.actor_id])).toEqual([
      [2001, admin.employeeId],
      [2002, admin.employeeId],
    ]);
    expect(history[0]!.fields).toEqual(expect.arrayContaining(["firstname", "lastname", "subsidiary"]));
  });

  it("a name or login change in the same subsidiary is flagged and skipped unless ticked", async () => {
    const keep = { firstname: "João", subsidiary: "Lisboa Print", division: "Impression Lisboa", team: "Offset Lisboa", position: "Conducteur" };
    const id = await upload([
      row(2003, { ...keep, lastname: "Santos", email: "joao.2003@cadran.test" }),
      row(2002, { ...keep, lastname: "Silva 2002", email: "joao.nouveau@cadran.test", position: "Chef" }),
    ]);
    const p = await plan(id);
    expect(p.ticks.map((r) => [r.line, r.tick, r.tickMessage])).toEqual([
      [2, "identity", "Cette ligne modifie l'identité de João SILVA 2003 (Nom) : cochez-la pour l'écrire, sinon elle est ignorée."],
      [3, "identity", "Cette ligne modifie l'identité de João SILVA 2002 (E-mail professionnel (identifiant)) : cochez-la pour l'écrire, sinon elle est ignorée."],
    ]);
    expect(await confirm(id, [3])).toBe("done");
    expect((await plan(id)).result?.error).toBeUndefined();
    expect((await plan(id)).result).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 1 });
    expect(await sheet(2003)).toMatchObject({ lastname: "Silva 2003" });
    expect(await sheet(2002)).toMatchObject({ email: "joao.nouveau@cadran.test", firstname: "João" });
  });
});

describe("Windows-1252", () => {
  it("stores œ € ’ “ ” … – Œ Ÿ as they are, and the same file again is unchanged", async () => {
    const file = [row(3001, { lastname: "Lœuvre", comments: "Prime 100 € – l’été “à voir”… Œuvre Ÿ" })];
    const id = await upload(file);
    expect((await plan(id)).rows.map((r) => [r.outcome, r.messages])).toEqual([["create", []]]);
    await confirm(id);
    expect(await db.sql("select lastname, comments from employee where matricule = 3001")).toEqual([
      { lastname: "Lœuvre", comments: "Prime 100 € – l’été “à voir”… Œuvre Ÿ" },
    ]);
    expect((await plan(await upload(file))).counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });
});

describe("what the sheet or the database would refuse, refused in the preview", () => {
  it("names each cell with the sheet's own message, writes nothing, and never gives a 500", async () => {
    const id = await upload([
      row(4001, { acronym: "ABCDEFGHIJK" }),
      row(4002, { comments: "x".repeat(200_000) }),
      row(4003, { position: "Opéra\u0000trice" }),
      row(4004, { email: "pas-un-email" }),
      row(4005, { lastname: "L".repeat(121), hourlyCost: "123 456 789", holidayMonthlyVacationAccrual: "1000" }),
      row(4006, { firstname: "Camille", lastname: "Sans Horaires", email: "sans.horaires@cadran.test" }),
    ]);
    // 4006 exists, clocks, and has no schedule: the rule the confirmation applies (decision 0086) is named here.
    const bare = await createEmployee(db.em(), org, { firstname: "Camille", lastname: "Sans Horaires", email: "sans.horaires@cadran.test" });
    await db.sql("update employee set matricule = 4006 where id = ?", [bare.employeeId]);
    const p = await plan(id);
    expect(p.counts.error).toBe(6);
    expect(p.rows.find((r) => r.line === 7)!.messages).toEqual(["Un employé soumis au pointage a besoin d'horaires : remplissez la semaine type."]);
    const messages = Object.fromEntries(p.rows.map((r) => [r.line, r.messages]));
    // The /api body's and the form's messages, word for word: one schema.
    const api = (body: Record<string, unknown>) => EmployeeBody.safeParse(body).error!.issues[0]!.message;
    const form = (body: Record<string, unknown>) => EmployeeForm.safeParse(body).error!.issues[0]!.message;
    expect(api({ acronym: "ABCDEFGHIJK" })).toBe(form({ acronym: "ABCDEFGHIJK" }));
    expect(messages[2]).toContain(`Trigramme : ${api({ acronym: "ABCDEFGHIJK" })}`);
    expect(messages[3]).toContain("Commentaires : Cellule trop longue (5\u202f000 caractères au plus).");
    expect(messages[4]).toContain("Poste : Caractère de contrôle interdit (U+0000) : retapez la cellule, ou choisissez le bon encodage du fichier.");
    expect(api({ email: "pas-un-email" })).toBe(form({ email: "pas-un-email" }));
    expect(messages[5]).toContain(`E-mail professionnel (identifiant) : ${api({ email: "pas-un-email" })}`);
    expect(messages[6]).toEqual(
      expect.arrayContaining([
        `Nom : ${api({ lastname: "L".repeat(121) })}`,
        `Coût horaire (€) : ${api({ hourlyCost: 123456789 })}`,
        `Acquisition mensuelle (jours) : ${api({ holidayMonthlyVacationAccrual: 1000 })}`,
      ]),
    );
    // The refused values are not kept in the stored preview (a NUL would not even fit in jsonb).
    const [stored] = await db.sql<{ rows: string }>("select rows::text as rows from employee_import where id = ?", [id]);
    expect(stored!.rows).not.toContain("ABCDEFGHIJK");
    expect(stored!.rows.length).toBeLessThan(50_000);
    await expect(confirm(id)).rejects.toThrow(ValidationError);
    expect(await db.sql("select matricule from employee where matricule between 4001 and 4006")).toEqual([{ matricule: 4006 }]);
  });
});

describe("places that would not nest", () => {
  it("a subsidiary changed without its division is named on the division, before any confirmation", async () => {
    const bytes = new TextEncoder().encode(`Matricule;Prénom;Nom;E-mail professionnel;Agence\n2003;João;Silva 2003;joao.2003@cadran.test;3 Print`);
    const id = await startImport(db.em(), admin, { name: "agence.csv", bytes }, { now: NOW });
    const [r] = (await plan(id)).rows;
    expect(r!.outcome).toBe("error");
    expect(r!.messages[0]).toBe("Pôle : Ce pôle n'appartient pas à l'agence choisie.");
    // The stored team still nests in the stored division: only the division is named.
    expect(r!.messages.filter((m) => m.startsWith("Équipe"))).toEqual([]);
  });
});

describe("never running for good", () => {
  it("a failure that is not the file's (the database refusing) rolls back, is failed in French, and can be confirmed again", async () => {
    const id = await upload([row(5001), row(5002)]);
    await db.sql(`create or replace function import_boom() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.sql(`create trigger import_boom before insert on week_schedule for each statement execute function import_boom()`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await confirm(id)).toBe("failed");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('"msg":"import failed"'));
    } finally {
      warn.mockRestore();
      await db.sql(`drop trigger import_boom on week_schedule`);
    }
    const failed = await plan(id);
    expect(failed.state).toBe("failed");
    expect(failed.result?.error).toBe(
      "La confirmation a échoué (erreur inattendue du serveur ou de la base de données) : rien n'a été écrit. Vous pouvez confirmer l'import de nouveau.",
    );
    expect(failed.counts.create).toBe(2);
    expect(await db.sql("select id from employee where matricule in (5001, 5002)")).toEqual([]);
    expect(await confirm(id)).toBe("done");
    expect((await plan(id)).result).toEqual({ created: 2, updated: 0, unchanged: 0 });
  });

  it("a confirmation left running by a dead process is failed by the worker's sweep, and confirmed again", async () => {
    const id = await upload([row(5101)]);
    await db.sql("update employee_import set state = 'running', done = 0, heartbeat_at = ? where id = ?", [new Date(NOW.getTime() - STALE_RUN_MS - 1000), id]);
    const fresh = await upload([row(5102)]);
    await db.sql("update employee_import set state = 'running', heartbeat_at = ? where id = ?", [new Date(NOW.getTime() - 60_000), fresh]);
    expect(await failStaleImports(db.em(), NOW)).toBe(1);
    const p = await plan(id);
    expect([p.state, p.result?.error]).toEqual([
      "failed",
      "La confirmation a été interrompue (le processus qui l'écrivait s'est arrêté) : rien n'a été écrit. Vous pouvez confirmer l'import de nouveau.",
    ]);
    expect((await plan(fresh)).state).toBe("running");
    expect(await confirm(id)).toBe("done");
    expect(await db.sql("select matricule from employee where matricule = 5101")).toEqual([{ matricule: 5101 }]);
    // The job is registered and scheduled: it runs as the worker runs it.
    expect(typeof (await runJob("employees.import-sweep", {}))).toBe("number");
  });
});

describe("nothing kept that should not be", () => {
  it("a preview expires a day after its upload: gone for the page, then deleted by the cleanup; a finished import stays", async () => {
    const at = new Date(NOW.getTime() - 2 * 3600 * 1000);
    const old = await upload([row(6001)], "vieux.csv", at);
    const done = await upload([row(6002)], "fait.csv", at);
    await confirm(done, [], at);
    const expiresAt = new Date(at.getTime() + PREVIEW_LIFETIME_MS);
    expect((await plan(old, 1, NOW)).expiresAt).toBe(expiresAt.toISOString());
    await expect(plan(old, 1, expiresAt)).rejects.toThrow(NotFoundError);
    await expect(confirm(old, [], expiresAt)).rejects.toThrow(NotFoundError);
    expect((await cleanup(db.em(), new Date(expiresAt.getTime() - 1000))).imports).toBe(0);
    expect((await cleanup(db.em(), expiresAt)).imports).toBeGreaterThanOrEqual(1);
    expect(await db.sql("select file_name from employee_import where id in (?, ?)", [old, done])).toEqual([{ file_name: "fait.csv" }]);
  });

  it("anonymising an employee removes their rows from every stored preview, and only theirs", async () => {
    const who = await createEmployee(db.em(), org, { firstname: "Anne", lastname: "Secrète", email: "anne.secrete@cadran.test", firedAt: "2015-01-31" });
    await db.sql("update employee set matricule = 6101, hired_at = '2010-01-04', email_personal = 'anne@perso.fr' where id = ?", [who.employeeId]);
    const byMatricule = await upload([row(6101, { lastname: "Secrète" }), row(6102)]);
    const byEmail = await upload([row(6103, { email: "anne.secrete@cadran.test" })]);
    const byPersonal = await upload([row(6104, { emailPersonal: "ANNE@perso.fr" })]);
    await anonymiseEmployee(db.em(), admin, who.employeeId, NOW);
    const stored = await db.sql<{ id: string; rows: string; total: number }>("select id, rows::text as rows, total from employee_import where id in (?, ?, ?)", [
      byMatricule,
      byEmail,
      byPersonal,
    ]);
    for (const s of stored) {
      expect(s.rows).not.toMatch(/Secrète|anne\.secrete|anne@perso|6101/i);
    }
    expect(Object.fromEntries(stored.map((s) => [s.id, s.total]))).toEqual({ [byMatricule]: 1, [byEmail]: 0, [byPersonal]: 0 });
    expect((await plan(byMatricule)).rows.map((r) => r.line)).toEqual([3]);
  });
});

describe("the paged preview", () => {
  it("shows 200 rows a page, the rows in error first", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(7000 + i, i === 440 ? { hiredAt: "31/02/2024" } : {}));
    const id = await upload(rows);
    const first = await plan(id);
    expect(first.page).toEqual({ page: 1, pages: 3, from: 0, to: 200 });
    expect(first.rows).toHaveLength(200);
    expect(first.rows[0]).toMatchObject({ line: 442, outcome: "error" });
    expect(first.rows[1]).toMatchObject({ line: 2, outcome: "create" });
    const last = await plan(id, 3);
    // Page 3 is positions 400–449: line 442 went first, so lines 401–441 then 443–451.
    expect(last.rows.map((r) => r.line)).toEqual(Array.from({ length: 51 }, (_, i) => 401 + i).filter((l) => l !== 442));
  });
});

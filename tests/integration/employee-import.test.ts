/**
 * The employee import (issue 33 item 1, decision 0098): a CSV in Windows-1252 with `;`, decimal commas and French
 * dates is previewed row by row (create / update / unchanged / errors per cell in French) with nothing written;
 * the confirmation writes all in one transaction and creates the divisions and teams the file names; the same file
 * twice changes nothing; the directory export read back as an import is unchanged; welcome mails only when asked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, KEY_COLUMNS, columnHeader } from "~/domain/employees/import";
import { resetEnvCache } from "~/server/shared/env.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { directorySheet, importTemplate } from "~/services/employees/export.server";
import { readImportFile } from "~/services/employees/import-file.server";
import { confirmImport, runImport } from "~/services/employees/import-run.server";
import { importPlan, startImport } from "~/services/employees/import.server";
import { ValidationError } from "~/services/shared/errors";
import { writeXlsx } from "~/services/shared/xlsx.server";
import { runJob } from "~/jobs/registry.server";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { currentUserOf } from "~tests/support/factories-leave";
import { startSmtpCapture } from "~tests/support/smtp";

const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let org: Org;
let admin: CurrentUser;

/** A full row (every required field), French formats; `over` replaces cells by field. */
function row(n: number, over: Record<string, string> = {}): Record<string, string> {
  return {
    matricule: String(n),
    acronym: `E${n}`.slice(0, 10),
    firstname: "Hélène",
    lastname: `Dupré ${n}`,
    birthday: "12/04/1988",
    phone: "06 12 34 56 78",
    email: `import.${n}@cadran.test`,
    emailPersonal: `perso.${n}@exemple.fr`,
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
    division: "Façonnage",
    departmentHead: "non",
    team: "Reliure",
    teamLeader: "non",
    timeRegistration: "oui",
    leaveWorkflow: "Rapide (direction)",
    weekType: "unique_week",
    ...over,
  };
}

/** A CSV file as Excel writes it on a French Windows: `;`, Windows-1252 (é is one byte), CRLF. */
function csv1252(rows: Record<string, string>[]): Uint8Array {
  const head = IMPORT_COLUMNS.map((c) => columnHeader(c.field));
  const lines = [head, ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c.field] ?? ""))].map((cells) =>
    cells.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(";"),
  );
  const text = lines.join("\r\n");
  return Uint8Array.from([...text].map((ch) => (ch === "€" ? 0x80 : ch.charCodeAt(0))));
}

async function count(sql: string, params: unknown[] = []) {
  return Number((await db.sql<{ n: string }>(sql, params))[0]!.n);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.INLINE_JOBS = "1";
  resetEnvCache();
  org = await createOrg(db.em());
  admin = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "import.admin@cadran.test" }));
});
afterAll(async () => {
  await drainInlineJobs();
  delete process.env.INLINE_JOBS;
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

describe("employee import", () => {
  it("previews a Windows-1252 CSV with ';' and writes nothing until confirmed; then all in one go, new division and team created", async () => {
    const file = csv1252([row(501), row(502, { team: "" }), row(503, { division: "Impression", team: "Offset" })]);
    const id = await startImport(db.em(), admin, { name: "equipe.csv", bytes: file });
    const plan = await importPlan(db.em(), admin, id);
    expect(plan.rows.map((r) => [r.line, r.name, r.outcome])).toEqual([
      [2, "Hélène Dupré 501", "create"],
      [3, "Hélène Dupré 502", "create"],
      [4, "Hélène Dupré 503", "create"],
    ]);
    expect(plan.newDivisions).toEqual([{ name: "Façonnage", subsidiary: "3 Print" }]);
    expect(plan.newTeams).toEqual([{ name: "Reliure", division: "Façonnage", subsidiary: "3 Print" }]);
    expect(await count("select count(*) as n from employee where matricule between 501 and 503")).toBe(0);
    expect(await count("select count(*) as n from division where name = 'Façonnage'")).toBe(0);

    expect(await confirmImport(db.em(), admin, id, { welcome: false })).toBe("done");
    const [anne] = await db.sql<{ annual_salary: string; hired_at: string; team: string; division: string; n: string }>(
      `select e.annual_salary, e.hired_at::text as hired_at, t.name as team, d.name as division
         from employee e join division d on d.id = e.division_id left join team t on t.id = e.team_id where e.matricule = 501`,
    );
    expect(anne).toMatchObject({ annual_salary: "32500.00", hired_at: "2024-09-02", team: "Reliure", division: "Façonnage" });
    expect(await count("select count(*) as n from app_user where email like 'import.50_@cadran.test'")).toBe(3);
    expect(await count("select count(*) as n from division where name = 'Façonnage'")).toBe(1);
    expect((await importPlan(db.em(), admin, id)).result).toEqual({ created: 3, updated: 0, unchanged: 0 });
    await drainInlineJobs();
    expect(smtp.messages.filter((m) => m.to.some((to) => to.startsWith("import.50")))).toHaveLength(0);

    // The same file again: every row unchanged, nothing to confirm.
    const again = await startImport(db.em(), admin, { name: "equipe.csv", bytes: file });
    const second = await importPlan(db.em(), admin, again);
    expect(second.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(second.newDivisions).toEqual([]);
    expect(second.newTeams).toEqual([]);
  });

  it("matches by matricule: a changed cell is an update naming the column, and welcome mails go only to the new people when asked", async () => {
    const file = csv1252([row(501, { position: "Cheffe d'atelier" }), row(504)]);
    const id = await startImport(db.em(), admin, { name: "maj.csv", bytes: file });
    const plan = await importPlan(db.em(), admin, id);
    expect(plan.rows.map((r) => [r.outcome, r.changed])).toEqual([
      ["update", ["Poste"]],
      ["create", []],
    ]);
    await confirmImport(db.em(), admin, id, { welcome: true });
    expect((await db.sql<{ position: string }>("select position from employee where matricule = 501"))[0]!.position).toBe("Cheffe d'atelier");
    // The history (decision 0106): one entry per changed sheet, by the person who confirmed; the unchanged fields absent.
    const history = await db.sql<{ action: string; actor_id: number; changes: { field: string; old: unknown; new: unknown }[] }>(
      `select g.action, g.actor_id, g.details->'changes' as changes from audit_log g join employee e on e.id = g.employee_id
        where e.matricule in (501, 504) order by g.id`,
    );
    expect(history.map((h) => [h.action, h.actor_id])).toEqual([
      ["sheet.create", admin.employeeId],
      ["sheet.create", admin.employeeId],
      ["sheet.update", admin.employeeId],
    ]);
    expect(history[2]!.changes).toEqual([{ field: "position", old: "Opératrice", new: "Cheffe d'atelier" }]);
    expect(history[1]!.changes).toContainEqual({ field: "lastname", old: null, new: "Dupré 504" });
    // Created without a schedule in the file, a clocking person got the contract's hours (0098's addendum), so the
    // update above passed the schedule rule (0086).
    const [schedule] = await db.sql<{ days: { morningStart: number | null }[] }>(
      "select w.days from week_schedule w join employee e on e.id = w.employee_id where e.matricule = 501 and w.week_number = 1",
    );
    expect(schedule!.days.map((d) => d.morningStart)).toEqual([540, 540, 540, 540, 540]);
    await drainInlineJobs();
    const mail = await smtp.waitFor((m) => m.to.includes("import.504@cadran.test"));
    expect(mail.text).toContain("/password/change/");
    expect(mail.text).toContain("valable 7 jours");
    // The welcome link lives 7 days (decision 0098), a reset link 30 minutes.
    const [token] = await db.sql<{ hours: number }>(
      `select extract(epoch from (t.expires_at - t.created_at)) / 3600 as hours
         from password_reset_token t join app_user u on u.id = t.user_id where u.email = 'import.504@cadran.test'`,
    );
    expect(Number(token!.hours)).toBe(168);
    expect(smtp.messages.some((m) => m.to.includes("import.501@cadran.test"))).toBe(false);
  });

  it("names each cell's error in French, refuses to confirm, and writes nothing", async () => {
    const file = csv1252([
      row(601, { hiredAt: "31/02/2024", subsidiary: "Agence fantôme" }),
      row(602, { email: "import.601@cadran.test", numberOfHoursPerWeek: "trente" }),
      row(603, { typeContract: "Intérim" }),
    ]);
    const id = await startImport(db.em(), admin, { name: "erreurs.csv", bytes: file });
    const plan = await importPlan(db.em(), admin, id);
    expect(plan.counts.error).toBe(3);
    expect(plan.rows[0]!.messages).toEqual(
      expect.arrayContaining(["Date d'embauche : Date attendue au format JJ/MM/AAAA.", "Agence : Agence inconnue : créez-la dans les paramètres."]),
    );
    expect(plan.rows[1]!.messages).toEqual(
      expect.arrayContaining(["Heures par semaine : Nombre attendu (ex. 35,5).", "E-mail professionnel (identifiant) : Cet e-mail figure déjà ligne 2."]),
    );
    expect(plan.rows[2]!.messages[0]).toMatch(/^Type de contrat : Valeur attendue parmi : CDD/);
    await expect(confirmImport(db.em(), admin, id, { welcome: false })).rejects.toThrow(ValidationError);
    expect(await count("select count(*) as n from employee where matricule between 601 and 603")).toBe(0);
  });

  it("refuses a file that is not a spreadsheet or lacks the key columns, in French", async () => {
    await expect(readImportFile(new TextEncoder().encode("a;b\n1;2"), "x.csv")).rejects.toThrow(/Colonnes obligatoires absentes : Matricule/);
    await expect(readImportFile(new Uint8Array([1, 2, 3]), "x.pdf")).rejects.toThrow("Envoyez un fichier .xlsx ou .csv.");
    await expect(readImportFile(new Uint8Array([1, 2, 3]), "x.xlsx")).rejects.toThrow(/n'a pas pu être lu/);
  });

  it("reads the directory export back as an import with every row unchanged (UTF-8 xlsx), and the template's example row", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    await writeXlsx(out, await directorySheet(db.em(), admin));
    const id = await startImport(db.em(), admin, { name: "annuaire.xlsx", bytes: new Uint8Array(Buffer.concat(chunks)) });
    const plan = await importPlan(db.em(), admin, id);
    const ours = plan.rows.filter((r) => r.name.startsWith("Hélène"));
    expect(ours).toHaveLength(4);
    expect(ours.every((r) => r.outcome === "unchanged")).toBe(true);

    const template = await readImportFile(await importTemplate(admin), "modele.xlsx");
    // The file's required columns are marked (decision 0116); the marked headers still match their columns.
    expect(template.headers).toEqual(IMPORT_COLUMNS.map((c) => columnHeader(c.field) + (KEY_COLUMNS.includes(c.field) ? " *" : "")));
    expect(template.rows).toHaveLength(1);
    // The "Valeurs autorisées" sheet says which columns the file needs, which an active sheet needs, and the encodings.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await importTemplate(admin)) as unknown as ArrayBuffer);
    const values = book.worksheets[1]!;
    const line = (header: string) => {
      let found: string[] = [];
      values.eachRow((r) => {
        if (r.getCell(1).text === header) found = [r.getCell(2).text, r.getCell(3).text];
      });
      return found;
    };
    expect(values.getRow(1).values).toEqual([undefined, "Colonne", "Obligatoire ?", "Valeurs autorisées"]);
    expect(line("Matricule *")[0]).toBe("Colonne obligatoire du fichier");
    expect(line("Date de naissance")[0]).toBe("Obligatoire pour une fiche active");
    expect(line("Commentaires")[0]).toBe("Facultatif");
    expect(values.getRow(values.rowCount).getCell(1).text).toMatch(/^Fichiers \.csv lus en UTF-8 \(avec ou sans BOM\) ou Windows-1252/);
  });

  it("runs a confirmed import as the job does, once (a second run finds it done)", async () => {
    const id = await startImport(db.em(), admin, { name: "job.csv", bytes: csv1252([row(701), row(702)]) });
    await db.sql("update employee_import set state = 'running' where id = ?", [id]);
    expect(await runJob("employees.import", { importId: id })).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await runImport(db.em(), id)).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await count("select count(*) as n from employee where matricule in (701, 702)")).toBe(2);
  });
});

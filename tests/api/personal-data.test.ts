/**
 * Personal data (issue 32 §4, decision 0101): "Mes données" (the own data as a ZIP of CSV files with a French
 * README) and HR's anonymisation of an archived employee once the retention period is over (dry run, then one
 * transaction logged in audit_log).
 */
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createLeave } from "~tests/support/factories-leave";
import { insertClock } from "~tests/support/factories-time";
import { htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();

let org: Org;
let me: TestEmployee;
let other: TestEmployee;
let head: TestEmployee;

async function download(who: TestEmployee) {
  const client = htmlClient(() => server.baseUrl);
  await client.login(who.email);
  const res = await fetch(`${server.baseUrl}/profile/data`, { headers: { Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
  return res;
}

async function readZip(res: Response): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(await res.arrayBuffer());
  const files: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) files[name] = await zip.file(name)!.async("string");
  return files;
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Données");
  me = await createEmployee(db.em(), org, { firstname: "léa", lastname: "Martin", emailPersonal: "lea.perso@example.org" });
  other = await createEmployee(db.em(), org, { firstname: "Paul", lastname: "Autre" });
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", firstname: "Hélène", lastname: "Rh" });
  await insertClock(
    db.em(),
    me.employeeId,
    "2026-11-02",
    [
      ["09:00", "START"],
      ["17:30", "END"],
    ],
    { message: "Badge oublié" }
  );
  await insertClock(db.em(), other.employeeId, "2026-11-02", [["08:15", "START"]]);
  const leaveId = await createLeave(db.em(), me.employeeId, {
    start: "2026-12-21",
    end: "2026-12-23",
    numberDaysWork: 3,
    comment: '=HYPERLINK("http://evil.example";"x")',
  });
  await db.sql(`insert into leave_step (leave_id, step, actor_id, at) values (?, 'accepted', ?, now())`, [leaveId, head.employeeId]);
  await createLeave(db.em(), other.employeeId, { comment: "Secret de Paul" });
  await db.sql(
    `insert into overtime_week (employee_id, iso_year, iso_week, monday, worked_seconds, contract_seconds, overtime_seconds, bands, explanation)
     values (?, 2026, 45, '2026-11-02', 135000, 126000, 9000, '[]', '{}')`,
    [me.employeeId]
  );
  await db.sql(`insert into deduction (employee_id, date, seconds, created_by_id, created_at) values (?, '2026-11-03', 3600, ?, now())`, [
    me.employeeId,
    head.employeeId,
  ]);
  // Change-history entries (issue 41): a sheet change and a leave prevalidated by a deputy for the head.
  await db.sql(`insert into audit_log (at, actor_id, action, kind, employee_id, details) values (now(), ?, 'sheet.update', 'sheet', ?, ?::jsonb)`, [
    head.employeeId,
    me.employeeId,
    JSON.stringify({ changes: [{ field: "lastname", old: "Roy", new: "Martin" }] }),
  ]);
  await db.sql(`insert into audit_log (at, actor_id, action, kind, employee_id, details) values (now(), ?, 'leave.approve', 'leave', ?, ?::jsonb)`, [
    other.employeeId,
    me.employeeId,
    JSON.stringify({ from: "2026-12-21", to: "2026-12-23", step: "prevalidate", onBehalfOfId: head.employeeId }),
  ]);
});

describe("GET /profile/data (Mes données)", () => {
  it("answers a ZIP of CSV files and a French README, with the employee's own data only", async () => {
    const res = await download(me);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mes-donnees-cadran-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const files = await readZip(res);
    expect(Object.keys(files).sort()).toEqual(["LISEZMOI.txt", "conges.csv", "historique.csv", "pointages.csv", "profil.csv", "semaines.csv"]);
    expect(files["LISEZMOI.txt"]).toContain("Vos données personnelles dans Cadran");
    expect(files["LISEZMOI.txt"]).toContain("Léa MARTIN");
    expect(files["profil.csv"]).toContain("Nom;MARTIN\r\n".replace("MARTIN", "Martin"));
    expect(files["profil.csv"]).toContain("E-mail personnel;lea.perso@example.org\r\n");
    expect(files["pointages.csv"]).toContain("02/11/2026;09:00;Début;Non;;Badge oublié\r\n");
    expect(files["pointages.csv"]).toContain("02/11/2026;17:30;Fin;Non;;Badge oublié\r\n");
    expect(files["pointages.csv"]).not.toContain("08:15");
    // The free text that looks like a formula is neutralised (decision 0080).
    expect(files["conges.csv"]).toContain(`21/12/2026;23/12/2026;Non;Non;Congés payés;En attente;3;;"'=HYPERLINK(""http://evil.example"";""x"")";`);
    expect(files["conges.csv"]).not.toContain("Secret de Paul");
    expect(files["semaines.csv"]).toContain("2026;45;02/11/2026;35;37,5;2.5".replace("2.5", "2,5"));
    expect(files["historique.csv"]).toMatch(/Congé du 21\/12\/2026 au 23\/12\/2026 : Acceptée;Hélène RH;/);
    expect(files["historique.csv"]).toMatch(/Déduction d'heures;Hélène RH;03\/11\/2026 1 h/);
    // Issue 41: the change history in the Historique tab's French sentences, never raw codes nor an empty detail.
    expect(files["historique.csv"]).not.toMatch(/sheet\.update|leave\.approve/);
    expect(files["historique.csv"]).toMatch(/Fiche modifiée;Hélène RH;Nom : Roy → Martin/);
    expect(files["historique.csv"]).toMatch(/Congé du 21\/12\/2026 au 23\/12\/2026 prévalidé;Paul AUTRE;Prévalidé par Paul AUTRE pour Hélène RH/);
  });

  it("needs a signed-in user: to /login otherwise", async () => {
    const res = await fetch(`${server.baseUrl}/profile/data`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirect=%2Fprofile%2Fdata/);
  });

  it("the profile page links to it with a plain link (no JavaScript needed)", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(me.email);
    const page = await client.get("/profile");
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/profile/data"');
    expect(page.text).toContain(t("personal_data.title"));
  });
});

describe("anonymising an archived employee", () => {
  let months = 0;
  async function leaver(firedAt: string | null) {
    months += 1;
    const who = await createEmployee(db.em(), org, { firstname: "Zoé", lastname: "Partie", firedAt, emailPersonal: "zoe@example.org" });
    await db.sql(`update employee set phone = '0611223344', comments = 'Entretien de départ', birthday = '1990-05-01' where id = ?`, [
      who.employeeId,
    ]);
    await insertClock(
      db.em(),
      who.employeeId,
      "2019-03-04",
      [
        ["09:00", "START"],
        ["17:00", "END"],
      ],
      { message: "Retard train" }
    );
    await createLeave(db.em(), who.employeeId, { start: "2019-04-01", numberDaysWork: 1, state: "accepted", comment: "Mariage de ma sœur" });
    await db.sql(
      `insert into overtime_week (employee_id, iso_year, iso_week, monday, worked_seconds, bands, explanation) values (?, 2019, 10, '2019-03-04', 28800, '[]', '{}')`,
      [who.employeeId]
    );
    const [month] = await db.sql<{ id: number }>(
      `insert into payroll_month (subsidiary_id, month, closed_by_id, closed_at, closed_by_name) values (?, ?, ?, now(), 'Zoé PARTIE') returning id`,
      [org.subsidiaryId, `2019-${String(months).padStart(2, "0")}-01`, who.employeeId]
    );
    await db.sql(`insert into payroll_month_line (payroll_month_id, position, employee_id, line) values (?, 1, ?, ?::jsonb)`, [
      month!.id,
      who.employeeId,
      JSON.stringify({ employeeId: who.employeeId, matricule: 4242, employeeName: "PARTIE Zoé", leaveDays: [1] }),
    ]);
    return who;
  }

  async function hr() {
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    return client;
  }

  it("the dry run (GET) lists what would change and changes nothing; the POST does it in one go, logged", async () => {
    const who = await leaver("2020-01-31");
    const client = await hr();
    const before = await db.sql(`select * from employee where id = ?`, [who.employeeId]);
    const dry = await client.get(`/employees/${who.employeeId}/anonymise`);
    expect(dry.status).toBe(200);
    expect(dry.text).toContain("Anonyme N°");
    expect(dry.text).toContain(t("anonymise.leave_comments", { count: 1 }));
    expect(dry.text).toContain(t("anonymise.clock_messages", { count: 1 }));
    expect(dry.text).toContain(t("anonymise.payroll_lines", { count: 1 }));
    expect(dry.text).toContain("Date de naissance");
    expect(dry.text).toContain(t("anonymise.confirm"));
    expect(await db.sql(`select * from employee where id = ?`, [who.employeeId])).toEqual(before);

    const res = await client.post(`/employees/${who.employeeId}/anonymise`, {});
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/employees/${who.employeeId}/edit`);

    const [e] = await db.sql<Record<string, unknown>>(
      `select firstname, lastname, matricule, acronym, birthday, phone, email, email_personal, comments, anonymised_at is not null as anonymised, fired_at::text as fired_at
         from employee where id = ?`,
      [who.employeeId]
    );
    expect(e).toEqual({
      firstname: "Anonyme",
      lastname: `n°${who.employeeId}`,
      matricule: null,
      acronym: null,
      birthday: null,
      phone: null,
      email: `anonyme-${who.employeeId}@anonyme.invalid`,
      email_personal: null,
      comments: null,
      anonymised: true,
      fired_at: "2020-01-31",
    });
    // Free texts gone, figures kept.
    expect(await db.sql(`select comment, number_days_work::text as days, state from leave where employee_id = ?`, [who.employeeId])).toEqual([
      { comment: null, days: "1.0", state: "accepted" },
    ]);
    expect(await db.sql(`select message, date::text as date from time_clock where employee_id = ?`, [who.employeeId])).toEqual([
      { message: null, date: "2019-03-04" },
    ]);
    expect(
      await db.sql(`select count(*)::int as n from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?`, [who.employeeId])
    ).toEqual([{ n: 2 }]);
    expect(await db.sql(`select worked_seconds from overtime_week where employee_id = ?`, [who.employeeId])).toEqual([{ worked_seconds: 28800 }]);
    const [line] = await db.sql<{ line: Record<string, unknown> }>(`select line from payroll_month_line where employee_id = ?`, [who.employeeId]);
    expect(line!.line).toEqual({ employeeId: who.employeeId, matricule: null, employeeName: `Anonyme N°${who.employeeId}`, leaveDays: [1] });
    expect(await db.sql(`select closed_by_name from payroll_month where closed_by_id = ?`, [who.employeeId])).toEqual([
      { closed_by_name: `Anonyme N°${who.employeeId}` },
    ]);
    // The account is closed: login replaced, no password, no session.
    expect(await db.sql(`select email, password_hash from app_user where id = ?`, [who.userId])).toEqual([
      { email: `anonyme-${who.employeeId}@anonyme.invalid`, password_hash: null },
    ]);
    expect(await db.sql(`select count(*)::int as n from session where user_id = ?`, [who.userId])).toEqual([{ n: 0 }]);
    // Logged, without personal data.
    const log = await db.sql<{ actor_id: number; action: string; details: Record<string, unknown> }>(
      `select actor_id, action, details from audit_log where employee_id = ?`,
      [who.employeeId]
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor_id: head.employeeId,
      action: "anonymise",
      details: { leaveComments: 1, clockMessages: 1, payrollLines: 1, account: true },
    });
    expect(JSON.stringify(log[0]!.details)).not.toContain("Zoé");

    // A second time is refused (409), the page says it is done.
    const again = await client.post(`/employees/${who.employeeId}/anonymise`, {});
    expect(again.status).toBe(409);
    expect(again.text).toContain(t("anonymise.error.already_anonymised"));
  });

  it.each([
    ["an employee still in post", null, "anonymise.error.not_archived"],
    ["a departure four years ago (retention of five years not over)", "2023-06-30", "anonymise.error.too_early"],
  ] as const)("%s: the dry run says why, the POST answers 409 and changes nothing", async (_name, firedAt, key) => {
    const who = await leaver(firedAt);
    const client = await hr();
    const dry = await client.get(`/employees/${who.employeeId}/anonymise`);
    expect(dry.status).toBe(200);
    const message = key === "anonymise.error.too_early" ? t(key, { date: "30/06/2028" }) : t(key);
    expect(dry.text).toContain(message.replaceAll("'", "&#x27;"));
    expect(dry.text).not.toContain(t("anonymise.confirm"));
    const res = await client.post(`/employees/${who.employeeId}/anonymise`, {});
    expect(res.status).toBe(409);
    expect(await db.sql(`select firstname, anonymised_at from employee where id = ?`, [who.employeeId])).toEqual([
      { firstname: "Zoé", anonymised_at: null },
    ]);
    expect(await db.sql(`select count(*)::int as n from audit_log where employee_id = ?`, [who.employeeId])).toEqual([{ n: 0 }]);
  });

  it("an unknown employee is a 404", async () => {
    const client = await hr();
    expect((await client.get(`/employees/99999999/anonymise`)).status).toBe(404);
  });

  it("the audit log is append-only: an update or a delete is refused by the database", async () => {
    await expect(db.sql(`update audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.sql(`delete from audit_log`)).rejects.toThrow(/append-only/);
  });
});

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemo } from "~db/seeds/demo";
import { isSection, menuFor } from "~/domain/shell/menu";
import { useTestDatabase } from "~tests/support/db";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 12 item 4, issue 29 item 10: the documents are valid HTML. The main pages of every role (its menu, demo data,
 * one session per role) and the pages behind them that hold forms are fetched over HTTP, written as files, and
 * checked by the W3C Nu HTML checker in one JVM start; any error fails.
 */
const db = useTestDatabase();
const server = useTestServer();
const VNU = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");

let dir: string;
beforeAll(async () => {
  await seedDemo(db.em(), { today: DateTime.now().setZone("Europe/Paris").toISODate()! });
  dir = mkdtempSync(path.join(tmpdir(), "cadran-vnu-"));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function firstId(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.sql<{ id: number }>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return Number(row.id);
}

describe("documents are valid HTML (Nu checker)", () => {
  it("has no error on the main pages of every role and their forms", async () => {
    const pages = new Map<string, string>();
    const keep = (name: string, res: { status: number; text: string }) => {
      expect(res.status, name).toBeLessThan(500);
      pages.set(name, res.text);
    };

    const anonymous = htmlClient(() => server.baseUrl);
    keep("login", await anonymous.get("/login"));
    keep("login-errors", await anonymous.post("/login", { identifier: "", password: "" }));
    keep("password-reset", await anonymous.get("/password/reset"));

    const employeeId = await firstId(
      "select e.id from employee e join app_user u on u.employee_id = e.id where u.email = 'employe@cadran.test'",
    );
    const leaveId = await firstId("select id from leave where employee_id = ? order by id limit 1", [employeeId]);
    const teamRow = await db.sql<{ s: number; d: number; t: number }>(
      "select subsidiary_id as s, division_id as d, team_id as t from employee where id = ?",
      [employeeId],
    );
    const { s, d, t } = teamRow[0]!;
    const pendingId = await firstId("select id from leave where employee_id = ? and state = 'pending' order by id limit 1", [employeeId]);
    const countryId = await firstId("select id from country order by id limit 1");
    const teamId = await firstId("select id from team order by id limit 1");
    const otherSubsidiaryId = await firstId("select id from subsidiary where id <> ? order by id limit 1", [s]);

    const divisionId = await firstId("select id from division order by id limit 1");

    // Issue 29 item 10: the main pages of every role are its menu (menuFor), visited by each demo account, plus the
    // pages behind them that hold forms (an item's edit page, a search with results, an ended day's edit request).
    const accounts = await db.sql<{ email: string; profile_type: string; time_registration: boolean }>(
      `select u.email, e.profile_type, e.time_registration from app_user u join employee e on e.id = u.employee_id
        where u.email in ('direction@cadran.test', 'daf@cadran.test', 'chef.division@cadran.test', 'chef.equipe@cadran.test',
                          'employe@cadran.test', 'accueil@cadran.test', 'commercial@cadran.test')`,
    );
    expect(accounts).toHaveLength(7);
    const menuPaths = (a: (typeof accounts)[number]) =>
      menuFor({ profileType: a.profile_type, timeRegistration: a.time_registration }).flatMap((item) => (isSection(item) ? item.entries.map((e) => e.path) : [item.path]));
    const byRole: [string, string[]][] = accounts.map((a) => [a.email, menuPaths(a)]);

    const from = DateTime.now().setZone("Europe/Paris").minus({ days: 10 }).toISODate()!;
    const to = DateTime.now().setZone("Europe/Paris").toISODate()!;
    byRole.push(
      [
        "employe@cadran.test",
        ["/leave/me?tab=accepted", "/leave/me?tab=rejected", `/leave/detail/${leaveId}`, `/leave/${pendingId}/edit`, "/profile", "/nope", "/overtime/me?week=2", "/planning/me?filter=leaves", `/time-clock/badging?from=${from}&to=${to}`],
      ],
      ["chef.equipe@cadran.test", ["/leave/waiting?tab=pending", "/leave/waiting?tab=accepted", "/leave/waiting?tab=rejected", `/overtime/employee/${employeeId}?week=2`, `/planning/employee/${employeeId}`]],
      ["chef.equipe@cadran.test", [`/leave/waiting?tab=pending&month=all&confirm=validate-${pendingId}`, `/time-clock/team-badging?from=${from}&to=${to}`]],
      ["chef.division@cadran.test", [`/time-clock/division-badging?from=${from}&to=${to}`, "/report/overtime?from=2026-01-01&to=2026-06-30"]],
      ["daf@cadran.test", [`/?tab=${otherSubsidiaryId}`]],
      [
        "direction@cadran.test",
        [
          `/time-clock/agency-badging?from=${from}&to=${to}&subsidiary=${s}`,
          "/employees/new",
          `/employees/${employeeId}/edit`,
          `/employees/subsidiary/${s}`,
          `/employees/subsidiary/${s}/archive`,
          `/employees/subsidiary/${s}/division/${d}`,
          `/employees/subsidiary/${s}/division/${d}/team/${t}`,
          "/settings/countries/new",
          `/settings/countries/${countryId}/edit`,
          `/settings/countries/${countryId}/overtime`,
          "/settings/teams/new",
          `/settings/teams/${teamId}/edit`,
          "/settings/divisions/new",
          `/settings/divisions/${divisionId}/edit`,
          "/settings/subsidiaries/new",
          `/settings/subsidiaries/${s}/edit`,
          "/settings/terminals",
          `/overtime/employee/${employeeId}`,
          // Reports (issue 16): the filters, the tables, a moved period.
          "/report/leave?from=2026-01-01&to=2026-06-30",
          `/report/overtime?subsidiary=${s}&division=${d}&from=2026-01-01&to=2026-06-30`,
          `/report/recup?subsidiary=${s}&from=2026-01-01&to=2026-06-30`,
          `/report/cost?subsidiary=${s}&from=2026-01-01&to=2026-06-30`,
          "/report/overtime?from=2026-01-01&to=2026-12-31",
        ],
      ],
    );
    for (const [email, paths] of byRole) {
      const client = htmlClient(() => server.baseUrl);
      await client.login(email, DEMO_PASSWORD);
      for (const p of paths) keep(`${email.split("@")[0]} ${p}`, await client.get(p));
    }
    const employee = htmlClient(() => server.baseUrl);
    await employee.login("employe@cadran.test", DEMO_PASSWORD);
    keep("leave-ask-errors", await employee.post("/leave/ask", { reason: "PAID_LEAVE", start: "", end: "" }));
    keep("planning-add-errors", await employee.post("/planning/me", { intent: "add", date: "", type: "moved" }));
    keep("profile-feed", await employee.post("/profile", { intent: "feed-enable", scope: "own" }));
    // The shop-floor terminal (issue 46): the link shown once, the enrolment page, the keypad, its error, the buttons.
    keep("profile-code-errors", await employee.post("/profile", { intent: "terminal-code", code: "12", confirm: "" }));
    await employee.post("/profile", { intent: "terminal-code", code: "4815", confirm: "4815" });
    const management = htmlClient(() => server.baseUrl);
    await management.login("direction@cadran.test", DEMO_PASSWORD);
    const registered = await management.post("/settings/terminals", { intent: "register", name: "Borne", place: "Entrée", subsidiary: String(await firstId("select id from subsidiary order by id")) });
    keep("settings-terminals-link", registered);
    const enrolPath = new URL(/data-testid="enrol-url">([^<]+)</.exec(registered.text)![1]!).pathname;
    const device = htmlClient(() => server.baseUrl);
    keep("terminal-not-paired", await device.get("/terminal"));
    keep("terminal-enrol", await device.get(enrolPath));
    await device.post(enrolPath, {});
    keep("terminal-keypad", await device.get("/terminal"));
    keep("terminal-keypad-error", await device.post("/terminal?index", { intent: "code", matricule: "1", code: "0000" }));
    // A digit button pressed without JavaScript: the keypad again with its values and the code's field chosen.
    const keyed = await device.post("/terminal?index", { intent: "code", matricule: "1005", code: "48", target: "code", key: "1" });
    expect(keyed.text).toContain('name="target" value="code"');
    keep("terminal-keypad-keys", keyed);
    const [{ matricule }] = await db.sql<{ matricule: number }>("select matricule from employee where id = ?", [employeeId]);
    const buttons = await device.post("/terminal?index", { intent: "code", matricule: String(matricule), code: "4815" });
    expect(buttons.text).toContain('data-testid="person-step"');
    keep("terminal-buttons", buttons);
    // The badge (decision 0137): the printable badge (its inline SVG QR) shown once, the badge page, a wrong badge;
    // a clock action at the terminal, then its last clockings in Settings.
    const printable = await management.post(`/employees/${employeeId}/badge`, { intent: "issue-badge" });
    expect(printable.text).toContain('data-testid="printable-badge"');
    keep("employee-badge-printable", printable);
    keep("employee-badge-page", await management.get(`/employees/${employeeId}/badge`));
    keep("terminal-badge-wrong", await device.post("/terminal?index", { intent: "badge", badge: "CADRAN-1-00" }));
    const token = /name="person" value="([^"]+)"/.exec(buttons.text)?.[1] ?? "";
    await device.post("/terminal?index", { intent: "start", person: token });
    const [{ id: terminalId }] = await db.sql<{ id: number }>("select id from terminal where name = 'Borne' order by id desc limit 1");
    const clockings = await management.get(`/settings/terminals/${terminalId}`);
    expect(clockings.text).toContain('data-testid="clocking"');
    keep("settings-terminal-clockings", clockings);
    // An ended day: the badging page then offers the edit request (a comment, rows of time and type).
    await db.sql("delete from time_clock where employee_id = ? and date = ?", [employeeId, to]);
    for (const intent of ["start", "end"]) await employee.post("/time-clock/badging", { intent });
    keep("employe ended day", await employee.get("/time-clock/badging"));
    // The forms answered with their French errors (400, filled back).
    keep("edit-request-errors", await employee.post("/time-clock/badging", { intent: "suggest", date: to, message: "", "entries[0].time": "", "entries[0].type": "" }));
    keep("leave-edit-errors", await employee.post(`/leave/${pendingId}/edit`, { reason: "PAID_LEAVE", start: "", end: "" }));
    const leader = htmlClient(() => server.baseUrl);
    await leader.login("chef.equipe@cadran.test", DEMO_PASSWORD);
    keep(
      "team-suggest-errors",
      await leader.post(`/time-clock/team-badging?from=${from}&to=${to}`, { intent: "suggest", employeeId: String(employeeId), date: from, message: "", time_0: "08:00", type_0: "" }),
    );
    const director = htmlClient(() => server.baseUrl);
    await director.login("direction@cadran.test", DEMO_PASSWORD);
    for (const page of ["/employees/new", "/settings/countries/new", "/settings/subsidiaries/new", "/settings/divisions/new", "/settings/teams/new"]) {
      keep(`${page} errors`, await director.post(page, { intent: "save" }));
    }
    keep("password-change-unknown", await anonymous.get("/password/change/unknown-token"));

    const files: string[] = [];
    for (const [name, html] of pages) {
      const file = path.join(dir, `${files.length.toString().padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      files.push(file);
    }
    const errors = await nuErrors(files);
    expect(errors, errors.join("\n")).toEqual([]);
  }, 180_000);
});

/** Runs the checker once on every file; its errors as "file:line message". */
async function nuErrors(files: string[]): Promise<string[]> {
  let out = "";
  try {
    const result = await promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--format", "json", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    out = result.stderr || result.stdout;
  } catch (error) {
    // vnu exits with 1 when it finds errors; its report is on stderr.
    out = (error as { stderr?: string }).stderr ?? "";
  }
  const report = JSON.parse(out || '{"messages":[]}') as {
    messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[];
  };
  return report.messages
    .filter((m) => m.type === "error")
    .map((m) => `${path.basename(m.url ?? "")}:${m.lastLine ?? "?"} ${m.message} [${(m.extract ?? "").slice(0, 120)}]`);
}

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemo } from "~db/seeds/demo";
import { useTestDatabase } from "~tests/support/db";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 12 item 4: the documents are valid HTML. The pages the browser journeys visit (demo data, one session per
 * role) are fetched over HTTP, written as files, and checked by the W3C Nu HTML checker in one JVM start.
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
  it("has no error on the pages of the journeys, per role", async () => {
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

    const byRole: [string, string[]][] = [
      [
        "employe@cadran.test",
        ["/", "/leave/ask", "/leave/me", "/leave/me?tab=accepted", `/leave/detail/${leaveId}`, "/profile", "/time-clock/badging", "/nope", "/overtime/me?week=2"],
      ],
      ["chef.equipe@cadran.test", ["/", "/leave/waiting", "/leave/waiting?tab=pending", "/time-clock/team-badging", "/overtime/team"]],
      ["chef.equipe@cadran.test", [`/overtime/employee/${employeeId}?week=2`]],
      ["employe@cadran.test", ["/planning/me", "/planning/me?filter=leaves"]],
      ["chef.equipe@cadran.test", ["/planning/team", `/planning/employee/${employeeId}`]],
      ["chef.division@cadran.test", ["/planning/division"]],
      ["direction@cadran.test", ["/planning/agency"]],
      ["chef.equipe@cadran.test", [`/leave/waiting?tab=pending&month=all&confirm=validate-${pendingId}`]],
      ["chef.division@cadran.test", ["/", "/leave/waiting?tab=pending", "/time-clock/division-badging", "/overtime/division"]],
      ["commercial@cadran.test", ["/"]],
      ["accueil@cadran.test", ["/"]],
      ["daf@cadran.test", [`/?tab=${otherSubsidiaryId}`]],
      [
        "direction@cadran.test",
        [
          "/",
          "/leave/waiting?tab=pending",
          "/employees",
          "/employees/new",
          `/employees/${employeeId}/edit`,
          `/employees/subsidiary/${s}`,
          `/employees/subsidiary/${s}/archive`,
          `/employees/subsidiary/${s}/division/${d}`,
          `/employees/subsidiary/${s}/division/${d}/team/${t}`,
          "/settings",
          "/settings/countries/new",
          `/settings/countries/${countryId}/edit`,
          "/settings/teams/new",
          `/settings/teams/${teamId}/edit`,
          "/settings/subsidiaries/new",
          `/settings/subsidiaries/${s}/edit`,
          "/time-clock/edit-badging",
          "/overtime/subsidiary",
          `/overtime/employee/${employeeId}`,
        ],
      ],
      // Reports (issue 16): the filters, the tables, a refused period, the payroll page.
      [
        "direction@cadran.test",
        [
          "/report/leave?from=2026-01-01&to=2026-06-30",
          `/report/overtime?subsidiary=${s}&division=${d}&from=2026-01-01&to=2026-06-30`,
          `/report/recup?subsidiary=${s}&from=2026-01-01&to=2026-06-30`,
          `/report/cost?subsidiary=${s}&from=2026-01-01&to=2026-06-30`,
          "/report/overtime?from=2026-01-01&to=2026-12-31",
          "/report/payroll",
        ],
      ],
      ["chef.division@cadran.test", ["/report/overtime?from=2026-01-01&to=2026-06-30"]],
    ];
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

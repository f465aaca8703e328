import { beforeAll, describe, expect, it } from "vitest";
import { API_RULES, PAGE_RULES, rightsAllow, ruleAllows, type ProfileType } from "~/domain/identity/access";
import { t } from "~/i18n/fr";
import { commitSession, sessionStorage } from "~/server/identity/session.server";
import { useTestDatabase } from "~tests/support/db";
import { ALL_ROLES, createEmployee, createOrg, createRoleAccounts, type TestEmployee } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * The rights table over real HTTP: every page and every /api call of app/domain/identity/access.ts, for every profileType
 * and for an anonymous visitor. Screens built by later issues may answer 404 (the catch-all guards them first).
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const base = () => server.baseUrl;

/** ":param" -> a number (dates for :start/:end), a trailing "/*" -> the base path. */
function samplePath(pattern: string): string {
  const path = pattern
    .replace(/\/\*$/, "")
    .replace(/:start\b/, "20260105")
    .replace(/:end\b/, "20260109")
    .replace(/:[A-Za-z]+/g, "999999");
  return path || "/";
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      while (queue.length > 0) await run(queue.shift()!);
    }),
  );
}

let accounts: Record<ProfileType, TestEmployee>;
const clients = {} as Record<ProfileType, ReturnType<typeof htmlClient>>;
const tokens = {} as Record<ProfileType, string>;

beforeAll(async () => {
  const org = await createOrg(db.em());
  accounts = (await createRoleAccounts(db.em(), org)) as Record<ProfileType, TestEmployee>;
  await Promise.all(
    ALL_ROLES.map(async (role) => {
      clients[role] = htmlClient(base);
      await clients[role].login(accounts[role].email);
      tokens[role] = await api.login(accounts[role].email);
    }),
  );
});

async function signedInClient(userId: number) {
  const session = await sessionStorage().getSession();
  session.set("userId", userId);
  const [pair] = (await commitSession(session)).split(";");
  const client = htmlClient(base);
  const eq = pair!.indexOf("=");
  client.jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  return client;
}

const pages = PAGE_RULES.map((rule) => ({ rule, path: samplePath(rule.path) }));

describe("pages: every rule × every role", () => {
  it("lets each role open what the table allows (never a redirect to /login)", async () => {
    const failures: string[] = [];
    const tasks = ALL_ROLES.flatMap((role) =>
      pages.filter(({ rule }) => rightsAllow(rule.rights, role)).map(({ rule, path }) => ({ role, rule, path })),
    );
    await pool(tasks, 6, async ({ role, path }) => {
      const res = await clients[role].get(path);
      const toLogin = res.status >= 300 && res.status < 400 && (res.location ?? "").startsWith("/login");
      if (toLogin || res.status >= 500 || res.status === 403) failures.push(`${role} ${path}: ${res.status} ${res.location ?? ""}`);
    });
    expect(failures).toEqual([]);
    // Still signed in after all that: nobody was logged out by an allowed page.
    for (const role of ALL_ROLES) expect((await clients[role].get("/")).status, role).toBe(200);
    // A sweep of the whole table (it grows with every screen): bounded by its size, not by the default 30 s, which a
    // loaded machine passed (docs/decisions/0115).
  }, 120_000);

  it("serves the overtime screens (200) to each of their roles, an employee's page for one in scope", async () => {
    const failures: string[] = [];
    const employeePage = `/overtime/employee/${accounts.ROLE_EMPLOYEE.employeeId}`;
    const overtime = PAGE_RULES.filter((r) => r.path.startsWith("/overtime/"));
    expect(overtime).toHaveLength(5);
    for (const rule of overtime) {
      const path = rule.path === "/overtime/employee/:id" ? employeePage : rule.path;
      for (const role of ALL_ROLES.filter((r) => rightsAllow(rule.rights, r))) {
        const res = await clients[role].get(path);
        if (res.status !== 200) failures.push(`${role} ${path}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves the onboarding screens (issue 33) with 200 to head and financial management, whom alone the table allows", async () => {
    const failures: string[] = [];
    const built = PAGE_RULES.filter((rule) => ["ComputedHolidays", "EmployeeImport", "EmployeeImportTemplate", "EmployeeExport"].includes(rule.name));
    expect(built).toHaveLength(4);
    for (const rule of built) {
      expect(ALL_ROLES.filter((role) => rightsAllow(rule.rights, role)).sort()).toEqual(["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"]);
      for (const role of ALL_ROLES.filter((r) => rightsAllow(rule.rights, r))) {
        const res = await clients[role].get(rule.path);
        if (res.status !== 200) failures.push(`${role} ${rule.path}: ${res.status} ${res.location ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves the built planning screens with 200 to every role the table allows (issue 15)", async () => {
    const failures: string[] = [];
    const built = PAGE_RULES.filter((rule) => rule.path.startsWith("/planning/"));
    expect(built.map((rule) => rule.name).sort()).toEqual(["PlanningAgency", "PlanningDivision", "PlanningEmployee", "PlanningMe", "PlanningTeam"]);
    for (const role of ALL_ROLES) {
      for (const rule of built.filter((r) => rightsAllow(r.rights, role))) {
        // An employee of the same team, division and subsidiary: in every allowed role's planning scope.
        const path = rule.path.replace(":id", String(accounts.ROLE_EMPLOYEE.employeeId));
        const res = await clients[role].get(path);
        if (res.status !== 200) failures.push(`${role} ${path}: ${res.status} ${res.location ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves the report pages (issue 16) with 200 to their roles", async () => {
    const failures: string[] = [];
    for (const { rule, path } of pages.filter(({ rule }) => rule.path.startsWith("/report/"))) {
      for (const role of ALL_ROLES.filter((r) => rightsAllow(rule.rights, r))) {
        const res = await clients[role].get(path);
        if (res.status !== 200) failures.push(`${role} ${path}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves Mes données (a ZIP, 200) to every role and the anonymisation dry run (200) to HR (issue 32 §4)", async () => {
    const failures: string[] = [];
    const rules = PAGE_RULES.filter((r) => r.name === "MyData" || r.name === "EmployeeAnonymise");
    expect(rules.map((r) => r.name).sort()).toEqual(["EmployeeAnonymise", "MyData"]);
    for (const rule of rules) {
      const path = rule.path.replace(":id", String(accounts.ROLE_EMPLOYEE.employeeId));
      for (const role of ALL_ROLES.filter((r) => rightsAllow(rule.rights, r))) {
        const res = await clients[role].get(path);
        const type = res.headers.get("content-type") ?? "";
        if (res.status !== 200 || (rule.name === "MyData" && type !== "application/zip")) failures.push(`${role} ${path}: ${res.status} ${type}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves the change history's tab (200) and its Excel export to HR alone (issue 32 §3, decision 0107)", async () => {
    const failures: string[] = [];
    const rules = PAGE_RULES.filter((r) => r.name === "EmployeeHistory" || r.name === "EmployeeHistoryExport");
    expect(rules.map((r) => r.name).sort()).toEqual(["EmployeeHistory", "EmployeeHistoryExport"]);
    for (const rule of rules) {
      expect(ALL_ROLES.filter((role) => rightsAllow(rule.rights, role)).sort()).toEqual(["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"]);
      const path = `${rule.path.replace(":id", String(accounts.ROLE_EMPLOYEE.employeeId))}?kind=sheet&from=01/01/2026`;
      for (const role of ALL_ROLES) {
        if (rightsAllow(rule.rights, role)) {
          const res = await clients[role].get(path);
          const type = res.headers.get("content-type") ?? "";
          const xlsx = type.startsWith("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
          if (res.status !== 200 || (rule.name === "EmployeeHistoryExport") !== xlsx) failures.push(`${role} ${path}: ${res.status} ${type}`);
        } else {
          // Refused by the table: the session ends and the visitor lands on /login (as every refused page).
          const client = await signedInClient(accounts[role].userId);
          const res = await client.get(path);
          if (res.status !== 302 || res.location !== "/login") failures.push(`${role} ${path}: ${res.status} ${res.location ?? ""}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves a terminal's last clockings and an employee's badge page (200) to HR alone (issue 46, decision 0137)", async () => {
    const failures: string[] = [];
    const rules = PAGE_RULES.filter((r) => r.name === "SettingsTerminalClockings" || r.name === "EmployeeBadge");
    expect(rules.map((r) => r.name).sort()).toEqual(["EmployeeBadge", "SettingsTerminalClockings"]);
    const [terminal] = await db.sql<{ id: number }>(
      `insert into terminal (subsidiary_id, name, place, created_at) select subsidiary_id, 'Borne des droits', '', now() from employee where id = ? returning id`,
      [accounts.ROLE_EMPLOYEE.employeeId],
    );
    for (const rule of rules) {
      expect(ALL_ROLES.filter((role) => rightsAllow(rule.rights, role)).sort()).toEqual(["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"]);
      const path = rule.path.replace(":id", String(rule.name === "EmployeeBadge" ? accounts.ROLE_EMPLOYEE.employeeId : terminal!.id));
      for (const role of ALL_ROLES.filter((r) => rightsAllow(rule.rights, r))) {
        const res = await clients[role].get(path);
        if (res.status !== 200) failures.push(`${role} ${path}: ${res.status} ${res.location ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("logs out a role without the right and sends it to exactly /login", async () => {
    const failures: string[] = [];
    const tasks = ALL_ROLES.flatMap((role) =>
      pages.filter(({ rule }) => !rightsAllow(rule.rights, role)).map(({ rule, path }) => ({ role, rule, path })),
    );
    expect(tasks.length).toBeGreaterThan(50);
    await pool(tasks, 4, async ({ role, path }) => {
      // A fresh session per refusal (the refusal ends it), made by the app's own session storage, as at login:
      // ~170 argon2 verifications would make this test slow without testing anything more.
      const client = await signedInClient(accounts[role].userId);
      const res = await client.get(path);
      if (res.status !== 302 || res.location !== "/login") failures.push(`${role} ${path}: ${res.status} ${res.location}`);
      const after = await client.get("/");
      if (after.status !== 302 || after.location !== "/login?redirect=%2F") failures.push(`${role} ${path}: still signed in`);
    });
    expect(failures).toEqual([]);
  });

  it("serves public pages to anonymous visitors", async () => {
    const anonymous = htmlClient(base);
    for (const { rule, path } of pages.filter(({ rule }) => rule.rights === "public")) {
      const res = await anonymous.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.location ?? "", rule.name).not.toMatch(/^\/login\?/);
    }
    expect((await anonymous.get("/login")).status).toBe(200);
    expect((await anonymous.get("/password/reset")).status).toBe(200);
  });

  it("sends an anonymous visitor of any other page to /login with the full path (query included)", async () => {
    const anonymous = htmlClient(base);
    const failures: string[] = [];
    await pool(
      pages.filter(({ rule }) => rule.rights !== "public"),
      6,
      async ({ path }) => {
        const full = `${path}?year=2026&tab=pending`;
        const res = await anonymous.get(full);
        const expected = `/login?redirect=${encodeURIComponent(full)}`;
        if (res.status !== 302 || res.location !== expected) failures.push(`${full}: ${res.status} ${res.location}`);
      },
    );
    expect(failures).toEqual([]);
  });

  it("kills the session row in PostgreSQL when a signed-in user without the right is logged out", async () => {
    const client = htmlClient(base);
    const { userId, email } = accounts.ROLE_EMPLOYEE;
    await db.sql("delete from session where user_id = ?", [userId]);
    await client.login(email);
    expect(await db.sql("select id from session where user_id = ?", [userId])).toHaveLength(1);
    const res = await client.get("/settings");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect(await db.sql("select id from session where user_id = ?", [userId])).toHaveLength(0);
    // The login page then says why, once.
    const login = await client.get("/login");
    expect(login.text).toContain(t("error.forbidden").replace("'", "&#x27;"));
    expect((await client.get("/login")).text).not.toContain(t("error.forbidden").replace("'", "&#x27;"));
  });
});

const calls = API_RULES.map((rule) => ({
  rule,
  method: rule.method === "*" ? "GET" : rule.method,
  path: samplePath(rule.path),
}));

function sendOnce(method: string, path: string, token?: string) {
  return method === "GET" || method === "DELETE"
    ? api.call(method, path, { token })
    : api.call(method, path, { token, body: {} });
}

/**
 * A "*" rule is tried with GET; a route that does not serve GET answers 405 with an Allow header, and the call is
 * then made with the first method it serves, so the rights check is still what is observed.
 */
async function send(method: string, path: string, token?: string) {
  const res = await sendOnce(method, path, token);
  const allow = res.headers.get("allow");
  if (res.status === 405 && allow) return sendOnce(allow.split(",")[0]!.trim(), path, token);
  return res;
}

describe("/api: every rule × every role", () => {
  it("answers 403 with a French message to a role without the right, and never 401/403 to one with it", async () => {
    const failures: string[] = [];
    const tasks = ALL_ROLES.flatMap((role) => calls.map((call) => ({ role, ...call })));
    await pool(tasks, 8, async ({ role, rule, method, path }) => {
      const res = await send(method, path, tokens[role]);
      if (rightsAllow(rule.rights, role)) {
        if (res.status === 401 || res.status === 403 || res.status >= 500) failures.push(`${role} ${method} ${path}: ${res.status}`);
      } else if (res.status !== 403 || res.body?.message !== t("error.forbidden")) {
        failures.push(`${role} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers 401 without a token to every call that is not public", async () => {
    const failures: string[] = [];
    await pool(
      calls.filter(({ rule }) => rule.rights !== "public"),
      8,
      async ({ method, path }) => {
        const res = await send(method, path);
        if (res.status !== 401 || res.body?.message !== t("error.unauthenticated")) failures.push(`${method} ${path}: ${res.status}`);
      },
    );
    expect(failures).toEqual([]);
  });

  it("does not take the session cookie for a token", async () => {
    const client = htmlClient(base);
    await client.login(accounts.ROLE_HEAD_MANAGEMENT.email);
    const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${base()}/api/users/${accounts.ROLE_HEAD_MANAGEMENT.userId}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Deputies (issue 32 §2, decision 0105): the rules with a deputyOf column, for a deputy of each profile of manager.

describe("deputies: the deputyOf rules × every role standing in for each manager", () => {
  const MANAGERS: ProfileType[] = ["ROLE_TEAM_LEADER", "ROLE_DEPARTMENT_HEAD", "ROLE_HEAD_MANAGEMENT", "ROLE_FINANCIAL_MANAGEMENT"];
  const DEPUTIES: ProfileType[] = ["ROLE_EMPLOYEE", "ROLE_HOST_EMPLOYEE", "ROLE_COMMERCIAL", "ROLE_TEAM_LEADER", "ROLE_USER"];
  const pairs = MANAGERS.flatMap((manager) => DEPUTIES.map((deputy) => ({ manager, deputy })));
  const standIns = new Map<string, TestEmployee>();
  const key = (p: { manager: string; deputy: string }) => `${p.deputy} for ${p.manager}`;

  beforeAll(async () => {
    const org = await createOrg(db.em(), " Suppléants");
    for (const [i, pair] of pairs.entries()) {
      const manager = await createEmployee(db.em(), org, { email: `manager.${i}.rights@cadran.test`, profileType: pair.manager });
      const deputy = await createEmployee(db.em(), org, { email: `deputy.${i}.rights@cadran.test`, profileType: pair.deputy });
      // A period around today (Paris days, as the profile names them), and one already over that grants nothing.
      await db.sql(
        `insert into deputy (manager_id, deputy_id, starts_on, ends_on) values
           (?, ?, (now() at time zone 'Europe/Paris')::date - 1, (now() at time zone 'Europe/Paris')::date + 1)`,
        [manager.employeeId, deputy.employeeId],
      );
      standIns.set(key(pair), deputy);
    }
  });

  const deputyRules = PAGE_RULES.filter((r) => r.deputyOf);
  const deputyCalls = calls.filter(({ rule }) => rule.deputyOf);

  it("lists the rules a deputy may be granted: the waiting leaves and the corrections, nothing else", () => {
    expect(deputyRules.map((r) => r.name).sort()).toEqual(["EditBadging", "WaitingLeaves"]);
    expect(deputyCalls.map(({ rule }) => `${rule.method} ${rule.path}`).sort()).toEqual([
      "GET /api/leaves/waiting",
      "GET /api/timeclock/suggested",
      "PATCH /api/leaves/:id/refuse",
      "PATCH /api/leaves/:id/valid",
      "PATCH /api/timeclock/suggest/:id/valid",
    ]);
  });

  it("opens each such page to the deputy of a manager who holds it (200), and logs the others out (to /login)", async () => {
    const failures: string[] = [];
    for (const pair of pairs) {
      const deputy = standIns.get(key(pair))!;
      const client = await signedInClient(deputy.userId);
      for (const rule of deputyRules) {
        const allowed = ruleAllows(rule, { profileType: pair.deputy, deputyFor: [pair.manager] });
        expect(allowed, `${key(pair)} ${rule.path}`).toBe(rightsAllow(rule.rights, pair.deputy) || rule.deputyOf!.includes(pair.manager));
        const res = await client.get(rule.path);
        if (allowed ? res.status !== 200 : res.status !== 302 || res.location !== "/login") failures.push(`${key(pair)} ${rule.path}: ${res.status}`);
        if (!allowed) await client.login(deputy.email);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers the deputy's /api calls as the table says: never 403 when granted, 403 in French otherwise", async () => {
    const failures: string[] = [];
    for (const pair of pairs) {
      const deputy = standIns.get(key(pair))!;
      const token = await api.login(deputy.email);
      for (const { rule, method, path } of deputyCalls) {
        const res = await send(method, path, token);
        if (ruleAllows(rule, { profileType: pair.deputy, deputyFor: [pair.manager] })) {
          if (res.status === 401 || res.status === 403 || res.status >= 500) failures.push(`${key(pair)} ${method} ${path}: ${res.status}`);
        } else if (res.status !== 403 || res.body?.message !== t("error.forbidden")) {
          failures.push(`${key(pair)} ${method} ${path}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("grants nothing once the period is over", async () => {
    const pair = { manager: "ROLE_TEAM_LEADER", deputy: "ROLE_EMPLOYEE" };
    const deputy = standIns.get(key(pair))!;
    await db.sql(
      `update deputy set starts_on = (now() at time zone 'Europe/Paris')::date - 5, ends_on = (now() at time zone 'Europe/Paris')::date - 1
        where deputy_id = ?`,
      [deputy.employeeId],
    );
    const token = await api.login(deputy.email);
    expect((await api.get("/api/leaves/waiting", token)).status).toBe(403);
    const client = await signedInClient(deputy.userId);
    expect((await client.get("/leave/waiting")).location).toBe("/login");
  });
});

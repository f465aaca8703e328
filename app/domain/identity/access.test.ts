import { describe, expect, it } from "vitest";
import {
  API_RULES,
  PAGE_RULES,
  PROFILE_TYPES,
  apiRuleFor,
  canCallApi,
  canOpenPage,
  isManagement,
  isProfileType,
  matchPath,
  pageRuleFor,
  rightsAllow,
  type ProfileType,
} from "./access";

const HM = "ROLE_HEAD_MANAGEMENT";
const FM = "ROLE_FINANCIAL_MANAGEMENT";
const DH = "ROLE_DEPARTMENT_HEAD";
const TL = "ROLE_TEAM_LEADER";
const EMP = "ROLE_EMPLOYEE";
const HOST = "ROLE_HOST_EMPLOYEE";
const COM = "ROLE_COMMERCIAL";
const USER = "ROLE_USER";

/** A concrete path for a rule pattern: ":param" -> a number, a trailing "/*" -> the base path. */
function samplePath(pattern: string): string {
  const path = pattern
    .replace(/\/\*$/, "")
    .replace(/:start\b/, "20260105")
    .replace(/:end\b/, "20260109")
    .replace(/:[A-Za-z]+/g, "7");
  return path || "/";
}

describe("matchPath", () => {
  it.each([
    ["/", "/", true],
    ["/", "/login", false],
    ["/login", "/login", true],
    ["/login", "/login/", true],
    ["/login", "/logins", false],
    ["/login", "/login/x", false],
    ["/leave/me", "/leave/me", true],
    ["/leave/me", "/leave", false],
    // ":param" matches exactly one segment
    ["/leave/:id/edit", "/leave/12/edit", true],
    ["/leave/:id/edit", "/leave/abc/edit", true],
    ["/leave/:id/edit", "/leave/12", false],
    ["/leave/:id/edit", "/leave//edit", false],
    ["/leave/:id/edit", "/leave/12/edit/more", false],
    ["/password/change/:token", "/password/change/Zx-1_a", true],
    ["/password/change/:token", "/password/change", false],
    ["/password/change/:token", "/password/change/", false],
    ["/api/timeclock/employee/:id/:start/:end", "/api/timeclock/employee/3/20260105/20260109", true],
    ["/api/timeclock/employee/:id/:start/:end", "/api/timeclock/employee/3/20260105", false],
    // a trailing "/*" matches the base path and any rest
    ["/settings/*", "/settings", true],
    ["/settings/*", "/settings/", true],
    ["/settings/*", "/settings/countries/new", true],
    ["/settings/*", "/settings/countries/4/edit", true],
    ["/settings/*", "/settingsx", false],
    ["/settings/*", "/setting", false],
    ["/settings/*", "/", false],
    ["/employees/*", "/employees/subsidiary/1/division/2/team/3", true],
    ["/api/leaves/*", "/api/leaves/5/valid", true],
    ["/api/leaves/*", "/api/leave", false],
  ])("%s against %s -> %s", (pattern, path, expected) => {
    expect(matchPath(pattern, path)).toBe(expected);
  });
});

/**
 * Who may open each page, written from the spec (spec 1 §2/§6, spec 2 §2) independently of the table, so a
 * wrong entry in PAGE_RULES fails here. "public": no login; "anyone": any signed-in user incl. ROLE_USER.
 */
const PAGE_EXPECTED: Record<string, "public" | "anyone" | ProfileType[]> = {
  "/login": "public",
  "/login/oidc": "public",
  "/login/oidc/callback": "public",
  "/logout": "public",
  "/password/reset": "public",
  "/password/change/:token": "public",
  "/": "anyone",
  "/profile": "anyone",
  "/avatars/:id": "anyone",
  "/settings/holidays": [FM, HM],
  "/settings/terminals": [FM, HM],
  "/settings/terminals/:id": [FM, HM],
  "/settings/*": [FM, HM],
  "/employees/import": [FM, HM],
  "/employees/import/template": [FM, HM],
  "/employees/import/:id": [FM, HM],
  "/employees/export": [FM, HM],
  "/profile/data": "anyone",
  "/employees/:id/anonymise": [FM, HM],
  // The change history (issue 32 §3, decision 0107).
  "/employees/:id/history": [FM, HM],
  "/employees/:id/badge": [FM, HM],
  "/employees/:id/history/export": [FM, HM],
  "/employees/*": [FM, HM],
  "/time-clock/badging": "anyone",
  "/time-clock/team-badging": [TL],
  "/time-clock/division-badging": [DH],
  "/time-clock/agency-badging": [HM, DH, FM],
  "/time-clock/edit-badging": [HM, FM],
  "/terminal": "public",
  "/terminal/enrol/:token": "public",
  "/leave/detail/:id": "anyone",
  "/leave/:id/edit": "anyone",
  "/leave/me": "anyone",
  "/leave/ask": "anyone",
  "/leave/waiting": [FM, HM, TL, DH],
  "/overtime/me": [HM, DH, FM, TL, EMP, HOST],
  "/overtime/employee/:id": [HM, DH, TL, FM],
  "/overtime/team": [TL],
  "/overtime/division": [DH],
  "/overtime/subsidiary": [FM, HM],
  "/planning/me": "anyone",
  "/planning/employee/:id": [HM, DH, TL, FM, COM, HOST],
  "/planning/agency": [HM, FM, HOST],
  "/planning/division": [DH, COM],
  "/planning/team": [TL],
  "/calendar/:token": "public",
  "/report/cost": [HM, FM],
  "/report/recup": [HM, FM],
  "/report/overtime": [HM, DH, FM],
  "/report/leave": [HM, FM],
  "/export/cost": [HM, FM],
  "/export/recup": [HM, FM],
  "/export/overtime": [HM, DH, FM],
  "/export/leave": [HM, FM],
  "/report/payroll": [HM, FM],
  "/export/payroll": [HM, FM],
};

function expectedAllowed(expected: "public" | "anyone" | ProfileType[], role: ProfileType | null) {
  if (expected === "public") return true;
  if (role === null) return false;
  if (expected === "anyone") return true;
  return expected.includes(role);
}

describe("PAGE_RULES", () => {
  it("lists every screen of both spec documents, once", () => {
    expect(PAGE_RULES.map((r) => r.path).sort()).toEqual(Object.keys(PAGE_EXPECTED).sort());
    expect(new Set(PAGE_RULES.map((r) => r.name)).size).toBe(PAGE_RULES.length);
  });

  const cases = PAGE_RULES.flatMap((rule) =>
    [...PROFILE_TYPES, null].map((role) => [rule.name, samplePath(rule.path), role, rule.path] as const),
  );
  it.each(cases)("%s (%s) for %s", (_name, path, role, pattern) => {
    const expected = expectedAllowed(PAGE_EXPECTED[pattern]!, role);
    expect(canOpenPage(path, role)).toBe(expected);
    // the rule reached by the sample path is this one (no earlier pattern shadows it)
    expect(pageRuleFor(path)?.path).toBe(pattern);
  });

  it.each([
    ["/nowhere"],
    ["/settingsx"],
    ["/leave"],
    ["/leave/me/extra"],
    ["/time-clock"],
    ["/overtime/employee"],
    ["/api/login"],
  ])("an unknown page %s is refused to every role", (path) => {
    for (const role of [...PROFILE_TYPES, null]) expect(canOpenPage(path, role)).toBe(false);
  });

  it("refuses a profileType that is not one of ours, except public pages", () => {
    expect(canOpenPage("/", "ROLE_ADMIN")).toBe(true); // "anyone" = any signed-in user
    expect(canOpenPage("/settings", "ROLE_ADMIN")).toBe(false);
    expect(canOpenPage("/settings", "")).toBe(false);
    expect(canOpenPage("/login", undefined)).toBe(true);
  });
});

describe("rightsAllow", () => {
  it.each([
    ["public", null, true],
    ["public", USER, true],
    ["anyone", null, false],
    ["anyone", undefined, false],
    ["anyone", "", false],
    ["anyone", USER, true],
    ["anyone", EMP, true],
    [[FM, HM], FM, true],
    [[FM, HM], HM, true],
    [[FM, HM], EMP, false],
    [[FM, HM], USER, false],
    [[FM, HM], null, false],
    [[], HM, false],
  ] as const)("%j for %s -> %s", (rights, role, expected) => {
    expect(rightsAllow(rights as never, role)).toBe(expected);
  });
});

describe("API_RULES", () => {
  const ruleCases = API_RULES.flatMap((rule) =>
    [...PROFILE_TYPES, null].map((role) => [rule.method, rule.path, role, rule] as const),
  );
  it.each(ruleCases)("%s %s for %s follows its rights", (method, pattern, role, rule) => {
    const m = method === "*" ? "GET" : method;
    const path = samplePath(pattern);
    // The rule that answers the sample path says the same thing as this one (an earlier, broader pattern may
    // answer first only if it grants the same rights).
    expect(apiRuleFor(m, path)?.rights).toEqual(rule.rights);
    expect(canCallApi(m, path, role)).toBe(rightsAllow(rule.rights, role));
  });

  /** The spec's calls with their rights, written independently of the table. */
  it.each([
    ["POST", "/api/login", "public"],
    ["GET", "/api/docs.json", "public"],
    ["GET", "/api/docs", "public"],
    ["POST", "/api/password/reset", "public"],
    ["POST", "/api/password/change", "public"],
    ["GET", "/api/users/3", "anyone"],
    ["GET", "/api/profile", "anyone"],
    ["POST", "/api/profile", "anyone"],
    ["POST", "/api/avatars", "anyone"],
    ["DELETE", "/api/avatars", "anyone"],
    ["GET", "/api/employees/3", "anyone"], // one's own sheet; the service answers 404 for the others
    ["GET", "/api/employees", [FM, HM]],
    ["POST", "/api/employees", [FM, HM]],
    ["PUT", "/api/employees/3", [FM, HM]],
    ["DELETE", "/api/employees/3", [FM, HM]],
    ["GET", "/api/subsidiaries", [FM, HM]],
    ["GET", "/api/subsidiaries/1/divisions", [FM, HM]],
    ["GET", "/api/subsidiaries/1/divisions/2/teams", [FM, HM]],
    ["DELETE", "/api/countries/1", [FM, HM]],
    ["PUT", "/api/divisions/1", [FM, HM]],
    ["POST", "/api/teams", [FM, HM]],
    ["GET", "/api/timeclock/suggested", [HM, FM]],
    ["PATCH", "/api/timeclock/suggest/4/valid", [HM, FM]],
    ["DELETE", "/api/timeclock/suggest/4", "anyone"], // management any, its author their own (issue 28 item 8): the service decides
    ["POST", "/api/timeclock/suggest", "anyone"],
    ["GET", "/api/timeclock/agency/1", [HM, DH, FM]],
    ["GET", "/api/leaves/waiting", [FM, HM, TL, DH]],
    ["PATCH", "/api/leaves/4/valid", [FM, HM, TL, DH]],
    ["PATCH", "/api/leaves/4/refuse", [FM, HM, TL, DH]],
    ["PATCH", "/api/leaves/4/remove", [HM, FM]],
    ["POST", "/api/leaves", "anyone"],
    ["GET", "/api/leaves/me", "anyone"],
    ["GET", "/api/report/hourly-cost", [HM, FM]],
    ["GET", "/api/event_days/employee/3", "anyone"],
    ["POST", "/api/event_days", "anyone"],
    ["DELETE", "/api/event_days/4", "anyone"],
    ["GET", "/api/planning/employee/3/20260101/20260131", "anyone"],
    ["GET", "/api/dashboard/employees", "anyone"],
  ] as const)("%s %s is allowed to %j", (method, path, expected) => {
    for (const role of [...PROFILE_TYPES, null]) {
      expect(canCallApi(method, path, role), `${role}`).toBe(expectedAllowed(expected as never, role));
    }
  });

  it.each([
    ["GET", "/api/nothing"],
    ["GET", "/api/login"], // only POST is in the table
    ["DELETE", "/api/users/3"],
    ["GET", "/api/employeesx"],
  ])("an unknown call %s %s is refused to every role", (method, path) => {
    for (const role of [...PROFILE_TYPES, null]) expect(canCallApi(method, path, role)).toBe(false);
  });

  it("matches the method case-insensitively", () => {
    expect(canCallApi("post", "/api/leaves", EMP)).toBe(true);
    expect(apiRuleFor("patch", "/api/leaves/1/remove")?.rights).toEqual([HM, FM]);
  });
});

describe("profile types", () => {
  it.each([
    [HM, true],
    [USER, true],
    ["ROLE_ADMIN", false],
    ["", false],
    [null, false],
    [3, false],
  ])("isProfileType(%j) -> %s", (value, expected) => {
    expect(isProfileType(value)).toBe(expected);
  });

  it.each([
    [HM, true],
    [FM, true],
    [DH, false],
    [TL, false],
    [USER, false],
    [null, false],
  ])("isManagement(%s) -> %s", (role, expected) => {
    expect(isManagement(role)).toBe(expected);
  });
});

/**
 * The rights table: who may open what. One place, used by the page loaders, the /api routes and the menu.
 * Pages and /api calls are matched by path pattern (":param" matches one segment, a trailing "/*" any rest).
 * The spec's rights are compared with the logged employee's profileType.
 */

export const PROFILE_TYPES = [
  "ROLE_USER",
  "ROLE_DEPARTMENT_HEAD",
  "ROLE_HEAD_MANAGEMENT",
  "ROLE_FINANCIAL_MANAGEMENT",
  "ROLE_EMPLOYEE",
  "ROLE_TEAM_LEADER",
  "ROLE_HOST_EMPLOYEE",
  "ROLE_COMMERCIAL",
] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export function isProfileType(value: unknown): value is ProfileType {
  return typeof value === "string" && (PROFILE_TYPES as readonly string[]).includes(value);
}

const HM = "ROLE_HEAD_MANAGEMENT";
const FM = "ROLE_FINANCIAL_MANAGEMENT";
const DH = "ROLE_DEPARTMENT_HEAD";
const TL = "ROLE_TEAM_LEADER";
const EMP = "ROLE_EMPLOYEE";
const HOST = "ROLE_HOST_EMPLOYEE";
const COM = "ROLE_COMMERCIAL";

/** "anyone" = any signed-in user, whatever their profileType (ROLE_USER included). */
export type Rights = readonly ProfileType[] | "anyone" | "public";

export const MANAGEMENT: readonly ProfileType[] = [HM, FM];

export interface PageRule {
  name: string;
  path: string;
  rights: Rights;
  /** Also open to whoever stands in today for a manager of one of these profiles (deputies, decision 0105). */
  deputyOf?: readonly ProfileType[];
}

/** Every screen of both spec documents. Order matters only for overlapping patterns: the first match wins. */
export const PAGE_RULES: readonly PageRule[] = [
  // Security layout (no login)
  { name: "Login", path: "/login", rights: "public" },
  { name: "LoginSso", path: "/login/oidc", rights: "public" },
  { name: "LoginSsoCallback", path: "/login/oidc/callback", rights: "public" },
  { name: "Logout", path: "/logout", rights: "public" },
  { name: "PasswordReset", path: "/password/reset", rights: "public" },
  { name: "PasswordChange", path: "/password/change/:token", rights: "public" },
  // Spec 1
  { name: "Home", path: "/", rights: "anyone" },
  { name: "Profile", path: "/profile", rights: "anyone" },
  // Issue 32 §4: one's own data as a ZIP ("Mes données"), and HR's anonymisation of an archived employee.
  { name: "MyData", path: "/profile/data", rights: "anyone" },
  { name: "Avatar", path: "/avatars/:id", rights: "anyone" },
  // Onboarding (issue 33): computed public holidays; the employee import and the directory export.
  { name: "ComputedHolidays", path: "/settings/holidays", rights: [FM, HM] },
  { name: "SettingsTerminals", path: "/settings/terminals", rights: [FM, HM] },
  // A terminal's last clockings (issue 46, decision 0137): the same rights as the terminals' list.
  { name: "SettingsTerminalClockings", path: "/settings/terminals/:id", rights: [FM, HM] },
  { name: "Settings", path: "/settings/*", rights: [FM, HM] },
  { name: "EmployeeImport", path: "/employees/import", rights: [FM, HM] },
  { name: "EmployeeImportTemplate", path: "/employees/import/template", rights: [FM, HM] },
  { name: "EmployeeImportPreview", path: "/employees/import/:id", rights: [FM, HM] },
  { name: "EmployeeExport", path: "/employees/export", rights: [FM, HM] },
  { name: "EmployeeAnonymise", path: "/employees/:id/anonymise", rights: [FM, HM] },
  // The change history (issue 32 §3, decision 0107): the sheet's "Historique" tab and its Excel export.
  { name: "EmployeeHistory", path: "/employees/:id/history", rights: [FM, HM] },
  { name: "EmployeeHistoryExport", path: "/employees/:id/history/export", rights: [FM, HM] },
  // The shop-floor badge (decision 0137): HR, who edit the sheet, issue, re-issue and revoke it.
  { name: "EmployeeBadge", path: "/employees/:id/badge", rights: [FM, HM] },
  { name: "EmployeeDirectory", path: "/employees/*", rights: [FM, HM] },
  // Spec 2: time clock
  { name: "Badging", path: "/time-clock/badging", rights: "anyone" },
  { name: "BadgingTeam", path: "/time-clock/team-badging", rights: [TL] },
  { name: "BadgingDivision", path: "/time-clock/division-badging", rights: [DH] },
  { name: "BadgingAgency", path: "/time-clock/agency-badging", rights: [HM, DH, FM] },
  { name: "EditBadging", path: "/time-clock/edit-badging", rights: [HM, FM], deputyOf: [HM, FM] },
  // The shop-floor terminal (issue 46, decision 0136): no person's session; the device cookie (or the enrolment
  // link's token) is the credential, checked by the page itself.
  { name: "Terminal", path: "/terminal", rights: "public" },
  { name: "TerminalEnrol", path: "/terminal/enrol/:token", rights: "public" },
  // Leave
  { name: "LeaveShow", path: "/leave/detail/:id", rights: "anyone" },
  { name: "LeaveEdit", path: "/leave/:id/edit", rights: "anyone" },
  { name: "MyLeaves", path: "/leave/me", rights: "anyone" },
  { name: "AskLeave", path: "/leave/ask", rights: "anyone" },
  { name: "WaitingLeaves", path: "/leave/waiting", rights: [FM, HM, TL, DH], deputyOf: [FM, HM, TL, DH] },
  // Overtime
  { name: "OvertimeMe", path: "/overtime/me", rights: [HM, DH, FM, TL, EMP, HOST] },
  { name: "OvertimeEmployee", path: "/overtime/employee/:id", rights: [HM, DH, TL, FM] },
  { name: "OvertimeTeam", path: "/overtime/team", rights: [TL] },
  { name: "OvertimeDivision", path: "/overtime/division", rights: [DH] },
  { name: "OvertimeSubsidiary", path: "/overtime/subsidiary", rights: [FM, HM] },
  // Planning
  { name: "PlanningMe", path: "/planning/me", rights: "anyone" },
  { name: "PlanningEmployee", path: "/planning/employee/:id", rights: [HM, DH, TL, FM, COM, HOST] },
  { name: "PlanningAgency", path: "/planning/agency", rights: [HM, FM, HOST] },
  { name: "PlanningDivision", path: "/planning/division", rights: [DH, COM] },
  { name: "PlanningTeam", path: "/planning/team", rights: [TL] },
  // Calendar feeds (DESIGN §9): the secret token of the URL is the credential.
  { name: "CalendarFeed", path: "/calendar/:token", rights: "public" },
  // Reports and their Excel exports
  { name: "ReportCost", path: "/report/cost", rights: [HM, FM] },
  { name: "ReportRecup", path: "/report/recup", rights: [HM, FM] },
  { name: "ReportOvertime", path: "/report/overtime", rights: [HM, DH, FM] },
  { name: "ReportLeave", path: "/report/leave", rights: [HM, FM] },
  { name: "ExportCost", path: "/export/cost", rights: [HM, FM] },
  { name: "ExportRecup", path: "/export/recup", rights: [HM, FM] },
  { name: "ExportOvertime", path: "/export/overtime", rights: [HM, DH, FM] },
  { name: "ExportLeave", path: "/export/leave", rights: [HM, FM] },
  // Beyond the spec (DESIGN §10): payroll variables and the monthly close
  { name: "ReportPayroll", path: "/report/payroll", rights: [HM, FM] },
  { name: "ExportPayroll", path: "/export/payroll", rights: [HM, FM] },
];

export interface ApiRule {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "*";
  path: string;
  rights: Rights;
  /** Also open to whoever stands in today for a manager of one of these profiles (deputies, decision 0105). */
  deputyOf?: readonly ProfileType[];
}

/**
 * The /api contract (spec 1 §7, spec 2 §7). Scope (own data, team, division, subsidiary) is checked by the
 * services on top of this: a valid right on an object outside one's scope answers 404.
 */
export const API_RULES: readonly ApiRule[] = [
  { method: "POST", path: "/api/login", rights: "public" },
  // The /api reference (issue 33): the OpenAPI document and its page, public like the login they explain.
  { method: "GET", path: "/api/docs.json", rights: "public" },
  { method: "GET", path: "/api/docs", rights: "public" },
  { method: "POST", path: "/api/password/reset", rights: "public" },
  { method: "POST", path: "/api/password/change", rights: "public" },
  { method: "GET", path: "/api/users/:id", rights: "anyone" },
  { method: "*", path: "/api/profile", rights: "anyone" },
  { method: "*", path: "/api/avatars", rights: "anyone" },
  // Employees: management, except one's own sheet (checked by the service).
  { method: "GET", path: "/api/employees/:id", rights: "anyone" },
  { method: "*", path: "/api/employees/*", rights: [FM, HM] },
  { method: "*", path: "/api/employees", rights: [FM, HM] },
  { method: "*", path: "/api/subsidiaries/*", rights: [FM, HM] },
  { method: "*", path: "/api/subsidiaries", rights: [FM, HM] },
  { method: "*", path: "/api/divisions/*", rights: [FM, HM] },
  { method: "*", path: "/api/divisions", rights: [FM, HM] },
  { method: "*", path: "/api/teams/*", rights: [FM, HM] },
  { method: "*", path: "/api/teams", rights: [FM, HM] },
  { method: "*", path: "/api/countries/*", rights: [FM, HM] },
  { method: "*", path: "/api/countries", rights: [FM, HM] },
  // Time clock
  { method: "GET", path: "/api/timeclock/suggested", rights: [HM, FM], deputyOf: [HM, FM] },
  // Management deletes any suggestion; its author withdraws their own (issue 28 item 8): the service checks which.
  { method: "DELETE", path: "/api/timeclock/suggest/:id", rights: "anyone" },
  { method: "PATCH", path: "/api/timeclock/suggest/:id/valid", rights: [HM, FM], deputyOf: [HM, FM] },
  { method: "POST", path: "/api/timeclock/suggest", rights: "anyone" },
  { method: "GET", path: "/api/timeclock/agency/:subsidiaryId", rights: [HM, DH, FM] },
  { method: "GET", path: "/api/timeclock/history/:start/:end", rights: "anyone" },
  { method: "GET", path: "/api/timeclock/employee/:id/:start/:end", rights: "anyone" },
  { method: "POST", path: "/api/timeclock/:action", rights: "anyone" },
  { method: "GET", path: "/api/timeclock/:id", rights: "anyone" },
  { method: "GET", path: "/api/timeclock", rights: "anyone" },
  // Leave
  { method: "GET", path: "/api/leaves/waiting", rights: [FM, HM, TL, DH], deputyOf: [FM, HM, TL, DH] },
  { method: "GET", path: "/api/leaves/waiting-planning", rights: [FM, HM, TL, DH] },
  { method: "GET", path: "/api/leaves/filtered/:subsidiaryId", rights: [HM, DH, TL, FM, COM, HOST] },
  { method: "GET", path: "/api/leaves/all", rights: [FM, HM, TL, DH] },
  { method: "GET", path: "/api/leaves/valid/employee/:id", rights: "anyone" },
  { method: "PATCH", path: "/api/leaves/:id/remove", rights: [HM, FM] },
  { method: "PATCH", path: "/api/leaves/:id/valid", rights: [FM, HM, TL, DH], deputyOf: [FM, HM, TL, DH] },
  { method: "PATCH", path: "/api/leaves/:id/refuse", rights: [FM, HM, TL, DH], deputyOf: [FM, HM, TL, DH] },
  { method: "*", path: "/api/leaves/*", rights: "anyone" },
  { method: "*", path: "/api/leaves", rights: "anyone" },
  // Overtime, planning, reports
  { method: "POST", path: "/api/getdeduction", rights: [HM, DH, FM, TL, EMP, HOST] },
  { method: "POST", path: "/api/deduction", rights: [HM, DH, FM, TL] },
  { method: "DELETE", path: "/api/deduction/:id", rights: [HM, DH, FM, TL] },
  { method: "POST", path: "/api/add-recovery", rights: [HM, FM] },
  { method: "GET", path: "/api/overtime/search", rights: [HM, DH, FM, TL] },
  { method: "GET", path: "/api/overtime/employee/:id/:year/:week", rights: [HM, DH, FM, TL, EMP, HOST] },
  { method: "GET", path: "/api/overtime/employee/:id", rights: [HM, DH, FM, TL, EMP, HOST] },
  { method: "GET", path: "/api/overtime", rights: [HM, DH, FM, TL, EMP, HOST] },
  { method: "GET", path: "/api/planning/employee/:id/:start/:end", rights: "anyone" },
  { method: "GET", path: "/api/dashboard/employees", rights: "anyone" },
  { method: "*", path: "/api/event_days/*", rights: "anyone" },
  { method: "*", path: "/api/event_days", rights: "anyone" },
  { method: "GET", path: "/api/report/leave", rights: [HM, FM] },
  { method: "GET", path: "/api/report/overtime", rights: [HM, DH, FM] },
  { method: "GET", path: "/api/report/recovery", rights: [HM, FM] },
  { method: "GET", path: "/api/report/hourly-cost", rights: [HM, FM] },
];

/** Matches "/a/:id/*" against "/a/12/b/c". */
export function matchPath(pattern: string, pathname: string): boolean {
  return matchSegments(patternSegments(pattern), pathSegments(pathname));
}

/** A path's segments, trailing slashes ignored. */
function pathSegments(pathname: string): string[] {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return clean.split("/").filter(Boolean);
}

/**
 * A pattern's segments, split once: every /api call and every page looks its rule up in a table of ~100 patterns
 * (the clock buttons' hot path, decision 0057). Bounded: the tables' patterns, plus whatever a caller passes.
 */
const compiledPatterns = new Map<string, string[]>();
function patternSegments(pattern: string): string[] {
  let segments = compiledPatterns.get(pattern);
  if (!segments) {
    segments = pattern.split("/").filter(Boolean);
    if (compiledPatterns.size < 1000) compiledPatterns.set(pattern, segments);
  }
  return segments;
}

function matchSegments(p: readonly string[], s: readonly string[]): boolean {
  for (let i = 0; i < p.length; i++) {
    const part = p[i]!;
    if (part === "*") return s.length >= i; // "/settings/*" also matches "/settings"
    if (i >= s.length) return false;
    if (!part.startsWith(":") && part !== s[i]) return false;
  }
  return p.length === s.length;
}

export function pageRuleFor(pathname: string): PageRule | undefined {
  const s = pathSegments(pathname);
  return PAGE_RULES.find((r) => matchSegments(patternSegments(r.path), s));
}

export function apiRuleFor(method: string, pathname: string): ApiRule | undefined {
  const m = method.toUpperCase();
  const s = pathSegments(pathname);
  return API_RULES.find((r) => (r.method === "*" || r.method === m) && matchSegments(patternSegments(r.path), s));
}

export function rightsAllow(rights: Rights, profileType: string | null | undefined): boolean {
  if (rights === "public") return true;
  if (!profileType) return false;
  if (rights === "anyone") return true;
  return (rights as readonly string[]).includes(profileType);
}

/** Who a rule is checked against: the profile type, and the managers' profiles stood in for today (0105). */
export interface RightsHolder {
  profileType: string | null | undefined;
  deputyFor?: readonly string[];
}

/**
 * Whether a rule lets this holder in: its profile type is in the rule's rights, or the rule also opens to deputies
 * (`deputyOf`) and the holder stands in today for a manager of one of those profiles (decision 0105).
 */
export function ruleAllows(rule: { rights: Rights; deputyOf?: readonly ProfileType[] }, holder: RightsHolder): boolean {
  if (rightsAllow(rule.rights, holder.profileType)) return true;
  if (!holder.profileType || !rule.deputyOf || !holder.deputyFor?.length) return false;
  return holder.deputyFor.some((p) => (rule.deputyOf as readonly string[]).includes(p));
}

/**
 * May this profileType open this page? Unknown pages are refused for signed-in checks
 * (a route that forgets its rule is closed, not open).
 */
export function canOpenPage(pathname: string, profileType: string | null | undefined, deputyFor?: readonly string[]): boolean {
  const rule = pageRuleFor(pathname);
  return rule ? ruleAllows(rule, { profileType, deputyFor }) : false;
}

export function canCallApi(method: string, pathname: string, profileType: string | null | undefined, deputyFor?: readonly string[]): boolean {
  const rule = apiRuleFor(method, pathname);
  return rule ? ruleAllows(rule, { profileType, deputyFor }) : false;
}

export function isManagement(profileType: string | null | undefined): boolean {
  return profileType === HM || profileType === FM;
}

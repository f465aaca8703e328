/**
 * The reports' filters (split from reports.server.ts, issue 25 §7): the query of the page and of the /api, the
 * period and reason checks, the French field errors.
 */
import { LEAVE_REASONS } from "~/domain/leave/days";
import { checkReportPeriod, type PeriodError } from "~/domain/reports/reports";
import { isCleanText } from "~/domain/shared/text";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { t, type MessageKey } from "~/i18n/fr";
import { AppError, ValidationError, type Violation } from "~/services/shared/errors";

export type ReportKind = "leave" | "overtime" | "recup" | "cost";
export const REPORT_KINDS: readonly ReportKind[] = ["leave", "overtime", "recup", "cost"];

/** Reasons the leave report offers: every reason but recovery leave (spec 2 §2). */
export const LEAVE_REPORT_REASONS = LEAVE_REASONS.filter((r) => r !== "RECOVERY_LEAVE");

/** The filters of every report, as the page (GET form) and the /api call give them. */
export interface ReportQuery {
  /** null: the viewer's own subsidiary, except the leave report where it means "all agencies". */
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  employeeId: number | null;
  employeeName: string | null;
  from: string | null;
  to: string | null;
  reason: string | null;
}

export const EMPTY_QUERY: ReportQuery = {
  subsidiaryId: null,
  divisionId: null,
  teamId: null,
  employeeId: null,
  employeeName: null,
  from: null,
  to: null,
  reason: null,
};

const PERIOD_MESSAGES: Record<PeriodError, MessageKey> = {
  required: "report.error.period_required",
  invalid: "report.error.period_invalid",
  inverted: "report.error.period_inverted",
  too_long: "report.error.period_too_long",
};

/** The period of a query, or a 422 with the French reason on `end` (or `start` when missing/invalid). */
export function reportPeriod(query: Pick<ReportQuery, "from" | "to">): { from: CalendarDate; to: CalendarDate } {
  const checked = checkReportPeriod(query.from, query.to);
  if (checked.ok) return { from: checked.from, to: checked.to };
  const message = t(PERIOD_MESSAGES[checked.error]);
  const path = checked.error === "too_long" || checked.error === "inverted" ? "end" : !query.from ? "start" : "end";
  throw new ValidationError([{ propertyPath: path, message }], message);
}

/** Checks the reason filter of the leave report (422 for an unknown reason or recovery leave). */
export function reportReason(reason: string | null): string | null {
  if (!reason) return null;
  const upper = reason.toUpperCase();
  if (!(LEAVE_REPORT_REASONS as readonly string[]).includes(upper)) {
    throw new ValidationError([{ propertyPath: "reason", message: t("report.error.reason") }], t("report.error.reason"));
  }
  return upper;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading filters

const idOf = (raw: string | null): number | null | "bad" => {
  if (raw === null || raw === "") return null;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : "bad";
};

/** The page's GET form: subsidiary, division, team, employee (ids), from/to (YYYY-MM-DD), reason; bad ids dropped. */
export function readReportPageQuery(url: URL): { query: ReportQuery; searched: boolean } {
  const p = url.searchParams;
  const id = (name: string) => {
    const v = idOf(p.get(name));
    return v === "bad" ? null : v;
  };
  const date = (name: string) => {
    const v = (p.get(name) ?? "").trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : v ? "invalid" : null;
  };
  const reason = (p.get("reason") ?? "").trim();
  return {
    query: {
      subsidiaryId: id("subsidiary"),
      divisionId: id("division"),
      teamId: id("team"),
      employeeId: id("employee"),
      employeeName: null,
      from: date("from"),
      to: date("to"),
      reason: reason || null,
    },
    searched: p.has("from") || p.has("to"),
  };
}

/** `YYYYMMDD` → `YYYY-MM-DD` (DESIGN §4); anything else → "invalid" (the period check answers it). */
function compactDate(raw: string | null): string | null {
  if (raw === null || raw === "") return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : "invalid";
}

/**
 * The /api query (spec 2 §7): subsidiaryId, divisionId, teamId, employeeName, start, end (YYYYMMDD), reason.
 * A malformed id is a 400; the period is checked by the report (422).
 */
export function readReportApiQuery(url: URL): ReportQuery {
  const p = url.searchParams;
  const id = (name: string) => {
    const v = idOf(p.get(name));
    if (v === "bad") throw new AppError(400, t("report.error.bad_filter", { name }));
    return v;
  };
  const rawName = (p.get("employeeName") ?? "").trim();
  if (rawName.length > 120 || !isCleanText(rawName)) throw new AppError(400, t("report.error.bad_filter", { name: "employeeName" }));
  return {
    subsidiaryId: id("subsidiaryId"),
    divisionId: id("divisionId"),
    teamId: id("teamId"),
    employeeId: id("employeeId"),
    employeeName: rawName || null,
    from: compactDate(p.get("start")),
    to: compactDate(p.get("end")),
    reason: (p.get("reason") ?? "").trim() || null,
  };
}

/** French violations of a failed report for a page (field → message). */
export function reportFieldErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ValidationError) {
    return Object.fromEntries(error.violations.map((v: Violation) => [v.propertyPath, v.message]));
  }
  return null;
}

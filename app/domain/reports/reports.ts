/**
 * The rules of the four reports (spec 2 §2 "Reports", §3 report rows, §4 ±60 s, §5 periods, §9) and of the
 * payroll variables (DESIGN §10). Pure: the services read the stored weeks of the overtime engine and call these;
 * the page, the /api call and the Excel file all show what these functions return (decision 0044).
 */
import { csvSafeText } from "~/domain/shared/spreadsheet-cell";
import { hoursFromSeconds } from "~/domain/shared/number-format";
import { calendarDay, isCalendarDate, toCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

const HOUR = 3600;

/** Rows of a report page (DESIGN §6 "long lists paginate"; decision 0033 §9: 50 a page, like the waiting leaves). */
export const REPORT_PAGE_SIZE = 50;

/** The spec's four rate columns, always shown (spec 2 §2 "Recovery report", §9). */
export const REPORT_RATES: readonly number[] = [25, 33, 50, 100];

// ---------------------------------------------------------------------------------------------------------------
// Periods

export type PeriodError = "required" | "invalid" | "inverted" | "too_long";

/**
 * A report period, both ends included: both dates required, end not before start, at most 6 months (spec 2 §5,
 * §9). Checked on the server for the page, the /api call and the export alike.
 *
 * @example checkReportPeriod("2026-01-01", "2026-07-01") // { ok: true, from: "2026-01-01", to: "2026-07-01" }
 * @example checkReportPeriod("2026-01-01", "2026-07-02") // { ok: false, error: "too_long" }
 */
export function checkReportPeriod(
  from: string | null | undefined,
  to: string | null | undefined,
): { ok: true; from: CalendarDate; to: CalendarDate } | { ok: false; error: PeriodError } {
  if (!from || !to) return { ok: false, error: "required" };
  if (!isCalendarDate(from) || !isCalendarDate(to)) return { ok: false, error: "invalid" };
  if (to < from) return { ok: false, error: "inverted" };
  const latest = toCalendarDate(calendarDay(from).plus({ months: 6 }));
  if (to > latest) return { ok: false, error: "too_long" };
  return { ok: true, from, to };
}

/** A month 'YYYY-MM' → its first and last day; null when malformed. */
export function monthRange(month: string | null | undefined): { from: CalendarDate; to: CalendarDate } | null {
  if (!month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return null;
  const first = `${month}-01`;
  if (!isCalendarDate(first)) return null;
  return { from: first, to: toCalendarDate(calendarDay(first).plus({ months: 1 }).minus({ days: 1 })) };
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/**
 * The report's keeping rule (spec 2 §4 "Report filtering", §9): a value is kept only below -60 s or above 60 s,
 * else it counts as 0.
 *
 * @example keepReportSeconds(61) // 61
 * @example keepReportSeconds(-60) // 0
 */
export function keepReportSeconds(seconds: number): number {
  return seconds > 60 || seconds < -60 ? seconds : 0;
}

/**
 * The recovery balance (spec 2 §2, §9): zero when earned is at most taken, else earned minus taken; null when it
 * cannot be computed (a missing figure), which the screens show as `error.recovery_balance_uncomputable`.
 */
export function recoveryBalance(earned: number | null | undefined, taken: number | null | undefined): number | null {
  if (earned == null || taken == null || !Number.isFinite(earned) || !Number.isFinite(taken)) return null;
  return earned <= taken ? 0 : earned - taken;
}

/** Rate columns of a report: the spec's four always, plus each other rate actually used, ascending. */
export function reportRateColumns(usedRates: Iterable<number>): number[] {
  const set = new Set<number>(REPORT_RATES);
  for (const rate of usedRates) if (rate > 0) set.add(rate);
  return [...set].sort((a, b) => a - b);
}

/**
 * Seconds → decimal hours, rounded once to the hundredth from the seconds (the number the page, the /api and Excel
 * carry: issue 25 §5, 4 518 s is 1,26 everywhere).
 */
export function hoursDecimal(seconds: number): number {
  return hoursFromSeconds(seconds);
}

/**
 * Hours as an Excel cell holds them (issue 43 item 4): exact, shown with two decimals by the column's format, so
 * that a SUM of cells is the exact total and equals the page's figure (a sum of rounded cells drifted by 0,05 h).
 *
 * @example exactHours(263_280) // 73.1333…, shown 73,13, the page's +73h08
 */
export function exactHours(seconds: number): number {
  return seconds / 3600;
}

/**
 * A duration as an Excel [h]:mm cell (a fraction of a day) equal to the page's "H h mm": whole minutes, truncated
 * as the page's formatter does.
 *
 * @example wholeMinutesAsDays(4_799) // 79 / 1440: "1:19", as the page's "1 h 19"
 */
export function wholeMinutesAsDays(seconds: number): number {
  const minutes = Math.floor(Math.abs(seconds) / 60);
  return (seconds < 0 ? -minutes : minutes) / 1440;
}

/**
 * The words of a report in its file name, in French (issue 25 §5).
 *
 * @example REPORT_FILE_WORDS.leave // "conges"
 */
export const REPORT_FILE_WORDS: Record<string, string> = {
  leave: "conges",
  overtime: "solde-heures",
  recup: "recuperation",
  cost: "couts-horaires",
  paie: "paie",
};

/** Euros (decimal, 2 digits) → integer cents; null stays null. */
export function toCents(euros: number | null | undefined): number | null {
  if (euros == null || !Number.isFinite(euros)) return null;
  return Math.round(euros * 100);
}

/**
 * Cost in cents of seconds paid at an hourly cost increased by a rate, rounded once.
 *
 * @example costCents(8 * 3600, 2000, 25) // 20000 (8 h × 20,00 € × 1,25)
 */
export function costCents(seconds: number, hourlyCents: number, ratePercent = 0): number {
  return Math.round((seconds * hourlyCents * (10_000 + Math.round(ratePercent * 100))) / (HOUR * 10_000));
}

/** One band of a stored week as the reports read it (totals per rate, paid part from its lines). */
export interface WeekRate {
  rate: number;
  seconds: number;
  increasedSeconds: number;
  paidSeconds: number;
}

interface StoredLine {
  rate: number;
  seconds: number;
  paidSeconds: number;
  recoveryEarnedSeconds?: number;
  kind?: string;
}
interface StoredRate {
  rate: number;
  seconds: number;
  increasedSeconds: number;
}

/** Reads the `bands` json of a stored week ({lines, rates}) into one entry per rate; tolerant of an empty week. */
export function weekRates(bands: unknown): WeekRate[] {
  const b = (bands ?? {}) as { lines?: StoredLine[]; rates?: StoredRate[] };
  const out = new Map<number, WeekRate>();
  for (const r of b.rates ?? []) {
    if (!r || typeof r.rate !== "number") continue;
    const e = out.get(r.rate) ?? { rate: r.rate, seconds: 0, increasedSeconds: 0, paidSeconds: 0 };
    e.seconds += r.seconds ?? 0;
    e.increasedSeconds += r.increasedSeconds ?? 0;
    out.set(r.rate, e);
  }
  for (const l of b.lines ?? []) {
    // Structural hours are in the salary (decision 0073): not a rate column of the reports.
    if (!l || typeof l.rate !== "number" || (l as { kind?: string }).kind === "structural") continue;
    const e = out.get(l.rate) ?? { rate: l.rate, seconds: l.seconds ?? 0, increasedSeconds: 0, paidSeconds: 0 };
    e.paidSeconds += l.paidSeconds ?? 0;
    out.set(l.rate, e);
  }
  return [...out.values()].sort((a, b2) => a.rate - b2.rate);
}

/**
 * The structural hours of a stored week (decision 0073): its lines of kind `structural` (a contract above the legal
 * week; in the salary, counted in the quota).
 *
 * @example structuralSecondsOf({ lines: [{ kind: "structural", rate: 25, seconds: 14400 }] }) // 14400
 */
export function structuralSecondsOf(bands: unknown): number {
  const lines = ((bands ?? {}) as { lines?: { kind?: string; seconds?: number }[] }).lines ?? [];
  return lines.reduce((s, l) => s + (l && l.kind === "structural" ? (l.seconds ?? 0) : 0), 0);
}

/** One week of the hourly-cost report, in cents. */
export interface WeekCost {
  normalCents: number;
  bands: { rate: number; paidSeconds: number; cents: number }[];
  totalCents: number;
  /** Hours paid (normal + paid overtime). */
  paidSeconds: number;
  /** totalCents / paid hours, in cents per hour; null without hours. */
  increasedHourlyCents: number | null;
}

/**
 * The hourly-cost report's week (decision 0044): normal hours at the hourly cost, each paid overtime hour at the
 * hourly cost increased by its rate (hours put into recovery are rest, not pay), the total to pay, and the
 * increased hourly cost = total to pay / hours paid.
 *
 * @example weekCost(35 * 3600, [{ rate: 25, paidSeconds: 8 * 3600 }], 2000).totalCents // 90000
 */
export function weekCost(normalSeconds: number, rates: readonly { rate: number; paidSeconds: number }[], hourlyCents: number): WeekCost {
  const normalCents = costCents(normalSeconds, hourlyCents);
  const bands = rates.map((r) => ({ rate: r.rate, paidSeconds: r.paidSeconds, cents: costCents(r.paidSeconds, hourlyCents, r.rate) }));
  const totalCents = normalCents + bands.reduce((s, b) => s + b.cents, 0);
  const paidSeconds = normalSeconds + bands.reduce((s, b) => s + b.paidSeconds, 0);
  return { normalCents, bands, totalCents, paidSeconds, increasedHourlyCents: paidSeconds > 0 ? Math.round((totalCents * HOUR) / paidSeconds) : null };
}

/**
 * An employee's average hourly cost over the period (total to pay / hours paid) and its difference with the
 * contract's hourly cost, in cents; null without hours.
 */
export function averageCost(weeks: readonly Pick<WeekCost, "totalCents" | "paidSeconds">[], hourlyCents: number): { averageCents: number | null; differenceCents: number | null } {
  const total = weeks.reduce((s, w) => s + w.totalCents, 0);
  const seconds = weeks.reduce((s, w) => s + w.paidSeconds, 0);
  if (seconds <= 0) return { averageCents: null, differenceCents: null };
  const averageCents = Math.round((total * HOUR) / seconds);
  return { averageCents, differenceCents: averageCents - hourlyCents };
}

// ---------------------------------------------------------------------------------------------------------------
// Files

/** A file-name part: ASCII letters, digits and dashes only ("Groupe Été" → "groupe-ete"). */
export function slugPart(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "tout";
}

/**
 * `cadran-<report>-<subsidiary>-<from>-<to>.<ext>` (DESIGN §9), dates YYYYMMDD.
 *
 * @example reportFileName("recup", "3 Print", "2026-01-01", "2026-03-31") // "cadran-recuperation-3-print-20260101-20260331.xlsx"
 */
export function reportFileName(report: string, subsidiary: string | null, from: CalendarDate, to: CalendarDate, ext = "xlsx"): string {
  const ymd = (d: string) => d.replaceAll("-", "");
  return `cadran-${slugPart(REPORT_FILE_WORDS[report] ?? report)}-${slugPart(subsidiary ?? "")}-${ymd(from)}-${ymd(to)}.${ext}`;
}

/**
 * Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987).
 *
 * @example contentDisposition("cadran-é.xlsx") // 'attachment; filename="cadran-_.xlsx"; filename*=UTF-8\'\'cadran-%C3%A9.xlsx'
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV for payroll tools (DESIGN §10)

/** A decimal number with a comma ("12,5"), no grouping; empty for null. */
export function csvNumber(value: number | null | undefined, digits = 2): string {
  if (value == null || !Number.isFinite(value)) return "";
  let fixed = value.toFixed(digits);
  if (fixed.includes(".")) fixed = fixed.replace(/0+$/, "").replace(/\.$/, "");
  return fixed.replace(".", ",").replace(/^-0$/, "0");
}

/** One CSV field: quoted when it holds a separator, a quote or a line break; a formula-like text neutralised (0080). */
export function csvField(value: string | number | null | undefined): string {
  const text = value == null ? "" : typeof value === "string" ? csvSafeText(value) : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, semicolon separated, CRLF ended. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(";")}\r\n`;
}

/**
 * The share of a week that belongs to a month (DESIGN §10 "a week that straddles two months is split by its
 * days", decision 0046): the worked seconds of its days inside [from, to] over the week's worked seconds; a week
 * without work is split by its number of days (of 7). 1 for a week fully inside.
 *
 * @example weekShare([{ date: "2026-03-31", workedSeconds: 3600 }, { date: "2026-04-01", workedSeconds: 10800 }], "2026-03-30", "2026-04-01", "2026-04-30") // 0.75
 */
export function weekShare(
  days: readonly { date: string; workedSeconds?: number }[],
  monday: CalendarDate,
  from: CalendarDate,
  to: CalendarDate,
): number {
  const sunday = toCalendarDate(calendarDay(monday).plus({ days: 6 }));
  if (monday >= from && sunday <= to) return 1;
  const total = days.reduce((s, d) => s + (d.workedSeconds ?? 0), 0);
  if (total > 0) return days.filter((d) => d.date >= from && d.date <= to).reduce((s, d) => s + (d.workedSeconds ?? 0), 0) / total;
  let n = 0;
  let d = calendarDay(monday);
  for (let i = 0; i < 7; i++, d = d.plus({ days: 1 })) {
    const date = toCalendarDate(d);
    if (date >= from && date <= to) n += 1;
  }
  return n / 7;
}

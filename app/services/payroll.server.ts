/**
 * Payroll variables (DESIGN §10, 0046; the close: payroll-close.server.ts). The variables come from the stored weeks of
 * the overtime engine (a week straddling two months split by its days) and the accepted leaves; the column layout
 * of the CSV is fixed and documented in docs/payroll-variables.md (version "cadran-paie-v1").
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employee-name";
import { LEAVE_REASONS } from "~/domain/leave-days";
import { csvLine, csvNumber, REPORT_RATES, weekRates, weekShare } from "~/domain/reports";
import { addDays, type CalendarDate } from "~/domain/time-calendar-date";
import { t, tOr } from "~/i18n/fr";
import { assertSubsidiary, checkMonth, rappelLines, storedLineCount, storedMonth } from "./payroll-store.server";
import type { XlsxColumn, XlsxSheet } from "./xlsx.server";

const H = 3600;

// ---------------------------------------------------------------------------------------------------------------
// The variables

/** Leave reasons counted in days (recovery leave is counted in hours, in its own column). */
export const PAYROLL_LEAVE_REASONS = LEAVE_REASONS.filter((r) => r !== "RECOVERY_LEAVE");

export interface PayrollLine {
  employeeId: number;
  matricule: number | null;
  employeeName: string;
  /** Seconds per rate of REPORT_RATES, in order. */
  overtimeByRate: number[];
  /** Seconds at other rates (Portugal's 37.5 %, agreements). */
  overtimeOtherRates: number;
  complementarySeconds: number;
  mandatoryRestSeconds: number;
  recoveryEarnedSeconds: number;
  recoveryTakenSeconds: number;
  /** Days per PAYROLL_LEAVE_REASONS, in order. */
  leaveDays: number[];
  anomalies: number;
  /** Night hours worked (21:00-06:00, L3122-20) of the shifts started in the month (issue 26, decision 0075). */
  nightSeconds: number;
}

export interface PayrollMonthData {
  subsidiaryId: number;
  subsidiaryName: string;
  month: string;
  from: CalendarDate;
  to: CalendarDate;
  lines: PayrollLine[];
}

function weekdaysBetween(from: string, to: string): number {
  let n = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) n += 1;
  }
  return n;
}

/** Employees of a subsidiary working during [from, to] (alias e); parameters: subsidiary, to, from. */
const PAYROLL_EMPLOYEES = `e.subsidiary_id = ? and (e.hired_at is null or e.hired_at <= ?::date) and (e.fired_at is null or e.fired_at >= ?::date)`;

/** The number of lines of a month's variables (the employees of the subsidiary working during it). */
export async function payrollLineCount(em: EntityManager, subsidiaryId: number, month: string): Promise<number> {
  const { from, to } = checkMonth(month);
  const stored = await storedLineCount(em, subsidiaryId, month);
  if (stored !== null) return stored;
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from employee e where ${PAYROLL_EMPLOYEES}`, [subsidiaryId, to, from]);
  return row?.n ?? 0;
}

/**
 * A month's variables for every employee of a subsidiary working during it (or one page of them: `page`), in one
 * statement: the stored weeks touching the month (split by their days), the accepted leaves overlapping it (days
 * prorated on weekdays when a leave straddles months) and the recovery leave hours starting in it. A week inside
 * the month counts whole, its anomalies are its `anomaly_count` (the length of its list): only a straddling week
 * sends its days and anomalies from the explanation (decision 0055: they are most of the bytes read).
 */
export async function payrollMonth(
  em: EntityManager,
  subsidiaryId: number,
  month: string,
  page: { offset: number; limit: number } | null = null,
): Promise<PayrollMonthData> {
  const { from, to } = checkMonth(month);
  // A closed month is read back from the lines stored at its close (decision 0079).
  const stored = await storedMonth(em, subsidiaryId, month, page);
  if (stored) return stored;
  const subsidiaryName = await assertSubsidiary(em, subsidiaryId);
  const rows = await em.execute<
    {
      id: number;
      firstname: string;
      lastname: string;
      matricule: number | null;
      weeks: { m: string; compl: number; rest: number; earned: number; anomalies: number; anomalyList: { date?: string }[] | null; bands: unknown; days: { date: string; workedSeconds?: number }[] | null }[];
      leaves: { reason: string; start: string; end: string; days: number; hours: number | null }[];
      night: number;
    }[]
  >(
    `select e.id, e.firstname, e.lastname, e.matricule,
            coalesce((select json_agg(json_build_object('m', w.monday, 'compl', w.complementary_seconds, 'rest', w.mandatory_rest_seconds,
                        'earned', w.recovery_earned_seconds, 'anomalies', w.anomaly_count, 'bands', w.bands,
                        'anomalyList', case when w.monday < ?::date or w.monday + 6 > ?::date then w.explanation -> 'anomalies' end,
                        'days', case when w.monday < ?::date or w.monday + 6 > ?::date then w.explanation -> 'days' end))
                        from overtime_week w where w.employee_id = e.id and w.monday between ?::date - 6 and ?::date and w.computed_at is not null), '[]'::json) as weeks,
            coalesce((select json_agg(json_build_object('reason', l.reason, 'start', l.start, 'end', l."end", 'days', l.number_days_work, 'hours', l.nb_hour_absence))
                        from leave l where l.employee_id = e.id and l.state = 'accepted' and l.start <= ?::date and l."end" >= ?::date), '[]'::json) as leaves,
            (select coalesce(sum(tc.night_seconds), 0)::int from time_clock tc
              where tc.employee_id = e.id and tc.suggested = false and tc.date between ?::date and ?::date) as night
       from (select e.id, e.firstname, e.lastname, e.matricule from employee e where ${PAYROLL_EMPLOYEES}
              order by e.lastname, e.firstname, e.id ${page ? "offset ? limit ?" : ""}) e
      order by e.lastname, e.firstname, e.id`,
    [from, to, from, to, from, to, to, from, from, to, subsidiaryId, to, from, ...(page ? [page.offset, page.limit] : [])],
  );
  /**
   * A week's anomalies in the month (DESIGN §10: a week that straddles two months is split by its days): each dated
   * anomaly counts in the month of its day; an undated one (a week-level flag) in the month of the week's Thursday,
   * as the ISO week itself belongs to it.
   */
  function monthAnomalies(w: { m: string; anomalies: number; anomalyList: { date?: string }[] | null }, from: string, to: string): number {
    if (!w.anomalyList) {
      const thursday = addDays(w.m, 3);
      return thursday >= from && thursday <= to ? w.anomalies : 0;
    }
    return w.anomalyList.filter((a) => {
      const day = a.date ?? addDays(w.m, 3);
      return day >= from && day <= to;
    }).length;
  }
  const lines = rows.map((r): PayrollLine => {
    const byRate = REPORT_RATES.map(() => 0);
    let other = 0;
    let compl = 0;
    let rest = 0;
    let earned = 0;
    let anomalies = 0;
    for (const w of r.weeks) {
      const share = weekShare(w.days ?? [], w.m, from, to);
      if (share <= 0) continue;
      for (const rate of weekRates(w.bands)) {
        const i = REPORT_RATES.indexOf(rate.rate);
        if (i >= 0) byRate[i]! += rate.seconds * share;
        else other += rate.seconds * share;
      }
      compl += w.compl * share;
      rest += w.rest * share;
      earned += w.earned * share;
      anomalies += monthAnomalies(w, from, to);
    }
    const leaveDays = PAYROLL_LEAVE_REASONS.map(() => 0);
    let taken = 0;
    for (const l of r.leaves) {
      if (l.reason === "RECOVERY_LEAVE") {
        if (l.start >= from && l.start <= to) taken += Number(l.hours ?? 0) * H;
        continue;
      }
      const i = (PAYROLL_LEAVE_REASONS as readonly string[]).indexOf(l.reason);
      if (i < 0) continue;
      const inside = l.start >= from && l.end <= to;
      const all = weekdaysBetween(l.start, l.end);
      const part = weekdaysBetween(l.start > from ? l.start : from, l.end < to ? l.end : to);
      leaveDays[i]! += inside || all === 0 ? Number(l.days) : (Number(l.days) * part) / all;
    }
    return {
      employeeId: r.id,
      matricule: r.matricule,
      employeeName: displayName(r.firstname, r.lastname),
      overtimeByRate: byRate.map(Math.round),
      overtimeOtherRates: Math.round(other),
      complementarySeconds: Math.round(compl),
      mandatoryRestSeconds: Math.round(rest),
      recoveryEarnedSeconds: Math.round(earned),
      recoveryTakenSeconds: Math.round(taken),
      leaveDays: leaveDays.map((d) => Math.round(d * 100) / 100),
      anomalies,
      nightSeconds: Number(r.night ?? 0),
    };
  });
  // The regularisations carried into this month follow the employees' lines in the files (decision 0079).
  if (!page) lines.push(...(await rappelLines(em, subsidiaryId, month)));
  return { subsidiaryId, subsidiaryName, month, from, to, lines };
}

// ---------------------------------------------------------------------------------------------------------------
// Files (stable layout cadran-paie-v1, docs/payroll-variables.md)

/** The CSV header: fixed codes, never renamed (a new layout gets a new version name). */
export const PAYROLL_CSV_COLUMNS = [
  "MATRICULE",
  "NOM",
  "MOIS",
  "HS_25",
  "HS_33",
  "HS_50",
  "HS_100",
  "HS_AUTRES",
  "HC",
  "RCO",
  "RECUP_ACQUISE",
  "RECUP_PRISE",
  ...PAYROLL_LEAVE_REASONS.map((r) => `JOURS_${r.replace(/_LEAVE$/, "")}`),
  "ANOMALIES",
  "HEURES_NUIT",
] as const;

const hoursValue = (s: number) => Math.round((s / H) * 100) / 100;

function lineValues(data: PayrollMonthData, l: PayrollLine): (string | number | null)[] {
  return [
    l.matricule,
    l.employeeName,
    data.month,
    ...l.overtimeByRate.map(hoursValue),
    hoursValue(l.overtimeOtherRates),
    hoursValue(l.complementarySeconds),
    hoursValue(l.mandatoryRestSeconds),
    hoursValue(l.recoveryEarnedSeconds),
    hoursValue(l.recoveryTakenSeconds),
    ...l.leaveDays,
    l.anomalies,
    hoursValue(l.nightSeconds),
  ];
}

/** The CSV for payroll tools: UTF-8 with BOM, semicolons, comma decimals, CRLF, one header row. */
export function payrollCsv(data: PayrollMonthData): string {
  let out = "\ufeff" + csvLine(PAYROLL_CSV_COLUMNS as unknown as string[]);
  for (const l of data.lines) {
    out += csvLine(lineValues(data, l).map((v) => (typeof v === "number" ? csvNumber(v) : v)));
  }
  return out;
}

/** The same variables as an Excel sheet, with French headers. */
export function payrollSheet(data: PayrollMonthData): XlsxSheet {
  const columns: XlsxColumn[] = [
    { header: t("payroll.col.matricule"), kind: "int" },
    { header: t("payroll.col.employee"), kind: "text" },
    { header: t("payroll.col.month"), kind: "text", width: 10 },
    ...REPORT_RATES.map((rate): XlsxColumn => ({ header: t("payroll.col.overtime_at", { rate }), kind: "hours" })),
    { header: t("payroll.col.overtime_at", { rate: "autres" }), kind: "hours" },
    { header: t("payroll.col.complementary"), kind: "hours" },
    { header: t("payroll.col.mandatory_rest"), kind: "hours" },
    { header: t("payroll.col.recovery_earned"), kind: "hours" },
    { header: t("payroll.col.recovery_taken"), kind: "hours" },
    ...PAYROLL_LEAVE_REASONS.map((r): XlsxColumn => ({ header: t("payroll.col.leave_days", { reason: tOr(`leave.reason.${r}`, r) }), kind: "number" })),
    { header: t("payroll.col.anomalies"), kind: "int" },
    { header: t("payroll.col.night_hours"), kind: "hours" },
  ];
  function* rows() {
    for (const l of data.lines) yield () => lineValues(data, l);
  }
  return { name: t("report.payroll.title"), columns, rows: rows() };
}

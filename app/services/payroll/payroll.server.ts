/**
 * Payroll variables (DESIGN §10, 0046; the close: services/payroll/close.server.ts). The variables come from the stored weeks of
 * the overtime engine (a week straddling two months split by its days) and the accepted leaves; the column layout
 * of the CSV is fixed and documented in docs/payroll-variables.md (version "cadran-paie-v1").
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { nightPremium, type NightDayFacts } from "~/domain/payroll/night-premium";
import { payrollFigures, type PayrollLine, type PayrollMonthData } from "~/domain/payroll/variables";
import { csvLine, csvNumber, monthRange, REPORT_RATES } from "~/domain/reports/reports";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { formatDecimal, hoursFromSeconds } from "~/domain/shared/number-format";
import { t, tOr } from "~/i18n/fr";
import { assertSubsidiary, checkMonth, rappelLines, storedLineCount, storedMonth } from "./store.server";
import type { XlsxColumn, XlsxSheet } from "~/services/shared/xlsx.server";

const H = 3600;

// ---------------------------------------------------------------------------------------------------------------
// The variables

/** Leave reasons counted in days (recovery leave is counted in hours, in its own column). */
export const PAYROLL_LEAVE_REASONS = LEAVE_REASONS.filter((r) => r !== "RECOVERY_LEAVE");

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
  options: { live?: boolean } = {},
): Promise<PayrollMonthData> {
  const { from, to } = checkMonth(month);
  // A closed month is read back from the lines stored at its close (decision 0079); `live`: as it computes now (what
  // a reopening would show, issue 38 §3).
  const stored = options.live ? null : await storedMonth(em, subsidiaryId, month, page);
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
      nightDays: NightDayFacts[];
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
            coalesce((select json_agg(json_build_object('date', tc.date::text, 'seconds', tc.night_seconds, 'agreementRate', s.night_rate, 'country', co.name,
                        'policy', (select json_build_object('rate', p.night_rate, 'mode', p.mode) from overtime_policy p
                                    where p.country_id = co.id and p.effective_from <= tc.date order by p.effective_from desc limit 1)) order by tc.date)
                        from time_clock tc left join subsidiary s on s.id = e.subsidiary_id left join country co on co.id = coalesce(e.country_id, s.country_id)
                       where tc.employee_id = e.id and tc.suggested = false and tc.night_seconds > 0 and tc.date between ?::date and ?::date), '[]'::json) as "nightDays"
       from (select e.id, e.firstname, e.lastname, e.matricule, e.subsidiary_id, e.country_id from employee e where ${PAYROLL_EMPLOYEES}
              order by e.lastname, e.firstname, e.id ${page ? "offset ? limit ?" : ""}) e
      order by e.lastname, e.firstname, e.id`,
    [from, to, from, to, from, to, to, from, from, to, subsidiaryId, to, from, ...(page ? [page.offset, page.limit] : [])],
  );
  const lines = rows.map(
    (r): PayrollLine => ({
      employeeId: r.id,
      matricule: r.matricule,
      employeeName: displayName(r.firstname, r.lastname),
      ...payrollFigures(r.weeks, r.leaves, PAYROLL_LEAVE_REASONS, from, to),
      // Night hours of the shifts started in the month (issue 26, decision 0075), and their premium at each day's
      // rate (decision 0143).
      nightSeconds: r.nightDays.reduce((sum, d) => sum + Number(d.seconds), 0),
      ...nightPremium(r.nightDays, from, to),
    }),
  );
  // The regularisations carried into this month follow the employees' lines in the files (decision 0079).
  if (!page) lines.push(...(await rappelLines(em, subsidiaryId, month)));
  return { subsidiaryId, subsidiaryName, month, from, to, lines };
}

// ---------------------------------------------------------------------------------------------------------------
// Files: stable layouts `cadran-paie-v1`, `cadran-paie-v2` and `cadran-paie-v3` (docs/payroll-variables.md, decisions 0072, 0143)

export type PayrollLayout = "cadran-paie-v1" | "cadran-paie-v2" | "cadran-paie-v3";
/** The layouts the page offers, the recommended first (decision 0143: v3, v2 without the night premium, v1). */
export const PAYROLL_LAYOUTS: readonly PayrollLayout[] = ["cadran-paie-v3", "cadran-paie-v2", "cadran-paie-v1"];

/** A layout's short name in an address: `v1`, `v2`, `v3`. */
export const layoutParam = (layout: PayrollLayout): string => layout.replace("cadran-paie-", "");

/** `?layout=v1|v2|v3|cadran-paie-v1|…`; without it (or unknown), v1 (the address already mapped by payroll tools). */
export function readPayrollLayout(raw: string | null): PayrollLayout {
  return PAYROLL_LAYOUTS.find((l) => raw === l || raw === layoutParam(l)) ?? "cadran-paie-v1";
}

/** Decimal hours rounded once from the seconds (issue 25 §5). */
const hoursValue = (s: number) => hoursFromSeconds(s);
const leaveColumns = PAYROLL_LEAVE_REASONS.map((r) => `JOURS_${r.replace(/_LEAVE$/, "")}`);

/** A layout's columns: the CSV code, the Excel header, the value of a line. Codes never change within a layout. */
interface PayrollColumn {
  code: string;
  header: string;
  kind: XlsxColumn["kind"];
  width?: number;
  value: (data: PayrollMonthData, l: PayrollLine) => string | number | null;
}

const identity: PayrollColumn[] = [
  { code: "MATRICULE", header: t("payroll.col.matricule"), kind: "int", value: (_, l) => l.matricule },
  { code: "NOM", header: t("payroll.col.employee"), kind: "text", value: (_, l) => l.employeeName },
  { code: "MOIS", header: t("payroll.col.month"), kind: "text", width: 10, value: (d) => d.month },
];
const leaveAndAnomalies: PayrollColumn[] = [
  ...PAYROLL_LEAVE_REASONS.map(
    (r, i): PayrollColumn => ({
      code: leaveColumns[i]!,
      header: t("payroll.col.leave_days", { reason: tOr(`leave.reason.${r}`, r) }),
      kind: "number",
      value: (_, l) => l.leaveDays[i] ?? 0,
    }),
  ),
  { code: "ANOMALIES", header: t("payroll.col.anomalies"), kind: "int", value: (_, l) => l.anomalies },
];
const hoursColumn = (code: string, header: string, seconds: (l: PayrollLine) => number): PayrollColumn => ({
  code,
  header,
  kind: "hours",
  value: (_, l) => hoursValue(seconds(l)),
});

/** `cadran-paie-v1`: unchanged since decision 0046 (hours per rate of every kind of line, split by the week's share). */
const V1: PayrollColumn[] = [
  ...identity,
  ...REPORT_RATES.map((rate, i) => hoursColumn(`HS_${rate}`, t("payroll.col.overtime_at", { rate }), (l) => l.overtimeByRate[i] ?? 0)),
  hoursColumn("HS_AUTRES", t("payroll.col.overtime_at", { rate: "autres" }), (l) => l.overtimeOtherRates),
  hoursColumn("HC", t("payroll.col.complementary"), (l) => l.complementarySeconds),
  hoursColumn("RCO", t("payroll.col.mandatory_rest"), (l) => l.mandatoryRestSeconds),
  hoursColumn("RECUP_ACQUISE", t("payroll.col.recovery_earned"), (l) => l.recoveryEarnedSeconds),
  hoursColumn("RECUP_PRISE", t("payroll.col.recovery_taken"), (l) => l.recoveryTakenSeconds),
  ...leaveAndAnomalies,
];

/**
 * `cadran-paie-v2` (issue 25 §2–3): structural hours apart (in the salary), HS_* = overtime hours paid, HC only for
 * part time, the 1 May premium in its own column in the month of that day, night hours, rest columns apart.
 */
const V2: PayrollColumn[] = [
  ...identity,
  hoursColumn("HS_STRUCT", t("payroll.col.structural"), (l) => l.structuralSeconds),
  ...REPORT_RATES.map((rate, i) => hoursColumn(`HS_${rate}`, t("payroll.col.paid_at", { rate }), (l) => l.paidByRate[i] ?? 0)),
  hoursColumn("HS_AUTRES", t("payroll.col.paid_at", { rate: "autres" }), (l) => l.paidOtherRates),
  hoursColumn("HC", t("payroll.col.complementary"), (l) => l.complementaryPaidSeconds),
  hoursColumn("PRIME_1ER_MAI", t("payroll.col.may_day"), (l) => l.mayDaySeconds),
  hoursColumn("HEURES_DIM_FERIES", t("payroll.col.other_premium"), (l) => l.otherPremiumSeconds),
  hoursColumn("HEURES_NUIT", t("payroll.col.night"), (l) => l.nightSeconds),
  hoursColumn("HS_EN_REPOS", t("payroll.col.rest_converted"), (l) => l.restConvertedSeconds),
  hoursColumn("RECUP_ACQUISE", t("payroll.col.recovery_earned"), (l) => l.recoveryEarnedSeconds),
  hoursColumn("RECUP_PRISE", t("payroll.col.recovery_taken"), (l) => l.recoveryTakenSeconds),
  hoursColumn("RCO", t("payroll.col.mandatory_rest"), (l) => l.mandatoryRestSeconds),
  ...leaveAndAnomalies,
];

/**
 * `cadran-paie-v3` (issue 40, decision 0143): v2's columns, and after `HEURES_NUIT` the night premium as a payroll
 * officer pays it — the hours carrying a pay premium, their rate, and the premium as hours to pay at the hourly wage
 * (Código do Trabalho art. 266.º n.º 1: +25 %; Code du travail L3122-8: the agreement's, else none). A line stored
 * at a close before v3 has no premium: its three cells are empty.
 */
const optionalHours = (code: string, header: string, seconds: (l: PayrollLine) => number | undefined): PayrollColumn => ({
  code,
  header,
  kind: "hours",
  value: (_, l) => {
    const s = seconds(l);
    return s === undefined ? null : hoursValue(s);
  },
});
const V3: PayrollColumn[] = V2.flatMap((c) =>
  c.code !== "HEURES_NUIT"
    ? [c]
    : [
        c,
        optionalHours("HEURES_NUIT_MAJOREES", t("payroll.col.night_premium_hours"), (l) => l.nightPremiumSeconds),
        { code: "TAUX_NUIT", header: t("payroll.col.night_premium_rate"), kind: "number", value: (_, l) => l.nightPremiumRate ?? null },
        optionalHours("PRIME_NUIT_H", t("payroll.col.night_premium_equivalent"), (l) => l.nightPremiumEquivalentSeconds),
      ],
);

const COLUMNS: Record<PayrollLayout, PayrollColumn[]> = { "cadran-paie-v1": V1, "cadran-paie-v2": V2, "cadran-paie-v3": V3 };

/** The CSV header of a layout: fixed codes, never renamed (a new layout gets a new version name). */
export function payrollColumns(layout: PayrollLayout): string[] {
  return COLUMNS[layout].map((c) => c.code);
}

/** The v1 CSV header (kept for its callers). */
export const PAYROLL_CSV_COLUMNS = payrollColumns("cadran-paie-v1");

/** The CSV for payroll tools: UTF-8 with BOM, semicolons, comma decimals, CRLF, one header row. */
export function payrollCsv(data: PayrollMonthData, layout: PayrollLayout = "cadran-paie-v1"): string {
  const columns = COLUMNS[layout];
  let out = "\ufeff" + csvLine(columns.map((c) => c.code));
  for (const l of data.lines) {
    out += csvLine(columns.map((c) => c.value(data, l)).map((v) => (typeof v === "number" ? csvNumber(v) : v)));
  }
  return out;
}

/** The same variables as an Excel sheet, with French headers. */
export function payrollSheet(data: PayrollMonthData, layout: PayrollLayout = "cadran-paie-v1"): XlsxSheet {
  const list = COLUMNS[layout];
  const columns: XlsxColumn[] = list.map((c) => ({ header: c.header, kind: c.kind, ...(c.width ? { width: c.width } : {}) }));
  function* rows() {
    for (const l of data.lines) yield () => list.map((c) => c.value(data, l));
  }
  return { name: t("report.payroll.sheet"), columns, rows: rows() };
}

/**
 * The page's table of a layout: the same columns as the file (matricule, name and month apart), French decimals, so
 * what the page shows is what the file carries (issue 25 §1: one meaning per figure).
 */
export function payrollTableView(data: PayrollMonthData, layout: PayrollLayout): { head: string[]; rows: { id: number; name: string; matricule: string; cells: string[] }[] } {
  const list = COLUMNS[layout].filter((c) => !["MATRICULE", "NOM", "MOIS"].includes(c.code));
  return {
    head: list.map((c) => c.header),
    rows: data.lines.map((l) => ({
      id: l.employeeId,
      name: l.employeeName,
      matricule: l.matricule === null ? "" : String(l.matricule),
      cells: list.map((c) => {
        const v = c.value(data, l);
        return typeof v === "number" ? formatDecimal(v) : (v ?? "");
      }),
    })),
  };
}

/**
 * Payroll variables and the monthly close (DESIGN §10, decision 0046). The variables come from the stored weeks of
 * the overtime engine (a week straddling two months split by its days) and the accepted leaves; the column layout
 * of the CSV is fixed and documented in docs/payroll-variables.md (version "cadran-paie-v1").
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employee-name";
import { mondayOf } from "~/domain/iso-week";
import { LEAVE_REASONS } from "~/domain/leave-days";
import { payrollFigures, type PayrollFigures } from "~/domain/payroll-variables";
import { csvLine, csvNumber, monthRange, REPORT_RATES } from "~/domain/reports";
import { addDays, type CalendarDate } from "~/domain/time-calendar-date";
import { formatDecimal, hoursFromSeconds } from "~/domain/number-format";
import { t, tOr } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors";
import type { XlsxColumn, XlsxSheet } from "./xlsx.server";

const H = 3600;
const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const monthLabel = (first: string) => `${MONTHS[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------------------------
// The close

/**
 * Refuses (French 409) a change that would alter a week touching a month closed for payroll. `target`: the
 * employees concerned (their subsidiary's closes apply), a whole subsidiary, or every employee of a country (a policy
 * or public holiday change); `range`: the changed dates, as a span or as separate days (a holiday list), widened to
 * their ISO weeks (a change of one day changes its whole week). One statement.
 */
export async function assertMonthOpen(
  em: EntityManager,
  target: { employeeIds: readonly number[] } | { subsidiaryId: number } | { countryId: number },
  range: { from: CalendarDate; to: CalendarDate } | { dates: readonly CalendarDate[] },
): Promise<void> {
  let months: string;
  let params: unknown[];
  if ("dates" in range) {
    if (range.dates.length === 0) return;
    // The first days of the months each day's ISO week touches.
    const firsts = new Set(range.dates.flatMap((d) => [mondayOf(d), addDays(mondayOf(d), 6)].map((x) => `${x.slice(0, 7)}-01`)));
    months = "pm.month = any(?::date[])";
    params = [`{${[...firsts].join(",")}}`];
  } else {
    if (range.to < range.from) return;
    months = "pm.month between date_trunc('month', ?::date)::date and ?::date";
    params = [mondayOf(range.from), addDays(mondayOf(range.to), 6)];
  }
  let who: string;
  if ("subsidiaryId" in target) {
    who = "pm.subsidiary_id = ?";
    params.push(target.subsidiaryId);
  } else if ("countryId" in target) {
    who = `pm.subsidiary_id in (select e.subsidiary_id from employee e left join subsidiary s on s.id = e.subsidiary_id
                                 where coalesce(e.country_id, s.country_id) = ?)`;
    params.push(target.countryId);
  } else {
    who = "pm.subsidiary_id in (select e.subsidiary_id from employee e where e.id = any(?::int[]))";
    params.push(`{${target.employeeIds.map(Number).join(",")}}`);
  }
  const [closed] = await em.execute<{ month: string }[]>(
    `select to_char(pm.month, 'YYYY-MM-DD') as month from payroll_month pm where ${months} and ${who} order by pm.month limit 1`,
    params,
  );
  if (closed) throw new ConflictError(t("payroll.month_closed", { month: monthLabel(closed.month) }));
}

function checkMonth(month: string) {
  const range = monthRange(month);
  if (!range) throw new ValidationError([{ propertyPath: "month", message: t("report.error.month") }], t("report.error.month"));
  return range;
}

async function assertSubsidiary(em: EntityManager, subsidiaryId: number): Promise<string> {
  const [row] = await em.execute<{ name: string }[]>(`select name from subsidiary where id = ?`, [subsidiaryId]);
  if (!row) throw new NotFoundError();
  return row.name;
}

export interface MonthState {
  closed: boolean;
  closedBy: string | null;
  closedAt: string | null;
  log: { action: string; actor: string | null; at: string }[];
}

export async function monthState(em: EntityManager, subsidiaryId: number, month: string): Promise<MonthState> {
  const { from } = checkMonth(month);
  const rows = await em.execute<{ kind: string; action: string | null; firstname: string | null; lastname: string | null; at: Date }[]>(
    `select 'state' as kind, null as action, e.firstname, e.lastname, pm.closed_at as at
       from payroll_month pm left join employee e on e.id = pm.closed_by_id where pm.subsidiary_id = ? and pm.month = ?
     union all
     select 'log', l.action, e.firstname, e.lastname, l.at
       from payroll_month_log l left join employee e on e.id = l.actor_id where l.subsidiary_id = ? and l.month = ?
     order by at desc`,
    [subsidiaryId, from, subsidiaryId, from],
  );
  const state = rows.find((r) => r.kind === "state");
  const name = (r: { firstname: string | null; lastname: string | null }) => (r.firstname || r.lastname ? displayName(r.firstname, r.lastname) : null);
  return {
    closed: !!state,
    closedBy: state ? name(state) : null,
    closedAt: state ? new Date(state.at).toISOString() : null,
    log: rows.filter((r) => r.kind === "log").map((r) => ({ action: r.action ?? "", actor: name(r), at: new Date(r.at).toISOString() })),
  };
}

/** Finance (or head management) closes a month of a subsidiary; logged. 409 when already closed. */
export async function closeMonth(em: EntityManager, actor: CurrentUser, subsidiaryId: number, month: string, now: Date = new Date()): Promise<void> {
  if (!["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"].includes(actor.profileType)) throw new ForbiddenError();
  const { from } = checkMonth(month);
  await assertSubsidiary(em, subsidiaryId);
  await em.transactional(async (tx) => {
    const inserted = await tx.execute<{ id: number }[]>(
      `insert into payroll_month (subsidiary_id, month, closed_by_id, closed_at) values (?, ?, ?, ?)
       on conflict (subsidiary_id, month) do nothing returning id`,
      [subsidiaryId, from, actor.employeeId, now],
    );
    if (inserted.length === 0) throw new ConflictError(t("payroll.already_closed"));
    await tx.execute(`insert into payroll_month_log (subsidiary_id, month, action, actor_id, at) values (?, ?, 'close', ?, ?)`, [
      subsidiaryId,
      from,
      actor.employeeId,
      now,
    ]);
  });
}

/** Only head management reopens a closed month; logged. 409 when not closed. */
export async function reopenMonth(em: EntityManager, actor: CurrentUser, subsidiaryId: number, month: string, now: Date = new Date()): Promise<void> {
  if (actor.profileType !== "ROLE_HEAD_MANAGEMENT") throw new ForbiddenError(t("payroll.reopen_forbidden"));
  const { from } = checkMonth(month);
  await assertSubsidiary(em, subsidiaryId);
  await em.transactional(async (tx) => {
    const deleted = await tx.execute<{ id: number }[]>(`delete from payroll_month where subsidiary_id = ? and month = ? returning id`, [subsidiaryId, from]);
    if (deleted.length === 0) throw new ConflictError(t("payroll.not_closed"));
    await tx.execute(`insert into payroll_month_log (subsidiary_id, month, action, actor_id, at) values (?, ?, 'reopen', ?, ?)`, [
      subsidiaryId,
      from,
      actor.employeeId,
      now,
    ]);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The variables

/** Leave reasons counted in days (recovery leave is counted in hours, in its own column). */
export const PAYROLL_LEAVE_REASONS = LEAVE_REASONS.filter((r) => r !== "RECOVERY_LEAVE");

/** One employee's line: who, and the month's figures (a plain serialisable object: a closed month's snapshot). */
export interface PayrollLine extends PayrollFigures {
  employeeId: number;
  matricule: number | null;
  employeeName: string;
}

export interface PayrollMonthData {
  subsidiaryId: number;
  subsidiaryName: string;
  month: string;
  from: CalendarDate;
  to: CalendarDate;
  lines: PayrollLine[];
}

/** Employees of a subsidiary working during [from, to] (alias e); parameters: subsidiary, to, from. */
const PAYROLL_EMPLOYEES = `e.subsidiary_id = ? and (e.hired_at is null or e.hired_at <= ?::date) and (e.fired_at is null or e.fired_at >= ?::date)`;

/** The number of lines of a month's variables (the employees of the subsidiary working during it). */
export async function payrollLineCount(em: EntityManager, subsidiaryId: number, month: string): Promise<number> {
  const { from, to } = checkMonth(month);
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
  const subsidiaryName = await assertSubsidiary(em, subsidiaryId);
  const rows = await em.execute<
    {
      id: number;
      firstname: string;
      lastname: string;
      matricule: number | null;
      weeks: { m: string; compl: number; rest: number; earned: number; anomalies: number; anomalyList: { date?: string }[] | null; bands: unknown; days: { date: string; workedSeconds?: number }[] | null }[];
      leaves: { reason: string; start: string; end: string; days: number; hours: number | null }[];
    }[]
  >(
    `select e.id, e.firstname, e.lastname, e.matricule,
            coalesce((select json_agg(json_build_object('m', w.monday, 'compl', w.complementary_seconds, 'rest', w.mandatory_rest_seconds,
                        'earned', w.recovery_earned_seconds, 'anomalies', w.anomaly_count, 'bands', w.bands,
                        'anomalyList', case when w.monday < ?::date or w.monday + 6 > ?::date then w.explanation -> 'anomalies' end,
                        'days', case when w.monday < ?::date or w.monday + 6 > ?::date then w.explanation -> 'days' end))
                        from overtime_week w where w.employee_id = e.id and w.monday between ?::date - 6 and ?::date and w.computed_at is not null), '[]'::json) as weeks,
            coalesce((select json_agg(json_build_object('reason', l.reason, 'start', l.start, 'end', l."end", 'days', l.number_days_work, 'hours', l.nb_hour_absence))
                        from leave l where l.employee_id = e.id and l.state = 'accepted' and l.start <= ?::date and l."end" >= ?::date), '[]'::json) as leaves
       from (select e.id, e.firstname, e.lastname, e.matricule from employee e where ${PAYROLL_EMPLOYEES}
              order by e.lastname, e.firstname, e.id ${page ? "offset ? limit ?" : ""}) e
      order by e.lastname, e.firstname, e.id`,
    [from, to, from, to, from, to, to, from, subsidiaryId, to, from, ...(page ? [page.offset, page.limit] : [])],
  );
  const lines = rows.map(
    (r): PayrollLine => ({
      employeeId: r.id,
      matricule: r.matricule,
      employeeName: displayName(r.firstname, r.lastname),
      ...payrollFigures(r.weeks, r.leaves, PAYROLL_LEAVE_REASONS, from, to),
    }),
  );
  return { subsidiaryId, subsidiaryName, month, from, to, lines };
}

// ---------------------------------------------------------------------------------------------------------------
// Files: stable layouts `cadran-paie-v1` and `cadran-paie-v2` (docs/payroll-variables.md, decision 0072)

export type PayrollLayout = "cadran-paie-v1" | "cadran-paie-v2";
export const PAYROLL_LAYOUTS: readonly PayrollLayout[] = ["cadran-paie-v2", "cadran-paie-v1"];

/** `?layout=v1|v2|cadran-paie-v1|cadran-paie-v2`; without it, v1 (the address already mapped by payroll tools). */
export function readPayrollLayout(raw: string | null): PayrollLayout {
  if (raw === "v2" || raw === "cadran-paie-v2") return "cadran-paie-v2";
  return "cadran-paie-v1";
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

const COLUMNS: Record<PayrollLayout, PayrollColumn[]> = { "cadran-paie-v1": V1, "cadran-paie-v2": V2 };

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

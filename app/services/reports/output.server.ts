/**
 * The two outputs of a report besides its page: the /api body (spec 2 §3 shapes, DESIGN §4) and the Excel sheet
 * (DESIGN §9). Both are written from the same loaded report, so the page, the API and the file agree.
 */
import { exactHours, hoursDecimal, wholeMinutesAsDays } from "~/domain/reports/reports";
import { formatSignedHHhmm, formatTimeAccount } from "~/domain/shared/number-format";
import { t, tOr } from "~/i18n/fr";
import type { AnyReport, CostReport, LeaveReport, OvertimeReport, RecoveryReport } from "./reports.server";
import { columnLetter, xlsxDate, type XlsxCell, type XlsxColumn, type XlsxSheet } from "~/services/shared/xlsx.server";

const H = 3600;
/** The seconds of a row's week cells. */
const secondsSum = (cells: readonly (number | null)[]) => cells.reduce<number>((t2, c) => t2 + (c ?? 0), 0);
/** Every date of a body is unix seconds, the period and the Mondays included (spec 2 §7, decision 0088). */
const unix = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
const euros = (cents: number | null | undefined) => (cents == null ? null : cents / 100);
const reasonLabel = (reason: string) => tOr(`leave.reason.${reason}`, reason);

// ---------------------------------------------------------------------------------------------------------------
// /api bodies

export function leaveReportJson(r: LeaveReport) {
  return {
    identifier: r.identifier,
    start: unix(r.from),
    end: unix(r.to),
    employees: r.employees.map((e) => ({
      employeeId: e.employeeId,
      employeeName: e.employeeName,
      matricule: e.matricule,
      leaves: e.leaves.map((l) => ({
        id: l.id,
        employee: `/api/employees/${e.employeeId}`,
        reason: l.reason.toLowerCase(),
        start: unix(l.start),
        end: unix(l.end),
        halfDayMorning: l.halfDayMorning,
        halfDayAfternoon: l.halfDayAfternoon,
        createdAt: Math.floor(Date.parse(l.createdAt) / 1000),
        numberDaysWork: l.numberDaysWork,
      })),
    })),
    totalItems: r.rowCount,
  };
}

/**
 * The overtime report's body: every figure is the time account (decision 0071), named in `figure`/`figureLabel`;
 * the running week carries `running: true` ("en cours": the days up to today).
 */
export function overtimeReportJson(r: OvertimeReport) {
  return {
    identifier: r.identifier,
    figure: "time_account",
    figureLabel: t("figure.time_account"),
    start: unix(r.from),
    end: unix(r.to),
    weeks: r.weeks.map((w, i) => ({ weekNumber: w.week, year: w.year, monday: unix(w.monday), running: i === r.runningWeek })),
    employees: r.employees.map((e) => ({
      employeeId: e.employeeId,
      employeeName: e.employeeName,
      overtimeWeeks: r.weeks.flatMap((w, i) => {
        const s = e.cells[i];
        return s === null || s === undefined ? [] : [{ weekNumber: w.week, year: w.year, totalOvertimeSeconds: s, totalOvertimeHours: hoursDecimal(s), totalOvertimeHourFormat: formatTimeAccount(s), running: i === r.runningWeek }];
      }),
      totalSeconds: e.totalSeconds,
      totalHours: hoursDecimal(e.totalSeconds),
      totalHourFormat: formatTimeAccount(e.totalSeconds),
      quotaUsedHours: e.quotaUsedSeconds === null ? null : hoursDecimal(e.quotaUsedSeconds),
      mandatoryRestHours: hoursDecimal(e.mandatoryRestSeconds),
    })),
    totalByWeek: r.weeks.map((w, i) => ({
      weekNumber: w.week,
      year: w.year,
      running: i === r.runningWeek,
      totalSeconds: r.totalByWeek[i],
      totalHours: hoursDecimal(r.totalByWeek[i] ?? 0),
      totalHourFormat: formatTimeAccount(r.totalByWeek[i] ?? 0),
    })),
    totalWeeks: { totalSeconds: r.totalSeconds, totalHours: hoursDecimal(r.totalSeconds), totalHourFormat: formatTimeAccount(r.totalSeconds) },
    totalItems: r.employees.length,
  };
}

const rateJson = (rate: { rate: number; seconds: number; increasedSeconds: number }) => ({
  rateCalc: rate.rate,
  hourNumber: hoursDecimal(rate.seconds),
  total: hoursDecimal(rate.increasedSeconds),
  seconds: rate.seconds,
  increasedSeconds: rate.increasedSeconds,
});

export function recoveryReportJson(r: RecoveryReport) {
  return {
    identifier: r.identifier,
    start: unix(r.from),
    end: unix(r.to),
    rates: r.rates,
    employees: r.employees.map((e) => ({
      employeeId: e.employeeId,
      employeeName: e.employeeName,
      matricule: e.matricule,
      recoveryNormal: euros(e.hourlyCents),
      count: e.weeks.length,
      weeks: e.weeks.map((w) => ({
        weekNumber: w.week,
        year: w.year,
        monday: unix(w.monday),
        normalHours: hoursDecimal(w.normalSeconds),
        structuralHours: hoursDecimal(w.structuralSeconds),
        totalOvertime: hoursDecimal(w.overtimeSeconds),
        recoveryPaid: hoursDecimal(w.paidSeconds),
        overtimeRates: w.rates.map(rateJson),
        totalIncreased: hoursDecimal(w.totalIncreasedSeconds),
        totalIncreasedSeconds: w.totalIncreasedSeconds,
        totalIncreasedFormat: formatSignedHHhmm(w.totalIncreasedSeconds).replace(/^\+/, ""),
        recoveryEarned: hoursDecimal(w.recoveryEarnedSeconds),
        totalTaken: hoursDecimal(w.takenSeconds),
        quotaUsedHours: hoursDecimal(w.quotaUsedSeconds),
        mandatoryRestHours: hoursDecimal(w.mandatoryRestSeconds),
      })),
      totalTaken: hoursDecimal(e.totalTakenSeconds),
      recoveryEarned: e.recoveryEarned === null ? null : hoursDecimal(e.recoveryEarned),
      recoveryTaken: e.recoveryTaken === null ? null : hoursDecimal(e.recoveryTaken),
      recoveryBalance: e.balance === null ? null : hoursDecimal(e.balance),
    })),
    totalItems: r.rowCount,
  };
}

export function costReportJson(r: CostReport) {
  return {
    identifier: r.identifier,
    start: unix(r.from),
    end: unix(r.to),
    rates: r.rates,
    employees: r.employees.map((e) => ({
      employeeId: e.employeeId,
      employeeName: e.employeeName,
      matricule: e.matricule,
      hourlyCostNormal: euros(e.hourlyCents),
      count: e.weeks.length,
      weeks: e.weeks.map((w) => ({
        weekNumber: w.week,
        year: w.year,
        monday: unix(w.monday),
        normalHours: hoursDecimal(w.normalSeconds),
        normalCost: euros(w.cost?.normalCents),
        overtimeRates: w.rates.map((rate, i) => ({
          rateCalc: rate.rate,
          hourNumber: hoursDecimal(rate.paidSeconds),
          total: euros(w.cost?.bands[i]?.cents),
        })),
        totalToPay: euros(w.cost?.totalCents),
        hourlyCostIncreased: euros(w.cost?.increasedHourlyCents),
      })),
      totalToPay: euros(e.totalCents),
      averageCost: euros(e.averageCents),
      differenceCost: euros(e.differenceCents),
    })),
    totalByWeek: r.weeks.map((w, i) => ({ weekNumber: w.week, year: w.year, total: euros(r.totalByWeek[i]) })),
    totalWeeks: euros(r.totalCents),
    totalItems: r.rowCount,
  };
}

export function reportJson(report: AnyReport) {
  switch (report.kind) {
    case "leave":
      return leaveReportJson(report as LeaveReport);
    case "overtime":
      return overtimeReportJson(report as OvertimeReport);
    case "recup":
      return recoveryReportJson(report as RecoveryReport);
    case "cost":
      return costReportJson(report as CostReport);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Excel sheets

function leaveSheet(r: LeaveReport): XlsxSheet {
  const columns: XlsxColumn[] = [
    { header: t("report.col.employee"), kind: "text" },
    { header: t("report.col.matricule"), kind: "int" },
    { header: t("report.col.start"), kind: "date" },
    { header: t("report.col.end"), kind: "date" },
    { header: t("report.col.reason"), kind: "text", width: 24 },
    { header: t("report.col.working_days"), kind: "number" },
  ];
  function* rows() {
    for (const e of r.employees)
      for (const l of e.leaves) yield () => [e.employeeName, e.matricule, xlsxDate(l.start), xlsxDate(l.end), reasonLabel(l.reason), l.numberDaysWork] as XlsxCell[];
  }
  return { name: t("report.leave.sheet"), columns, rows: rows() };
}

function overtimeSheet(r: OvertimeReport): XlsxSheet {
  const n = r.weeks.length;
  const columns: XlsxColumn[] = [
    { header: t("report.col.employee"), kind: "text" },
    { header: t("report.col.matricule"), kind: "int" },
    ...r.weeks.map(
      (w, i): XlsxColumn => ({
        header: `${i === r.runningWeek ? t("figure.running_week", { week: w.week }) : t("report.col.week_short", { week: w.week })} ${w.year}`,
        kind: "hours",
        width: 10,
      }),
    ),
    { header: t("report.col.time_account_hours"), kind: "hours" },
    // The signed figure as text ("-14h08"): a negative [h]:mm duration shows ##### in Excel's 1900 date system.
    { header: t("report.col.time_account_formatted"), kind: "text", width: 16 },
    { header: t("report.col.quota_used"), kind: "hours" },
    { header: t("report.col.mandatory_rest"), kind: "hours" },
  ];
  const firstWeek = columnLetter(3);
  const lastWeek = columnLetter(2 + Math.max(n, 1));
  function* rows() {
    for (const e of r.employees)
      yield (row: number): XlsxCell[] => [
        e.employeeName,
        e.matricule,
        ...e.cells.map((s) => (s === null ? null : exactHours(s))),
        n > 0 ? { formula: `SUM(${firstWeek}${row}:${lastWeek}${row})`, result: exactHours(secondsSum(e.cells)) } : 0,
        formatTimeAccount(e.totalSeconds),
        e.quotaUsedSeconds === null ? null : exactHours(e.quotaUsedSeconds),
        exactHours(e.mandatoryRestSeconds),
      ];
  }
  const sumColumns = [...r.weeks.map((_, i) => 3 + i), 3 + n];
  // Cells hold exact hours (seconds / 3600, shown with two decimals), so a SUM is the exact total, as the page's;
  // the cached results are those sums, computed from the seconds (issue 43 item 4: never a sum of rounded cells).
  const results: Record<number, number> = Object.fromEntries(r.weeks.map((_, i) => [3 + i, exactHours(r.employees.reduce((t2, e) => t2 + (e.cells[i] ?? 0), 0))]));
  results[3 + n] = exactHours(r.employees.reduce((t2, e) => t2 + secondsSum(e.cells), 0));
  return { name: t("report.overtime.sheet"), columns, rows: rows(), totals: { label: t("report.total_row"), sumColumns, results } };
}

function recoverySheet(r: RecoveryReport): XlsxSheet {
  const columns: XlsxColumn[] = [
    { header: t("report.col.employee"), kind: "text" },
    { header: t("report.col.matricule"), kind: "int" },
    { header: t("report.col.hourly_cost"), kind: "euros" },
    { header: t("report.col.year"), kind: "int", width: 8 },
    { header: t("report.col.week"), kind: "int", width: 9 },
    { header: t("report.col.monday"), kind: "date" },
    { header: t("report.col.normal_hours"), kind: "hours" },
    { header: t("report.col.structural"), kind: "hours" },
    { header: t("report.col.total_overtime"), kind: "hours" },
    { header: t("report.col.recovery_paid"), kind: "hours" },
    ...r.rates.flatMap((rate): XlsxColumn[] => [
      { header: t("report.col.hours_at", { rate: String(rate).replace(".", ",") }), kind: "hours" },
      { header: t("report.col.increased_at", { rate: String(rate).replace(".", ",") }), kind: "hours" },
    ]),
    { header: t("report.col.total_increased"), kind: "hours" },
    { header: t("report.col.total_increased_formatted"), kind: "duration" },
    { header: t("report.col.total_taken"), kind: "hours" },
    { header: t("report.col.recovery_balance"), kind: "hours" },
    { header: t("report.col.quota_used"), kind: "hours" },
    { header: t("report.col.mandatory_rest"), kind: "hours" },
  ];
  function* rows() {
    for (const e of r.employees)
      for (const w of e.weeks)
        yield (row: number): XlsxCell[] => [
          e.employeeName,
          e.matricule,
          e.hourlyCents === null ? null : e.hourlyCents / 100,
          w.year,
          w.week,
          xlsxDate(w.monday),
          exactHours(w.normalSeconds),
          exactHours(w.structuralSeconds),
          exactHours(w.overtimeSeconds),
          exactHours(w.paidSeconds),
          ...w.rates.flatMap((x) => [exactHours(x.seconds), exactHours(x.increasedSeconds)]),
          exactHours(w.totalIncreasedSeconds),
          // The page's "H h mm" to the minute (whole minutes, as formatWorkingTime truncates), as a value: a formula on
          // the hours cell would carry the seconds, and [h]:mm would show a minute less for 1 h 19 min 59 s.
          wholeMinutesAsDays(w.totalIncreasedSeconds),
          exactHours(w.takenSeconds),
          e.balance === null ? t("report.balance_error_label") : exactHours(e.balance),
          exactHours(w.quotaUsedSeconds),
          exactHours(w.mandatoryRestSeconds),
        ];
  }
  return { name: t("report.recup.sheet"), columns, rows: rows() };
}

function costSheet(r: CostReport): XlsxSheet {
  const columns: XlsxColumn[] = [
    { header: t("report.col.employee"), kind: "text" },
    { header: t("report.col.matricule"), kind: "int" },
    { header: t("report.col.hourly_cost"), kind: "euros" },
    { header: t("report.col.year"), kind: "int", width: 8 },
    { header: t("report.col.week"), kind: "int", width: 9 },
    { header: t("report.col.monday"), kind: "date" },
    { header: t("report.col.normal_hours"), kind: "hours" },
    { header: t("report.col.normal_cost"), kind: "euros" },
    ...r.rates.flatMap((rate): XlsxColumn[] => [
      { header: t("report.col.hours_at", { rate: String(rate).replace(".", ",") }), kind: "hours" },
      { header: t("report.col.cost_at", { rate: String(rate).replace(".", ",") }), kind: "euros" },
    ]),
    { header: t("report.col.total_to_pay"), kind: "euros" },
    { header: t("report.col.increased_hourly_cost"), kind: "euros" },
    { header: t("report.col.average_cost"), kind: "euros" },
    { header: t("report.col.difference_cost"), kind: "euros" },
  ];
  function* rows() {
    for (const e of r.employees)
      for (const w of e.weeks)
        yield (): XlsxCell[] => [
          e.employeeName,
          e.matricule,
          euros(e.hourlyCents),
          w.year,
          w.week,
          xlsxDate(w.monday),
          exactHours(w.normalSeconds),
          euros(w.cost?.normalCents),
          ...w.rates.flatMap((x, i) => [exactHours(x.paidSeconds), euros(w.cost?.bands[i]?.cents)]),
          euros(w.cost?.totalCents),
          euros(w.cost?.increasedHourlyCents),
          euros(e.averageCents),
          euros(e.differenceCents),
        ];
  }
  const costCols = [8, ...r.rates.map((_, i) => 10 + i * 2), 9 + r.rates.length * 2];
  const results: Record<number, number> = {};
  const sum = (pick: (w: CostReport["employees"][number]["weeks"][number]) => number | undefined) =>
    r.employees.reduce((s, e) => s + e.weeks.reduce((s2, w) => s2 + (pick(w) ?? 0), 0), 0) / 100;
  results[8] = sum((w) => w.cost?.normalCents);
  r.rates.forEach((_, i) => (results[10 + i * 2] = sum((w) => w.cost?.bands[i]?.cents)));
  results[9 + r.rates.length * 2] = r.totalCents / 100;
  return { name: t("report.cost.sheet"), columns, rows: rows(), totals: { label: t("report.total_row"), sumColumns: costCols, results } };
}

export function reportSheet(report: AnyReport): XlsxSheet {
  switch (report.kind) {
    case "leave":
      return leaveSheet(report as LeaveReport);
    case "overtime":
      return overtimeSheet(report as OvertimeReport);
    case "recup":
      return recoverySheet(report as RecoveryReport);
    case "cost":
      return costSheet(report as CostReport);
  }
}

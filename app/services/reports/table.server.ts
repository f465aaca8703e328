/**
 * A report page as the markup prints it (decision 0033 §4, 0055): the header texts once, each row as its strings
 * (the row's name first), the totals row; formatted here on the server, so the loader data holds no number, rate
 * object or id the page does not show. The /api call and the Excel file keep the full report.
 */
import { formatFrDate } from "~/domain/shared/date-range";
import { formatDecimal, formatEuros, formatHoursMinutes, formatTimeAccount } from "~/domain/shared/number-format";
import { hoursDecimal } from "~/domain/reports/reports";
import { t, tOr } from "~/i18n/fr";
import type { CostReport, LeaveReport, OvertimeReport, RecoveryReport } from "./reports.server";
import type { ReportPageView } from "./pages.server";

/** A cell: its text, or its text with a tooltip (`title`), a test id or a column span. */
export type ReportCell = string | { text: string; title?: string; testId?: string; span?: number };

export interface ReportTableView {
  /** Numbers right-aligned (every `td`), the leave report's texts not. */
  numeric: boolean;
  head: string[];
  /** Each row: its name (a `th`), then its cells. */
  rows: ReportCell[][];
  foot: ReportCell[] | null;
}

const hours = (s: number) => formatDecimal(hoursDecimal(s));
const euros = (cents: number | null | undefined) => (cents == null ? "—" : formatEuros(cents / 100));
const rateLabel = (rate: number) => formatDecimal(rate, { maxDigits: 1 });
const weekLabel = (week: number, year: number) => `${t("report.col.week_short", { week })} ${year}`;

function leaveTable(r: LeaveReport): ReportTableView {
  return {
    numeric: false,
    head: ["employee", "matricule", "start", "end", "reason", "working_days"].map((c) => t(`report.col.${c}` as never)),
    rows: r.employees.flatMap((e) =>
      e.leaves.map((l) => [
        e.employeeName,
        e.matricule == null ? "" : String(e.matricule),
        formatFrDate(l.start),
        formatFrDate(l.end),
        tOr(`leave.reason.${l.reason}`, l.reason),
        formatDecimal(l.numberDaysWork),
      ]),
    ),
    foot: null,
  };
}

/** The overtime report shows the time account (decision 0071): its one label, its one formatter, the running week marked. */
function overtimeTable(r: OvertimeReport): ReportTableView {
  const weekHead = (w: { week: number }, i: number) => (i === r.runningWeek ? t("figure.running_week", { week: w.week }) : t("report.col.week_short", { week: w.week }));
  return {
    numeric: true,
    head: [t("report.col.employee"), ...r.weeks.map(weekHead), t("report.col.time_account_total"), t("report.col.quota_used"), t("report.col.mandatory_rest")],
    rows: r.employees.map((e) => [
      e.employeeName,
      ...e.cells.map((s) => (s ? formatTimeAccount(s) : "")),
      formatTimeAccount(e.totalSeconds),
      e.quotaUsedSeconds === null ? "" : hours(e.quotaUsedSeconds),
      hours(e.mandatoryRestSeconds),
    ]),
    foot: [t("report.total_by_week"), ...r.totalByWeek.map((s) => formatTimeAccount(s)), { text: formatTimeAccount(r.totalSeconds), testId: "overtime-total" }, "", ""],
  };
}

function recoveryTable(r: RecoveryReport): ReportTableView {
  const balanceError = { text: t("report.balance_error_label"), title: t("error.recovery_balance_uncomputable") };
  return {
    numeric: true,
    head: [
      t("report.col.employee"),
      t("report.col.hourly_cost"),
      t("report.col.week"),
      t("report.col.normal_hours"),
      t("report.col.structural"),
      t("report.col.total_overtime"),
      t("report.col.recovery_paid"),
      ...r.rates.flatMap((rate) => [t("report.col.hours_at", { rate: rateLabel(rate) }), t("report.col.increased_at", { rate: rateLabel(rate) })]),
      t("report.col.total_increased"),
      t("report.col.total_increased_formatted"),
      t("report.col.total_taken"),
      t("report.col.recovery_balance"),
      t("report.col.quota_used"),
      t("report.col.mandatory_rest"),
    ],
    rows: r.employees.flatMap((e) => {
      const hourly = euros(e.hourlyCents);
      const balance = e.balance === null ? balanceError : hours(e.balance);
      return e.weeks.map((w): ReportCell[] => [
        e.employeeName,
        hourly,
        weekLabel(w.week, w.year),
        hours(w.normalSeconds),
        hours(w.structuralSeconds),
        hours(w.overtimeSeconds),
        hours(w.paidSeconds),
        ...w.rates.flatMap((x) => [hours(x.seconds), hours(x.increasedSeconds)]),
        hours(w.totalIncreasedSeconds),
        formatHoursMinutes(w.totalIncreasedSeconds),
        hours(w.takenSeconds),
        balance,
        hours(w.quotaUsedSeconds),
        hours(w.mandatoryRestSeconds),
      ]);
    }),
    foot: null,
  };
}

function costTable(r: CostReport): ReportTableView {
  return {
    numeric: true,
    head: [
      t("report.col.employee"),
      t("report.col.week"),
      t("report.col.hourly_cost"),
      t("report.col.normal_hours"),
      t("report.col.normal_cost"),
      ...r.rates.flatMap((rate) => [t("report.col.hours_at", { rate: rateLabel(rate) }), t("report.col.cost_at", { rate: rateLabel(rate) })]),
      t("report.col.total_to_pay"),
      t("report.col.increased_hourly_cost"),
      t("report.col.average_cost"),
      t("report.col.difference_cost"),
    ],
    rows: r.employees.flatMap((e) => {
      const hourly = e.hourlyCents === null ? t("report.hourly_cost_missing") : euros(e.hourlyCents);
      const average = euros(e.averageCents);
      const difference = euros(e.differenceCents);
      return e.weeks.map((w): ReportCell[] => [
        e.employeeName,
        weekLabel(w.week, w.year),
        hourly,
        hours(w.normalSeconds),
        euros(w.cost?.normalCents),
        ...w.rates.flatMap((x, i) => [hours(x.paidSeconds), euros(w.cost?.bands[i]?.cents)]),
        euros(w.cost?.totalCents),
        euros(w.cost?.increasedHourlyCents),
        average,
        difference,
      ]);
    }),
    foot: [t("report.total_row"), { text: euros(r.totalCents), testId: "cost-total", span: 7 + r.rates.length * 2 }],
  };
}

export function reportTable(report: ReportPageView): ReportTableView {
  switch (report.kind) {
    case "leave":
      return leaveTable(report as LeaveReport);
    case "overtime":
      return overtimeTable(report as OvertimeReport);
    case "recup":
      return recoveryTable(report as RecoveryReport);
    case "cost":
      return costTable(report as CostReport);
  }
}

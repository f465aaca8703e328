import { Form, Link, useLocation } from "@remix-run/react";
import { formatFrDate } from "~/domain/shared/date-range";
import { SourceLinks } from "~/ui/law/sources";
import { formatHoursMinutes, formatTimeAccount } from "~/domain/shared/number-format";
import type { OvertimeClass } from "~/domain/overtime/screens";
import { t, type MessageKey } from "~/i18n/fr";
import type { DeductionFailure } from "~/server/overtime/routes.server";
import type { EmployeeYearPage, ExplainedWeek, GridRow } from "~/services/overtime/views.server";
import { Breadcrumb } from "~/ui/employees/directory";
import { Card, ConfirmDialog } from "~/ui/shared/modal";
import { WideTable } from "~/ui/shared/wide-table";

/**
 * An employee's overtime year, or one's own (spec 2 "Employee or mine"): the year selector, the recovery balance,
 * the Monday-to-Friday grid with daily badges and weekly totals (each total opens that week explained, a plain
 * link), the legal checks, the deduction input and the deductions of the year. Works without JavaScript.
 */

const BADGE: Record<OvertimeClass, string> = {
  overtime: "bg-green-100 text-green-900",
  undertime: "bg-red-100 text-red-900",
  none: "text-gray-500",
};

function Badge({ seconds, cls }: { seconds: number | null; cls: OvertimeClass }) {
  if (seconds === null || cls === "none") return null;
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[cls]}`}
      title={t(cls === "overtime" ? "overtime_screens.class.overtime" : "overtime_screens.class.undertime")}>
      {formatTimeAccount(seconds)}
    </span>
  );
}

function weekHref(page: EmployeeYearPage, week: number | null): string {
  return `?year=${page.year}${week !== null ? `&week=${week}#explication` : ""}`;
}

function Explanation({ page, explained }: { page: EmployeeYearPage; explained: ExplainedWeek }) {
  const e = explained.explanation;
  return (
    <section id="explication" aria-labelledby="explication-title" className="rounded-lg border border-brand-600 bg-white p-4 shadow-sm" data-testid="week-explanation">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="explication-title" className="text-lg font-semibold">
          {t("overtime_screens.explain.title", { week: explained.week, year: explained.year })}
        </h2>
        <Link to={weekHref(page, null)} className="btn btn-secondary">{t("overtime_screens.explain.close")}</Link>
      </div>
      <p className="text-sm text-gray-700">
        {explained.source === "live"
          ? t("overtime_screens.explain.live")
          : explained.provisional
            ? t("overtime_screens.explain.provisional")
            : t("overtime_screens.explain.stored", { date: formatFrDate(explained.computedAt!.slice(0, 10)) })}
      </p>
      <p className="mt-1 text-sm">{t("overtime_screens.explain.time_account", { hours: formatTimeAccount(explained.timeAccountSeconds) })}</p>
      {e.relation && (
        <p className="mt-1 text-sm text-gray-700" data-testid="explain-relation">
          {e.relation}
        </p>
      )}
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="font-medium">{t("overtime_screens.explain.days")}</h3>
          {e.days.length === 0 ? (
            <p className="text-sm text-gray-700">{t("overtime_screens.explain.no_day")}</p>
          ) : (
            <ul className="list-disc pl-5 text-sm">{e.days.map((d, i) => <li key={d}>{d}<SourceLinks sources={e.daySources?.[i]} /></li>)}</ul>
          )}
        </div>
        <div>
          <h3 className="font-medium">{t("overtime_screens.explain.steps")}</h3>
          <ol className="list-decimal pl-5 text-sm" data-testid="explanation-steps">
            {e.steps.map((s, i) => (
              <li key={i} className={s.startsWith("Attention") ? "font-semibold text-amber-800" : ""}>
                {s}
                <SourceLinks sources={e.stepSources?.[i]} />
              </li>
            ))}
          </ol>
          {e.quotaPercent !== null && <p className="mt-1 text-sm">{t("overtime_screens.explain.quota_percent", { percent: e.quotaPercent })}</p>}
        </div>
      </div>
      {e.warnings.length > 0 && (
        <div className="mt-3">
          <h3 className="font-medium">{t("overtime_screens.explain.warnings")}</h3>
          <ul className="list-disc pl-5 text-sm text-amber-900">{e.warnings.map((w, i) => <li key={i}>⚠ {w}<SourceLinks sources={e.warningSources?.[i]} /></li>)}</ul>
        </div>
      )}
    </section>
  );
}

function GridTable({ page }: { page: EmployeeYearPage }) {
  return (
    <WideTable label={t("overtime_screens.grid.label")} testId="overtime-grid">
      <caption className="sr-only">{t("overtime_screens.grid.caption", { year: page.year })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("overtime_screens.grid.week")}</th>
          {[1, 2, 3, 4, 5].map((d) => (
            <th key={d} scope="col">{t(`overtime_screens.grid.day.${d}` as MessageKey)}</th>
          ))}
          <th scope="col">{t("figure.time_account")}</th>
        </tr>
      </thead>
      <tbody>
        {page.grid.map((row: GridRow) => (
          <tr key={row.week} data-testid={`week-${row.week}`} className={page.explained?.week === row.week ? "bg-brand-50" : undefined}>
            <th scope="row" className="whitespace-nowrap">
              {t("overtime_screens.grid.week_row", { week: row.week, monday: formatFrDate(row.monday).slice(0, 5) })}
              {row.running && <span className="ml-1 text-xs font-normal text-gray-700" data-testid="running-week">{t("figure.running")}</span>}
            </th>
            {row.days.map((d) => (
              <td key={d.date} className="text-center"><Badge seconds={d.seconds} cls={d.cls} /></td>
            ))}
            <td className="whitespace-nowrap">
              <Link to={weekHref(page, row.week)} className="btn-link" data-testid={`explain-${row.week}`}
                aria-label={t("overtime_screens.grid.explain", { week: row.week, total: formatTimeAccount(row.totalSeconds) })}>
                {formatTimeAccount(row.totalSeconds)}
              </Link>
              {row.deductedSeconds > 0 && (
                <span className="ml-1 text-xs text-gray-600">{t("overtime_screens.grid.deducted", { hours: formatHoursMinutes(row.deductedSeconds) })}</span>
              )}
              {row.checks.length > 0 && (
                <span className="ml-1 text-amber-700" title={row.checks.join(" ")}>
                  <span aria-hidden="true">⚠</span>
                  <span className="sr-only">{t("overtime_screens.check.mark")} : {row.checks.join(" ")}</span>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </WideTable>
  );
}

function Deductions({ page, failure }: { page: EmployeeYearPage; failure?: DeductionFailure }) {
  // Removing one is confirmed by one GET step for the list (`?confirm=remove-17`, docs/decisions/0027, 0069): the
  // rows' buttons submit the list's one form; the page comes back with the dialog for that deduction only.
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const asked = /^remove-(\d{1,9})$/.exec(search.get("confirm") ?? "");
  search.delete("confirm");
  const here = location.pathname + (search.size > 0 ? `?${search}` : "");
  const confirming = asked && page.canDeduct ? page.deductions.find((d) => d.id === Number(asked[1])) : undefined;
  return (
    <Card title={t("overtime_screens.deduction.title")}>
      <div className="space-y-3">
        {page.canDeduct && (
          <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="deduction-form" noValidate>
            <input type="hidden" name="intent" value="deduction" />
            <div>
              <label htmlFor="newdeduction" className="field-label">{t("overtime_screens.deduction.field")}</label>
              <input id="newdeduction" name="newdeduction" type="text" inputMode="decimal" autoComplete="off" className="field-input"
                defaultValue={failure?.value ?? ""} aria-invalid={failure ? true : undefined}
                aria-describedby={failure ? "newdeduction-error newdeduction-hint" : "newdeduction-hint"} />
              <p id="newdeduction-hint" className="mt-1 text-xs text-gray-600">{t("overtime_screens.deduction.hint")}</p>
              {failure && <p id="newdeduction-error" className="field-error">{failure.error}</p>}
            </div>
            <button type="submit" className="btn btn-primary" data-testid="deduction-submit">{t("overtime_screens.deduction.add")}</button>
          </Form>
        )}
        {page.deductions.length === 0 ? (
          <p className="text-sm text-gray-700">{t("overtime_screens.deduction.empty")}</p>
        ) : (
          <WideTable label={t("overtime_screens.deduction.label")} testId="deductions">
            <caption className="sr-only">{t("overtime_screens.deduction.label")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("overtime_screens.deduction.col.date")}</th>
                <th scope="col">{t("overtime_screens.deduction.col.hours")}</th>
                <th scope="col">{t("overtime_screens.deduction.col.by")}</th>
                {page.canDeduct && <th scope="col">{t("overtime_screens.deduction.col.action")}</th>}
              </tr>
            </thead>
            <tbody>
              {page.deductions.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{formatFrDate(d.date)}</th>
                  <td className="whitespace-nowrap">{formatHoursMinutes(d.seconds)}</td>
                  <td>{d.by ?? ""}</td>
                  {page.canDeduct && (
                    <td>
                      <button type="submit" form="deduction-confirm" name="confirm" value={`remove-${d.id}`} className="btn-link"
                        aria-label={t("overtime_screens.deduction.remove_label", { hours: formatHoursMinutes(d.seconds), date: formatFrDate(d.date) })}>
                        {t("overtime_screens.deduction.remove")}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </WideTable>
        )}
        {page.canDeduct && page.deductions.length > 0 && (
          <Form method="get" id="deduction-confirm" preventScrollReset>
            {[...search].map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          </Form>
        )}
        {confirming && (
          <ConfirmDialog
            intent="remove-deduction"
            fields={{ deduction: confirming.id }}
            text={t("overtime_screens.deduction.remove_confirm", { hours: formatHoursMinutes(confirming.seconds), date: formatFrDate(confirming.date) })}
            confirmLabel={t("overtime_screens.deduction.remove")}
            back={here}
          />
        )}
      </div>
    </Card>
  );
}

export function OvertimeYearScreen({ page, failure }: { page: EmployeeYearPage; failure?: DeductionFailure }) {
  const title = page.own ? t("overtime_screens.title.me") : t("overtime_screens.title.employee", { name: page.employee.name });
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumb crumbs={page.crumbs} />
        <h1 className="text-2xl font-semibold">{title}</h1>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="ot-year" className="field-label">{t("overtime_screens.filter.year")}</label>
            <select id="ot-year" name="year" defaultValue={page.year} className="field-input">
              {page.years.map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary">{t("overtime_screens.filter.submit")}</button>
        </Form>
        {page.employee.recoveryBalanceSeconds > 0 && (
          <p className="rounded-md bg-green-50 px-3 py-2 font-medium text-green-900" data-testid="recovery-balance">
            {t("overtime_screens.recovery_balance", { hours: formatHoursMinutes(page.employee.recoveryBalanceSeconds) })}
          </p>
        )}
      </div>
      {!page.employee.timeRegistration && <p className="text-gray-700">{t("overtime_screens.no_time_registration")}</p>}
      {page.explained && <Explanation page={page} explained={page.explained} />}
      {page.checks.length > 0 && (
        <section aria-labelledby="ot-checks" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="legal-checks">
          <h2 id="ot-checks" className="font-semibold">{t("overtime_screens.check.title")}</h2>
          <p>{t("overtime_screens.check.inform")}</p>
          <ul className="mt-1 list-disc pl-5">{page.checks.map((c, i) => <li key={i}>{c}<SourceLinks sources={page.checkSources?.[i]} /></li>)}</ul>
        </section>
      )}
      {page.grid.length === 0 ? <p className="text-gray-700">{t("overtime_screens.grid.empty")}</p> : <GridTable page={page} />}
      {page.grid.length > 0 && page.emptyWeeks > 0 && (
        <p className="text-sm text-gray-700" data-testid="empty-weeks">
          {t("overtime_screens.grid.empty_weeks", { count: page.emptyWeeks })}
        </p>
      )}
      <Deductions page={page} failure={failure} />
    </div>
  );
}

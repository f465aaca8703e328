import { Form, useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, type FormEvent } from "react";
import { formatFrDate } from "~/domain/date-range";
import { LEAVE_REASONS } from "~/domain/leave-days";
import { formatDecimal, formatEuros, formatHoursMinutes, formatSignedHHhmm } from "~/domain/number-format";
import { REPORT_PAGE_SIZE } from "~/domain/reports";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import type { ReportPageData } from "~/server/report-routes.server";
import type { CostReport, LeaveReport, OvertimeReport, RecoveryReport } from "~/services/reports.server";
import { Pager } from "./pager";
import { WideTable } from "./wide-table";

const TITLES: Record<ReportPageData["kind"], MessageKey> = {
  leave: "report.leave.title",
  overtime: "report.overtime.title",
  recup: "report.recup.title",
  cost: "report.cost.title",
};

const H = 3600;
const hours = (s: number) => formatDecimal(s / H);
const euros = (cents: number | null | undefined) => (cents == null ? "—" : formatEuros(cents / 100));
const rateLabel = (rate: number) => formatDecimal(rate, { maxDigits: 1 });

/** The report pages' meta: the title, and a refresh every 2 s while an export job runs (works without JS). */
export function reportMeta(data: ReportPageData | undefined, kind: ReportPageData["kind"]) {
  const meta: ({ title: string } | { httpEquiv: string; content: string })[] = [{ title: `${t(TITLES[kind])} · ${t("app.title")}` }];
  if (data?.job && (data.job.status === "queued" || data.job.status === "running")) meta.push({ httpEquiv: "refresh", content: "2" });
  return meta;
}

function Filters({ page }: { page: ReportPageData }) {
  const submit = useSubmit();
  const q = page.query;
  const o = page.options;
  // With JavaScript the next level appears at once: a changed selector submits the form (the period is kept).
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (target.tagName !== "SELECT" || page.kind === "leave") return;
    const form = event.currentTarget;
    const name = (target as HTMLSelectElement).name;
    // A higher level changed: the lower ones are reset.
    const order = ["subsidiary", "division", "team", "employee"];
    const data = new FormData(form);
    for (const lower of order.slice(order.indexOf(name) + 1)) data.delete(lower);
    submit(data, { method: "get", replace: true });
  };
  const err = page.errors ?? {};
  return (
    <Form method="get" onChange={onChange} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="report-filters">
      {o.chooseSubsidiary && (
        <div>
          <label htmlFor="f-subsidiary" className="field-label">{t("report.filter.subsidiary")}</label>
          <select id="f-subsidiary" name="subsidiary" defaultValue={q.subsidiaryId ?? ""} className="field-input">
            <option value="">{page.kind === "leave" ? t("report.filter.all_subsidiaries") : "—"}</option>
            {o.subsidiaries.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
        </div>
      )}
      {page.kind === "leave" ? (
        <div>
          <label htmlFor="f-reason" className="field-label">{t("report.filter.reason")}</label>
          <select id="f-reason" name="reason" defaultValue={q.reason ?? ""} className="field-input">
            <option value="">{t("report.filter.all_reasons")}</option>
            <optgroup label={t("leave.reason_group.absences")}>
              {LEAVE_REASONS.slice(0, 6)
                .filter((r) => r !== "RECOVERY_LEAVE")
                .map((r) => (
                  <option key={r} value={r}>{tOr(`leave.reason.${r}`, r)}</option>
                ))}
            </optgroup>
            <optgroup label={t("leave.reason_group.family")}>
              {LEAVE_REASONS.slice(6).map((r) => (
                <option key={r} value={r}>{tOr(`leave.reason.${r}`, r)}</option>
              ))}
            </optgroup>
          </select>
          {err.reason && <p className="field-error">{err.reason}</p>}
        </div>
      ) : (
        <>
          {o.chooseDivision && o.divisions.length > 0 && (
            <div>
              <label htmlFor="f-division" className="field-label">{t("report.filter.division")}</label>
              <select id="f-division" name="division" defaultValue={q.divisionId ?? ""} className="field-input">
                <option value="">{t("report.filter.all_divisions")}</option>
                {o.divisions.map((d) => (
                  <option key={d.id} value={d.id}>{d.name}</option>
                ))}
              </select>
            </div>
          )}
          {o.teams.length > 0 && (
            <div>
              <label htmlFor="f-team" className="field-label">{t("report.filter.team")}</label>
              <select id="f-team" name="team" defaultValue={q.teamId ?? ""} className="field-input">
                <option value="">{t("report.filter.all_teams")}</option>
                {o.teams.map((tm) => (
                  <option key={tm.id} value={tm.id}>{tm.name}</option>
                ))}
              </select>
            </div>
          )}
          {o.employees.length > 0 && (
            <div>
              <label htmlFor="f-employee" className="field-label">{t("report.filter.employee")}</label>
              <select id="f-employee" name="employee" defaultValue={q.employeeId ?? ""} className="field-input">
                <option value="">{t("report.filter.all_employees")}</option>
                {o.employees.map((e) => (
                  <option key={e.id} value={e.id}>{e.name}</option>
                ))}
              </select>
            </div>
          )}
        </>
      )}
      <div>
        <label htmlFor="f-from" className="field-label">{t("report.filter.from")}</label>
        <input id="f-from" name="from" type="date" defaultValue={q.from && q.from !== "invalid" ? q.from : ""} className="field-input" required />
        {err.start && <p className="field-error">{err.start}</p>}
      </div>
      <div>
        <label htmlFor="f-to" className="field-label">{t("report.filter.to")}</label>
        <input id="f-to" name="to" type="date" defaultValue={q.to && q.to !== "invalid" ? q.to : ""} className="field-input" required />
        {err.end && <p className="field-error" data-testid="period-error">{err.end}</p>}
      </div>
      <div className="flex items-end">
        <button type="submit" className="btn btn-primary" data-testid="report-search">{t("report.filter.search")}</button>
      </div>
    </Form>
  );
}

function Empty() {
  return <p className="text-sm text-gray-700" data-testid="report-empty">{t("label.empty_matching_search")}</p>;
}

function LeaveTable({ r }: { r: LeaveReport }) {
  if (r.employees.length === 0) return <Empty />;
  return (
    <WideTable label={t("report.leave.title")} testId="report-table">
      <thead>
        <tr>
          <th scope="col">{t("report.col.employee")}</th>
          <th scope="col">{t("report.col.matricule")}</th>
          <th scope="col">{t("report.col.start")}</th>
          <th scope="col">{t("report.col.end")}</th>
          <th scope="col">{t("report.col.reason")}</th>
          <th scope="col">{t("report.col.working_days")}</th>
        </tr>
      </thead>
      <tbody>
        {r.employees.flatMap((e) =>
          e.leaves.map((l) => (
            <tr key={l.id}>
              <th scope="row">{e.employeeName}</th>
              <td>{e.matricule ?? ""}</td>
              <td>{formatFrDate(l.start)}</td>
              <td>{formatFrDate(l.end)}</td>
              <td>{tOr(`leave.reason.${l.reason}`, l.reason)}</td>
              <td className="text-right">{formatDecimal(l.numberDaysWork)}</td>
            </tr>
          )),
        )}
      </tbody>
    </WideTable>
  );
}

function OvertimeTable({ r }: { r: OvertimeReport }) {
  if (r.employees.length === 0) return <Empty />;
  return (
    <WideTable label={t("report.overtime.title")} testId="report-table">
      <thead>
        <tr>
          <th scope="col">{t("report.col.employee")}</th>
          {r.weeks.map((w) => (
            <th scope="col" key={`${w.year}-${w.week}`}>{t("report.col.week_short", { week: w.week })}</th>
          ))}
          <th scope="col">{t("report.col.total")}</th>
        </tr>
      </thead>
      <tbody>
        {r.employees.map((e) => (
          <tr key={e.employeeId}>
            <th scope="row">{e.employeeName}</th>
            {e.cells.map((s, i) => (
              <td key={i} className="text-right">{s ? formatSignedHHhmm(s) : ""}</td>
            ))}
            <td className="text-right font-semibold">{formatSignedHHhmm(e.totalSeconds)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t("report.total_by_week")}</th>
          {r.totalByWeek.map((s, i) => (
            <td key={i} className="text-right font-semibold">{formatSignedHHhmm(s)}</td>
          ))}
          <td className="text-right font-semibold" data-testid="overtime-total">{formatSignedHHhmm(r.totalSeconds)}</td>
        </tr>
      </tfoot>
    </WideTable>
  );
}

function RecoveryTable({ r }: { r: RecoveryReport }) {
  if (r.employees.length === 0) return <Empty />;
  return (
    <WideTable label={t("report.recup.title")} testId="report-table">
      <thead>
        <tr>
          <th scope="col">{t("report.col.employee")}</th>
          <th scope="col">{t("report.col.hourly_cost")}</th>
          <th scope="col">{t("report.col.week")}</th>
          <th scope="col">{t("report.col.normal_hours")}</th>
          <th scope="col">{t("report.col.total_overtime")}</th>
          <th scope="col">{t("report.col.recovery_paid")}</th>
          {r.rates.map((rate) => [
            <th scope="col" key={`h${rate}`}>{t("report.col.hours_at", { rate: rateLabel(rate) })}</th>,
            <th scope="col" key={`i${rate}`}>{t("report.col.increased_at", { rate: rateLabel(rate) })}</th>,
          ])}
          <th scope="col">{t("report.col.total_increased")}</th>
          <th scope="col">{t("report.col.total_increased_formatted")}</th>
          <th scope="col">{t("report.col.total_taken")}</th>
          <th scope="col">{t("report.col.recovery_balance")}</th>
        </tr>
      </thead>
      <tbody>
        {r.employees.flatMap((e) =>
          e.weeks.map((w) => (
            <tr key={`${e.employeeId}-${w.year}-${w.week}`}>
              <th scope="row">{e.employeeName}</th>
              <td className="text-right">{euros(e.hourlyCents)}</td>
              <td>{t("report.col.week_short", { week: w.week })} {w.year}</td>
              <td className="text-right">{hours(w.normalSeconds)}</td>
              <td className="text-right">{hours(w.overtimeSeconds)}</td>
              <td className="text-right">{hours(w.paidSeconds)}</td>
              {w.rates.map((x) => [
                <td key={`h${x.rate}`} className="text-right">{hours(x.seconds)}</td>,
                <td key={`i${x.rate}`} className="text-right">{hours(x.increasedSeconds)}</td>,
              ])}
              <td className="text-right">{hours(w.totalIncreasedSeconds)}</td>
              <td className="text-right">{formatHoursMinutes(w.totalIncreasedSeconds)}</td>
              <td className="text-right">{hours(w.takenSeconds)}</td>
              <td className="text-right">
                {e.balance === null ? <span title={t("error.recovery_balance_uncomputable")}>{t("report.balance_error_label")}</span> : hours(e.balance)}
              </td>
            </tr>
          )),
        )}
      </tbody>
    </WideTable>
  );
}

function CostTable({ r }: { r: CostReport }) {
  if (r.employees.length === 0) return <Empty />;
  return (
    <WideTable label={t("report.cost.title")} testId="report-table">
      <thead>
        <tr>
          <th scope="col">{t("report.col.employee")}</th>
          <th scope="col">{t("report.col.week")}</th>
          <th scope="col">{t("report.col.hourly_cost")}</th>
          <th scope="col">{t("report.col.normal_hours")}</th>
          <th scope="col">{t("report.col.normal_cost")}</th>
          {r.rates.map((rate) => [
            <th scope="col" key={`h${rate}`}>{t("report.col.hours_at", { rate: rateLabel(rate) })}</th>,
            <th scope="col" key={`c${rate}`}>{t("report.col.cost_at", { rate: rateLabel(rate) })}</th>,
          ])}
          <th scope="col">{t("report.col.total_to_pay")}</th>
          <th scope="col">{t("report.col.increased_hourly_cost")}</th>
          <th scope="col">{t("report.col.average_cost")}</th>
          <th scope="col">{t("report.col.difference_cost")}</th>
        </tr>
      </thead>
      <tbody>
        {r.employees.flatMap((e) =>
          e.weeks.map((w) => (
            <tr key={`${e.employeeId}-${w.year}-${w.week}`}>
              <th scope="row">{e.employeeName}</th>
              <td>{t("report.col.week_short", { week: w.week })} {w.year}</td>
              <td className="text-right">{e.hourlyCents === null ? t("report.hourly_cost_missing") : euros(e.hourlyCents)}</td>
              <td className="text-right">{hours(w.normalSeconds)}</td>
              <td className="text-right">{euros(w.cost?.normalCents)}</td>
              {w.rates.map((x, i) => [
                <td key={`h${x.rate}`} className="text-right">{hours(x.paidSeconds)}</td>,
                <td key={`c${x.rate}`} className="text-right">{euros(w.cost?.bands[i]?.cents)}</td>,
              ])}
              <td className="text-right font-semibold">{euros(w.cost?.totalCents)}</td>
              <td className="text-right">{euros(w.cost?.increasedHourlyCents)}</td>
              <td className="text-right">{euros(e.averageCents)}</td>
              <td className="text-right">{euros(e.differenceCents)}</td>
            </tr>
          )),
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t("report.total_row")}</th>
          <td colSpan={7 + r.rates.length * 2} className="text-right font-semibold" data-testid="cost-total">{euros(r.totalCents)}</td>
        </tr>
      </tfoot>
    </WideTable>
  );
}

function JobProgress({ page }: { page: ReportPageData }) {
  const job = page.job!;
  const revalidator = useRevalidator();
  const running = job.status === "queued" || job.status === "running";
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(id);
  }, [running, revalidator]);
  return (
    <section className="rounded-md border border-gray-200 bg-white p-3" aria-live="polite" data-testid="export-job">
      <h2 className="font-semibold">{t("report.job.title")}</h2>
      {running && (
        <>
          <progress max={100} value={job.percent} className="w-full" aria-label={t("report.job.title")}>{job.percent} %</progress>
          <p className="text-sm text-gray-700">
            {job.status === "queued" ? t("report.job.waiting") : t("report.job.progress", { done: job.doneRows, total: job.totalRows })} {t("report.job.refresh")}
          </p>
        </>
      )}
      {job.status === "done" && (
        <p>
          {t("report.job.done")}{" "}
          <a className="btn btn-primary" href={`/export/${job.kind}?job=${job.id}`} data-testid="export-download" download>
            {t("report.job.download")}
          </a>
        </p>
      )}
      {job.status === "failed" && <p className="text-red-800">{t("report.job.failed")}</p>}
      {job.status === "expired" && <p className="text-gray-700">{t("report.job.expired")}</p>}
    </section>
  );
}

export function ReportPage({ page, children }: { page: ReportPageData; children?: React.ReactNode }) {
  const r = page.report;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t(TITLES[page.kind])}</h1>
      <Filters page={page} />
      {page.job && <JobProgress page={page} />}
      <div aria-live="polite" className="space-y-3">
        {!page.searched && <p className="text-sm text-gray-700" data-testid="report-hint">{t("report.filter.hint")}</p>}
        {r && page.exportHref && (
          <p className="flex flex-wrap items-center gap-3">
            <a className="btn btn-secondary" href={page.exportHref} data-testid="report-export">{t("report.export")}</a>
            <span className="text-sm text-gray-700" data-testid="report-rows">
              {t("report.rows", { count: r.pager.rowCount })}
              {r.pager.pages > 1 && ` ${t("report.rows_paged", { size: REPORT_PAGE_SIZE })}`}
            </span>
          </p>
        )}
        {r?.kind === "leave" && <LeaveTable r={r as LeaveReport} />}
        {r?.kind === "overtime" && <OvertimeTable r={r as OvertimeReport} />}
        {r?.kind === "recup" && <RecoveryTable r={r as RecoveryReport} />}
        {r?.kind === "cost" && <CostTable r={r as CostReport} />}
        {r && (
          <Pager base={`/report/${page.kind}`} query={page.pagerQuery} page={r.pager.page} pages={r.pager.pages} label={t("report.pages")} />
        )}
      </div>
      {children}
    </div>
  );
}

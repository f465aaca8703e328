import { Form, useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, type FormEvent } from "react";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { REPORT_PAGE_SIZE } from "~/domain/reports/reports";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import type { ReportPageData } from "~/server/reports/routes.server";
import type { ReportCell, ReportTableView } from "~/services/reports/table.server";
import { Pager } from "~/ui/shared/pager";
import { PeriodFields, PeriodMovedNotice } from "~/ui/shared/period-fields";
import { WideTable } from "~/ui/shared/wide-table";

const TITLES: Record<ReportPageData["kind"], MessageKey> = {
  leave: "report.leave.title",
  overtime: "report.overtime.title",
  recup: "report.recup.title",
  cost: "report.cost.title",
};


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
      {/* The date the user changed stays put, the other moves past 6 months (spec 2 §5, decision 0087). */}
      <PeriodFields
        idPrefix="f"
        from={q.from && q.from !== "invalid" ? q.from : ""}
        to={q.to && q.to !== "invalid" ? q.to : ""}
        labels={{ from: t("report.filter.from"), to: t("report.filter.to") }}
        required
        errors={{ from: err.start, to: err.end, toTestId: "period-error" }}
      />
      <div className="flex items-end">
        <button type="submit" className="btn btn-primary" data-testid="report-search">{t("report.filter.search")}</button>
      </div>
    </Form>
  );
}

function Empty() {
  return <p className="text-sm text-gray-700" data-testid="report-empty">{t("label.empty_matching_search")}</p>;
}

/** The page's table, as the server formatted it (services/reports/table.server.ts): one `th` per row, strings in cells. */
function ReportTable({ table, label }: { table: ReportTableView; label: string }) {
  if (table.rows.length === 0) return <Empty />;
  const cell = (c: ReportCell, i: number) =>
    typeof c === "string" ? (
      <td key={i}>{c}</td>
    ) : (
      <td key={i} colSpan={c.span} data-testid={c.testId}>
        {c.title ? <span title={c.title}>{c.text}</span> : c.text}
      </td>
    );
  const name = (c: ReportCell | undefined) => (typeof c === "string" ? c : (c?.text ?? ""));
  return (
    <WideTable label={label} testId="report-table" className={table.numeric ? "report-table" : undefined}>
      <thead>
        <tr>
          {table.head.map((h, i) => (
            <th scope="col" key={i}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{name(row[0])}</th>
            {row.slice(1).map(cell)}
          </tr>
        ))}
      </tbody>
      {table.foot && (
        <tfoot>
          <tr>
            <th scope="row">{name(table.foot[0])}</th>
            {table.foot.slice(1).map(cell)}
          </tr>
        </tfoot>
      )}
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
  const title = t(TITLES[page.kind]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Filters page={page} />
      {page.query.from && page.query.to && <PeriodMovedNotice period={{ from: page.query.from, to: page.query.to, moved: page.moved }} />}
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
        {r && <ReportTable table={r.table} label={title} />}
        {r && (
          <Pager base={`/report/${page.kind}`} query={page.pagerQuery} page={r.pager.page} pages={r.pager.pages} label={t("report.pages")} />
        )}
      </div>
      {children}
    </div>
  );
}

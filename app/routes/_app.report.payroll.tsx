import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { formatDecimal } from "~/domain/shared/number-format";
import { monthWords } from "~/domain/payroll/month";
import { REPORT_PAGE_SIZE } from "~/domain/reports/reports";
import { t } from "~/i18n/fr";
import { payrollAction, payrollPageLoader } from "~/server/payroll/routes.server";
import { SourceLinks } from "~/ui/law/sources";
import { ChecklistItems } from "~/ui/payroll/checklist-items";
import { Pager } from "~/ui/shared/pager";
import { WideTable } from "~/ui/shared/wide-table";

export const meta: MetaFunction = () => [{ title: `${t("report.payroll.title")} · ${t("app.title")}` }];

/** /report/payroll: a month's payroll variables of a subsidiary, its exports, and the monthly close (DESIGN §10). */
export const loader = ({ request }: LoaderFunctionArgs) => payrollPageLoader(request);

/** `intent=close` (finance) or `intent=reopen` (head management), logged. */
export const action = ({ request }: ActionFunctionArgs) => payrollAction(request);

const monthName = (m: string) => monthWords(m);
const frDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const frInstant = (iso: string) => new Date(iso).toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" });

export default function PayrollPage() {
  const page = useLoaderData<typeof loader>();
  const query = `subsidiary=${page.subsidiaryId ?? ""}&month=${page.month}`;
  const layoutName = (l: string) => l.replace("cadran-paie-", "");
  const exportQuery = `${query}&layout=${layoutName(page.layout)}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("report.payroll.title")}</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="payroll-filters">
        <div>
          <label htmlFor="p-subsidiary" className="field-label">{t("report.filter.subsidiary")}</label>
          <select id="p-subsidiary" name="subsidiary" defaultValue={page.subsidiaryId ?? ""} className="field-input">
            {page.subsidiaries.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="p-month" className="field-label">{t("report.filter.month")}</label>
          <input id="p-month" name="month" type="month" defaultValue={page.month} className="field-input" required />
        </div>
        <div>
          <label htmlFor="p-layout" className="field-label">{t("payroll.layout")}</label>
          <select id="p-layout" name="layout" defaultValue={layoutName(page.layout)} className="field-input">
            {page.layouts.map((l) => (
              <option key={l} value={layoutName(l)}>{t(`payroll.layout.${l}`)}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">{t("report.filter.search")}</button>
      </Form>
      {page.error && <p className="field-error">{page.error}</p>}
      {page.data && page.state && (
        <>
          <section className="flex flex-wrap items-center gap-3" data-testid="payroll-state">
            <p>{page.state.closed ? t("payroll.closed", { name: page.state.closedBy ?? "—", date: frInstant(page.state.closedAt!) }) : t("payroll.open")}</p>
            {!page.state.closed && page.state.closable && page.checklist && (
              <a className="btn btn-secondary" href={`?${query}&confirm=close`} data-testid="payroll-close-link">{t("payroll.close")}</a>
            )}
            {!page.state.closed && !page.state.closable && (
              <p className="text-sm text-gray-700" data-testid="payroll-close-not-yet">{t("payroll.close_not_yet", { date: frDay(page.state.closableFrom) })}</p>
            )}
            {page.state.closed && page.canReopen && (
              <a className="btn btn-secondary" href={`?${query}&confirm=reopen`} data-testid="payroll-reopen-link">{t("payroll.reopen")}</a>
            )}
            <a className="btn btn-secondary" href={`/export/payroll?${exportQuery}&format=xlsx`}>{t("report.export")}</a>
            <a className="btn btn-secondary" href={`/export/payroll?${exportQuery}&format=csv`}>{t("report.export_csv")}</a>
            {page.pager && (
              <span className="text-sm text-gray-700" data-testid="report-rows">
                {t("report.rows", { count: page.pager.rowCount })}
                {page.pager.pages > 1 && ` ${t("payroll.rows_paged", { size: REPORT_PAGE_SIZE })}`}
              </span>
            )}
          </section>
          {page.pendingRappels > 0 && (
            <p role="status" data-testid="payroll-pending-rappels" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {t("payroll.rappels.pending", { count: page.pendingRappels })}
            </p>
          )}
          {page.checklist && (
            <section data-testid="payroll-checklist" className="space-y-1">
              <h2 className="font-semibold">{t("payroll.checklist")}</h2>
              <p className="text-sm text-gray-700">{t("payroll.checklist.note")}</p>
              <ul className="text-sm">
                {page.checklist.map((line) => (
                  <li key={line.key} data-testid={`payroll-checklist-${line.key}`} data-count={line.count}>
                    <span className={line.count > 0 ? "font-semibold" : ""}>{t(`payroll.checklist.${line.key}`, { count: line.count })}</span>
                    <ChecklistItems line={line} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {page.confirm === "close" && page.checklist && (
            <section className="rounded border border-gray-300 p-4" role="alertdialog" aria-labelledby="payroll-confirm-title" data-testid="payroll-confirm-close">
              <h2 id="payroll-confirm-title" className="text-lg font-semibold">
                {t("payroll.confirm.close_title", { month: monthName(page.month), subsidiary: page.data.subsidiaryName })}
              </h2>
              <p className="mt-2 text-sm text-gray-700">{t("payroll.confirm.close_text")}</p>
              <ul className="mt-2 text-sm">
                {page.checklist.map((line) => (
                  <li key={line.key}>{t(`payroll.checklist.${line.key}`, { count: line.count })}</li>
                ))}
              </ul>
              <Form method="post" action={`?${query}`} className="mt-4 flex flex-wrap justify-end gap-2">
                <input type="hidden" name="intent" value="close" />
                <input type="hidden" name="confirmed" value="yes" />
                <a className="btn btn-secondary" href={`?${query}`}>{t("word.cancel")}</a>
                <button type="submit" className="btn btn-primary">{t("payroll.confirm.yes_close")}</button>
              </Form>
            </section>
          )}
          {page.confirm === "reopen" && page.preview && (
            <section className="rounded border border-gray-300 p-4" role="alertdialog" aria-labelledby="payroll-confirm-title" data-testid="payroll-confirm-reopen">
              <h2 id="payroll-confirm-title" className="text-lg font-semibold">
                {t("payroll.confirm.reopen_title", { month: monthName(page.month), subsidiary: page.data.subsidiaryName })}
              </h2>
              <p className="mt-2 text-sm text-gray-700">{t("payroll.confirm.reopen_text")}</p>
              <p className="mt-2 text-sm" data-testid="payroll-reopen-preview">
                {page.preview.changedCount > 0
                  ? t("payroll.reopen.preview", { count: page.preview.changedCount, lines: page.preview.lineCount })
                  : t("payroll.reopen.preview_none")}
              </p>
              {page.preview.changed.length > 0 && (
                <ul className="ml-4 list-disc text-sm">
                  {page.preview.changed.map((c, i) => (
                    <li key={i}>{t("payroll.reopen.paid_hours", { name: c.name, before: formatDecimal(c.paidHours.before), after: formatDecimal(c.paidHours.after) })}</li>
                  ))}
                </ul>
              )}
              {page.preview.downloadedAt && (
                <p className="mt-2 text-sm font-semibold">{t("payroll.reopen.was_downloaded", { version: page.preview.version, date: frInstant(page.preview.downloadedAt) })}</p>
              )}
              <Form method="post" action={`?${query}`} className="mt-4 space-y-2">
                <input type="hidden" name="intent" value="reopen" />
                <input type="hidden" name="confirmed" value="yes" />
                <div>
                  <label htmlFor="p-reason" className="field-label">{t("payroll.reopen.reason")}</label>
                  <textarea id="p-reason" name="reason" required maxLength={500} className="field-input w-full" rows={2} />
                </div>
                {page.preview.downloadedAt && (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="payslipsRedone" value="yes" required />
                    {t("payroll.reopen.redone")}
                  </label>
                )}
                <div className="flex flex-wrap justify-end gap-2">
                  <a className="btn btn-secondary" href={`?${query}`}>{t("word.cancel")}</a>
                  <button type="submit" className="btn btn-danger">{t("payroll.confirm.yes_reopen")}</button>
                </div>
              </Form>
            </section>
          )}
          {page.closedAnomalies && (
            // A closed month's anomalies in words, as the close checklist says them (decision 0143).
            <section data-testid="payroll-closed-anomalies" className="space-y-1">
              <h2 className="font-semibold">{t("payroll.closed_anomalies")}</h2>
              <p className="text-sm text-gray-700">{t("payroll.closed_anomalies.note")}</p>
              <p className="text-sm">
                <span className={page.closedAnomalies.count > 0 ? "font-semibold" : ""}>{t("payroll.checklist.anomalies", { count: page.closedAnomalies.count })}</span>
              </p>
              <div className="text-sm">
                <ChecklistItems line={page.closedAnomalies} />
              </div>
            </section>
          )}
          {!page.table || page.table.rows.length === 0 ? (
            <p className="text-sm text-gray-700">{t("label.empty_matching_search")}</p>
          ) : (
            <WideTable label={t("report.payroll.title")} testId="payroll-table">
              <thead>
                <tr>
                  <th scope="col">{t("payroll.col.employee")}</th>
                  <th scope="col">{t("payroll.col.matricule")}</th>
                  {page.table.head.map((h) => (
                    <th scope="col" key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.table.rows.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">{l.name}</th>
                    <td>{l.matricule}</td>
                    {l.cells.map((c, i) => (
                      <td key={i} className="text-right">{c}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </WideTable>
          )}
          {page.nightSources.length > 0 && (
            // The night premium columns rest on the country's law (decision 0143).
            <p className="text-sm text-gray-700" data-testid="payroll-night-sources">
              {t("payroll.night_premium.sources")}
              <SourceLinks sources={page.nightSources} />
            </p>
          )}
          {page.pager && (
            <Pager
              base="/report/payroll"
              query={{ subsidiary: String(page.subsidiaryId ?? ""), month: page.month, layout: layoutName(page.layout) }}
              page={page.pager.page}
              pages={page.pager.pages}
              label={t("report.pages")}
            />
          )}
          {page.rappels.length > 0 && (
            <section data-testid="payroll-rappels">
              <h2 className="font-semibold">{t("payroll.rappels")}</h2>
              <p className="text-sm text-gray-700">{t("payroll.rappels.note")}</p>
              <WideTable label={t("payroll.rappels")} testId="payroll-rappels-table">
                <thead>
                  <tr>
                    <th scope="col">{t("payroll.col.employee")}</th>
                    <th scope="col">{t("payroll.rappels.week")}</th>
                    <th scope="col">{t("payroll.col.matricule")}</th>
                    {page.rappelTable?.head.map((c) => (
                      <th scope="col" key={c}>{c}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.rappelTable?.rows.map((row, i) => {
                    const l = page.rappels[i]!;
                    return (
                      <tr key={`${l.employeeId}-${l.rappel?.monday}`}>
                        <th scope="row">{row.name}</th>
                        <td>{l.rappel ? `${l.rappel.isoWeek}/${l.rappel.isoYear}` : ""}</td>
                        <td>{row.matricule}</td>
                        {row.cells.map((c, j) => (
                          <td key={j} className="text-right">{c}</td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </WideTable>
            </section>
          )}
          {page.state.log.length > 0 && (
            <section>
              <h2 className="font-semibold">{t("payroll.log")}</h2>
              <ul className="text-sm">
                {page.state.log.map((l, i) => (
                  <li key={i}>
                    {frInstant(l.at)} — {l.action === "close" ? t("payroll.log.closed") : t("payroll.log.reopened")} — {l.actor ?? "—"}
                    {l.reason ? ` — « ${l.reason} »` : ""}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {page.subsidiaryId !== null && (
        <section data-testid="payroll-closed-months">
          <h2 className="font-semibold">{t("payroll.closed_months")}</h2>
          {page.closedMonths.length === 0 ? (
            <p className="text-sm text-gray-700">{t("payroll.closed_months.none")}</p>
          ) : (
            <table className="text-sm">
              <thead>
                <tr>
                  <th scope="col" className="pr-4 text-left">{t("payroll.closed_months.month")}</th>
                  <th scope="col" className="pr-4 text-left">{t("payroll.closed_months.by")}</th>
                  <th scope="col" className="text-left">{t("payroll.closed_months.at")}</th>
                </tr>
              </thead>
              <tbody>
                {page.closedMonths.map((c) => (
                  <tr key={c.month}>
                    <th scope="row" className="pr-4 text-left font-normal">
                      <a className="underline" href={`/report/payroll?subsidiary=${page.subsidiaryId}&month=${c.month}`}>{`${c.month.slice(5, 7)}/${c.month.slice(0, 4)}`}</a>
                    </th>
                    <td className="pr-4">{c.closedBy ?? "—"}</td>
                    <td>{frInstant(c.closedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}

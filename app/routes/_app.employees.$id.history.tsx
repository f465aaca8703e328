import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { HISTORY_KINDS } from "~/domain/history/history";
import { historyQuery, parseHistoryForm } from "~/domain/history/filters";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { orPageNotFound } from "~/services/employees/employees.server";
import { employeeHistory } from "~/services/history/read.server";
import { Breadcrumb } from "~/ui/employees/directory";
import { EmployeeSheetTabs } from "~/ui/employees/sheet-tabs";
import { Pager } from "~/ui/shared/pager";
import { WideTable } from "~/ui/shared/wide-table";
import { routeIdOr404 } from "~/server/shared/route-params.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("history.title", { name: data.history.subject.displayName }) : t("employees.title")} · ${t("app.title")}` },
];

/** GET /employees/{id}/history: the "Historique" tab (issue 32 §3), filtered by a GET form, 50 entries a page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = routeIdOr404(params.id);
  const form = parseHistoryForm(new URL(request.url).searchParams);
  const history = await orPageNotFound(employeeHistory(await getEm(), user, id, form.filters, form.page));
  return { history, typed: form.typed, errors: form.errors, query: historyQuery(form.typed) };
}

export default function EmployeeHistory() {
  const { history, typed, errors, query } = useLoaderData<typeof loader>();
  const { subject } = history;
  const base = `/employees/${subject.id}/history`;
  const exportQuery = new URLSearchParams(query).toString();
  return (
    <div className="space-y-6">
      <Breadcrumb
        crumbs={[
          { label: t("employees.title"), href: "/employees" },
          { label: subject.displayName, href: `/employees/${subject.id}/edit` },
          { label: t("sheet.tab.history"), href: null },
        ]}
      />
      <h1 className="text-2xl font-semibold">{t("history.title", { name: subject.displayName })}</h1>
      <EmployeeSheetTabs employeeId={subject.id} current="history" />
      <p className="text-sm text-gray-700">{t("history.intro")}</p>
      <Form
        method="get"
        action={base}
        key={`${typed.kind}|${typed.from}|${typed.to}`}
        aria-label={t("history.filters")}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="history-filters"
      >
        <div>
          <label htmlFor="h-kind" className="field-label">
            {t("history.filter.kind")}
          </label>
          <select id="h-kind" name="kind" defaultValue={typed.kind} className="field-input">
            <option value="">{t("word.all")}</option>
            {HISTORY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`history.kind.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {(["from", "to"] as const).map((end) => (
          <div key={end}>
            <label htmlFor={`h-${end}`} className="field-label">
              {t(`history.filter.${end}`)}
            </label>
            <input
              id={`h-${end}`}
              name={end}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t("history.filter.date_hint")}
              defaultValue={typed[end]}
              aria-invalid={errors[end] ? true : undefined}
              aria-describedby={errors[end] ? `h-${end}-error` : `h-${end}-hint`}
              className="field-input"
            />
            {errors[end] ? (
              <p id={`h-${end}-error`} className="field-error" role="alert">
                {errors[end]}
              </p>
            ) : (
              <p id={`h-${end}-hint`} className="mt-1 text-xs text-gray-600">
                {t("history.filter.date_hint")}
              </p>
            )}
          </div>
        ))}
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className="btn btn-primary" data-testid="history-filter">
            {t("history.filter.submit")}
          </button>
          <Link to={base} className="btn btn-secondary">
            {t("history.filter.reset")}
          </Link>
        </div>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700" data-testid="history-count">
          {t("history.count", { count: history.total })}
        </p>
        <a href={`/employees/${subject.id}/history/export${exportQuery ? `?${exportQuery}` : ""}`} className="btn btn-secondary" download>
          {t("history.export")}
        </a>
      </div>
      {history.entries.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-gray-50 p-4 text-sm" data-testid="history-empty">
          {t("history.empty")}
        </p>
      ) : (
        <WideTable label={t("history.label")} testId="history-table">
          <caption className="sr-only">{t("history.label")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("history.col.at")}</th>
              <th scope="col">{t("history.col.kind")}</th>
              <th scope="col">{t("history.col.actor")}</th>
              <th scope="col">{t("history.col.what")}</th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((entry) => (
              <tr key={entry.id} data-testid="history-entry" data-kind={entry.kind ?? ""}>
                <th scope="row" className="whitespace-nowrap">
                  <time dateTime={entry.at}>{entry.shownAt}</time>
                </th>
                <td>{entry.kindLabel}</td>
                <td>{entry.actor}</td>
                <td>
                  <ul className="space-y-0.5">
                    {entry.lines.map((line, i) => (
                      <li key={i} className="break-words">
                        {line}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </WideTable>
      )}
      <Pager base={base} query={query} page={history.page} pages={history.pages} label={t("history.pager")} />
    </div>
  );
}

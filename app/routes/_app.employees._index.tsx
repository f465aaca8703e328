import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { directoryHome } from "~/services/employees/employees.server";
import { DirectoryCard, EmployeeCards, EmptyState } from "~/ui/employees/directory";

export const meta: MetaFunction = () => [{ title: `${t("employees.title")} · ${t("app.title")}` }];

/** /employees: the subsidiaries as cards, the new-sheet button and a name search over active employees. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = new URL(request.url).searchParams.get("q");
  return directoryHome(await getEm(), user, q);
}

export default function EmployeesHome() {
  const { subsidiaries, search, results } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("employees.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/employees/import" className="btn btn-secondary">
            {t("import.link")}
          </Link>
          <a href="/employees/export" className="btn btn-secondary" download>
            {t("import.export_link")}
          </a>
          <Link to="/employees/new" className="btn btn-primary">
            {t("employees.new_sheet")}
          </Link>
        </div>
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor="employee-search" className="field-label">
            {t("employees.search_label")}
          </label>
          <input
            id="employee-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder={t("employees.search_placeholder")}
            maxLength={100}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t("word.search")}
        </button>
        {search && (
          <Link to="/employees" className="btn-link text-sm">
            {t("employees.search_clear")}
          </Link>
        )}
      </Form>

      {results && (
        <section aria-labelledby="search-results" className="space-y-3">
          <h2 id="search-results" className="text-lg font-semibold">
            {t("employees.search_results", { q: search })}
          </h2>
          {results.length ? <EmployeeCards employees={results} /> : <EmptyState>{t("employees.empty_search")}</EmptyState>}
        </section>
      )}

      <section aria-labelledby="subsidiaries" className="space-y-3">
        <h2 id="subsidiaries" className="text-lg font-semibold">
          {t("employees.subsidiaries")}
        </h2>
        {subsidiaries.length ? (
          <ul className="card-grid">
            {subsidiaries.map((s) => (
              <DirectoryCard
                key={s.id}
                to={`/employees/subsidiary/${s.id}`}
                title={s.name}
                detail={`${s.city} · ${t("employees.count", { count: s.employees })}`}
              />
            ))}
          </ul>
        ) : (
          <EmptyState>{t("employees.empty_subsidiaries")}</EmptyState>
        )}
      </section>
    </div>
  );
}

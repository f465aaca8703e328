import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { orPageNotFound, subsidiaryDirectory } from "~/services/employees/employees.server";
import { DirectoryCard, DirectoryHeader, EmployeeCards, EmptyState } from "~/ui/employees/directory";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.subsidiary.name ?? t("employees.title")} · ${t("app.title")}` },
];

/** /employees/subsidiary/{id}: the divisions as cards, the archives card when someone left, the unplaced employees. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return orPageNotFound(subsidiaryDirectory(await getEm(), user, Number(params.subsidiary)));
}

export default function SubsidiaryDirectory() {
  const { subsidiary, divisions, withoutDivision, archivedCount, activeCount } = useLoaderData<typeof loader>();
  const base = `/employees/subsidiary/${subsidiary.id}`;
  return (
    <div className="space-y-6">
      <DirectoryHeader
        crumbs={[{ label: t("employees.title"), href: "/employees" }, { label: subsidiary.name, href: null }]}
        title={subsidiary.name}
        back="/employees"
      />
      {activeCount === 0 && <EmptyState>{t("employees.empty_subsidiary")}</EmptyState>}
      {(divisions.length > 0 || archivedCount > 0) && (
        <section aria-labelledby="divisions" className="space-y-3">
          <h2 id="divisions" className="text-lg font-semibold">
            {t("employees.divisions")}
          </h2>
          <ul className="card-grid">
            {divisions.map((d) => (
              <DirectoryCard key={d.id} to={`${base}/division/${d.id}`} title={d.name} detail={t("employees.count", { count: d.employees })} />
            ))}
            {archivedCount > 0 && (
              <DirectoryCard
                to={`${base}/archive`}
                title={t("employees.archives")}
                detail={`${t("employees.archives_text")} · ${t("employees.count", { count: archivedCount })}`}
                className="archive-header"
              />
            )}
          </ul>
        </section>
      )}
      {withoutDivision.length > 0 && (
        <section aria-labelledby="without-division" className="space-y-3">
          <h2 id="without-division" className="text-lg font-semibold">
            {t("employees.without_division")}
          </h2>
          <EmployeeCards employees={withoutDivision} />
        </section>
      )}
    </div>
  );
}

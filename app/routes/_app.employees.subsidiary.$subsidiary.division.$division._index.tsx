import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { divisionDirectory, orPageNotFound } from "~/services/employees/employees.server";
import { DirectoryCard, DirectoryHeader, EmployeeCards, EmptyState } from "~/ui/employees/directory";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.division.name ?? t("employees.title")} · ${t("app.title")}` },
];

/** /employees/subsidiary/{s}/division/{d}: the division's teams as cards and its employees without a team. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return orPageNotFound(divisionDirectory(await getEm(), user, Number(params.subsidiary), Number(params.division)));
}

export default function DivisionDirectory() {
  const { subsidiary, division, teams, employees } = useLoaderData<typeof loader>();
  const subPath = `/employees/subsidiary/${subsidiary.id}`;
  const base = `${subPath}/division/${division.id}`;
  return (
    <div className="space-y-6">
      <DirectoryHeader
        crumbs={[
          { label: t("employees.title"), href: "/employees" },
          { label: subsidiary.name, href: subPath },
          { label: division.name, href: null },
        ]}
        title={division.name}
        back={subPath}
      />
      <section aria-labelledby="teams" className="space-y-3">
        <h2 id="teams" className="text-lg font-semibold">
          {t("employees.teams")}
        </h2>
        {teams.length ? (
          <ul className="card-grid">
            {teams.map((tm) => (
              <DirectoryCard key={tm.id} to={`${base}/team/${tm.id}`} title={tm.name} detail={t("employees.count", { count: tm.employees })} />
            ))}
          </ul>
        ) : (
          <EmptyState>{t("employees.empty_division_teams")}</EmptyState>
        )}
      </section>
      <section aria-labelledby="members" className="space-y-3">
        <h2 id="members" className="text-lg font-semibold">
          {t("employees.without_team")}
        </h2>
        {employees.length ? <EmployeeCards employees={employees} /> : <EmptyState>{t("employees.empty_division_members")}</EmptyState>}
      </section>
    </div>
  );
}

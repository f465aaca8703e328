import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { orPageNotFound, teamDirectory } from "~/services/employees/employees.server";
import { DirectoryHeader, EmployeeCards, EmptyState } from "~/ui/employees/directory";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.team.name ?? t("employees.title")} · ${t("app.title")}` }];

/** /employees/subsidiary/{s}/division/{d}/team/{t}: the team's employees. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return orPageNotFound(teamDirectory(await getEm(), user, Number(params.subsidiary), Number(params.division), Number(params.team)));
}

export default function TeamDirectory() {
  const { subsidiary, division, team, employees } = useLoaderData<typeof loader>();
  const subPath = `/employees/subsidiary/${subsidiary.id}`;
  const divPath = `${subPath}/division/${division.id}`;
  return (
    <div className="space-y-6">
      <DirectoryHeader
        crumbs={[
          { label: t("employees.title"), href: "/employees" },
          { label: subsidiary.name, href: subPath },
          { label: division.name, href: divPath },
          { label: team.name, href: null },
        ]}
        title={team.name}
        back={divPath}
      />
      {employees.length ? <EmployeeCards employees={employees} /> : <EmptyState>{t("employees.empty_team")}</EmptyState>}
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { archiveDirectory, orPageNotFound } from "~/services/employees/employees.server";
import { DirectoryHeader, EmployeeCards, EmptyState } from "~/ui/employees/directory";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("employees.archive_title", { name: data.subsidiary.name }) : t("employees.archives")} · ${t("app.title")}` },
];

/** /employees/subsidiary/{id}/archive: the employees who left, with their departure date. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return orPageNotFound(archiveDirectory(await getEm(), user, Number(params.subsidiary)));
}

export default function ArchiveDirectory() {
  const { subsidiary, employees } = useLoaderData<typeof loader>();
  const back = `/employees/subsidiary/${subsidiary.id}`;
  return (
    <div className="space-y-6">
      <DirectoryHeader
        crumbs={[
          { label: t("employees.title"), href: "/employees" },
          { label: subsidiary.name, href: back },
          { label: t("employees.archives"), href: null },
        ]}
        title={t("employees.archive_title", { name: subsidiary.name })}
        back={back}
        archive
      />
      {employees.length ? <EmployeeCards employees={employees} showDeparture /> : <EmptyState>{t("employees.empty_archive")}</EmptyState>}
    </div>
  );
}

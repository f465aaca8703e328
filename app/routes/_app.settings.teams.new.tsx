import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TeamForm, toTeamInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { settingsCreateAction } from "~/server/organisation/routes.server";
import { settingsOverview } from "~/services/organisation/settings.server";
import { createTeam } from "~/services/organisation/divisions-teams.server";
import { TeamFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_team")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { ...(await settingsOverview(await getEm(), user)), constraint: getZodConstraint(TeamForm) };
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsCreateAction(request, TeamForm, (em, user, v) => createTeam(em, user, toTeamInput(v)));
}

export default function NewTeam() {
  const options = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.teams")} title={t("settings.new_team")}>
      <TeamFormView lastResult={lastResult} constraint={options.constraint} submitLabel={t("word.save")} subsidiaries={options.subsidiaries} divisions={options.divisions} defaultValue={{ name: "", subsidiary: "", division: "" }} />
    </SettingsPage>
  );
}

import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TeamForm, toTeamInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { settingsEditLoader, settingsUpdateAction } from "~/server/organisation/routes.server";
import { settingsOverview } from "~/services/organisation/settings.server";
import { getTeam, updateTeam } from "~/services/organisation/divisions-teams.server";
import { TeamFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.name ?? t("settings.edit_team")} · ${t("app.title")}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return settingsEditLoader(request, params.id, async (em, user, id) => {
    const item = await getTeam(em, user, id);
    return { item, options: await settingsOverview(em, user), constraint: getZodConstraint(TeamForm) };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return settingsUpdateAction(request, params.id, TeamForm, (em, user, id, v) => updateTeam(em, user, id, toTeamInput(v)), "teams");
}

export default function EditTeam() {
  const { item, options, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.teams")} title={item.name}>
      <TeamFormView key={item.id} lastResult={lastResult} constraint={constraint} submitLabel={t("word.save")} subsidiaries={options.subsidiaries} divisions={options.divisions} defaultValue={{ name: item.name, subsidiary: String(item.subsidiary.id), division: String(item.division.id) }} />
    </SettingsPage>
  );
}

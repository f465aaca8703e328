import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DivisionForm, toDivisionInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { settingsEditLoader, settingsUpdateAction } from "~/server/organisation/routes.server";
import { settingsOverview } from "~/services/organisation/settings.server";
import { getDivision, updateDivision } from "~/services/organisation/divisions-teams.server";
import { DivisionFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.name ?? t("settings.edit_division")} · ${t("app.title")}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return settingsEditLoader(request, params.id, async (em, user, id) => {
    const item = await getDivision(em, user, id);
    return { item, options: await settingsOverview(em, user), constraint: getZodConstraint(DivisionForm) };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return settingsUpdateAction(request, params.id, DivisionForm, (em, user, id, v) => updateDivision(em, user, id, toDivisionInput(v)), "divisions");
}

export default function EditDivision() {
  const { item, options, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.divisions")} title={item.name}>
      <DivisionFormView key={item.id} lastResult={lastResult} constraint={constraint} submitLabel={t("word.save")} subsidiaries={options.subsidiaries} defaultValue={{ name: item.name, subsidiary: String(item.subsidiary.id) }} />
    </SettingsPage>
  );
}

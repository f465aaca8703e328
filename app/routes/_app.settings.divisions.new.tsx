import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DivisionForm, toDivisionInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { settingsCreateAction } from "~/server/organisation/routes.server";
import { settingsOverview } from "~/services/organisation/settings.server";
import { createDivision } from "~/services/organisation/divisions-teams.server";
import { DivisionFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_division")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { ...(await settingsOverview(await getEm(), user)), constraint: getZodConstraint(DivisionForm) };
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsCreateAction(request, DivisionForm, (em, user, v) => createDivision(em, user, toDivisionInput(v)));
}

export default function NewDivision() {
  const options = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.divisions")} title={t("settings.new_division")}>
      <DivisionFormView lastResult={lastResult} constraint={options.constraint} submitLabel={t("word.save")} subsidiaries={options.subsidiaries} defaultValue={{ name: "", subsidiary: "" }} />
    </SettingsPage>
  );
}

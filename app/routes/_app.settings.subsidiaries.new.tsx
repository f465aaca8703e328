import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SubsidiaryForm, toSubsidiaryInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { settingsCreateAction } from "~/server/organisation/routes.server";
import { settingsOverview } from "~/services/organisation/settings.server";
import { createSubsidiary } from "~/services/organisation/subsidiaries.server";
import { SubsidiaryFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_subsidiary")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { ...(await settingsOverview(await getEm(), user)), constraint: getZodConstraint(SubsidiaryForm) };
}

export async function action({ request }: ActionFunctionArgs) {
  // The HTML form always sends the full list: no rows left means no local holidays.
  return settingsCreateAction(request, SubsidiaryForm, (em, user, v) =>
    createSubsidiary(em, user, toSubsidiaryInput({ ...v, holidays: v.holidays ?? [] })),
  );
}

export default function NewSubsidiary() {
  const options = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.subsidiaries")} title={t("settings.new_subsidiary")}>
      <SubsidiaryFormView lastResult={lastResult} constraint={options.constraint} submitLabel={t("word.save")} countries={options.countries} defaultValue={{ name: "", country: "", city: "", timezone: "Europe/Paris", holidays: [] }} />
    </SettingsPage>
  );
}

import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SubsidiaryForm, toSubsidiaryInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { settingsEditLoader, settingsUpdateAction } from "~/server/organisation/routes.server";
import { settingsOverview } from "~/services/organisation/settings.server";
import { getSubsidiaryWithNight, updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import { SubsidiaryFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.name ?? t("settings.edit_subsidiary")} · ${t("app.title")}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return settingsEditLoader(request, params.id, async (em, user, id) => {
    const item = await getSubsidiaryWithNight(em, user, id);
    return { item, options: await settingsOverview(em, user), constraint: getZodConstraint(SubsidiaryForm) };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The HTML form always sends the full list: no rows left means no local holidays.
  return settingsUpdateAction(
    request,
    params.id,
    SubsidiaryForm,
    (em, user, id, v) => updateSubsidiary(em, user, id, toSubsidiaryInput({ ...v, holidays: v.holidays ?? [] })),
    "subsidiaries",
  );
}

export default function EditSubsidiary() {
  const { item, options, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.subsidiaries")} title={item.name}>
      <SubsidiaryFormView
        key={item.id}
        lastResult={lastResult}
        constraint={constraint}
        submitLabel={t("word.save")}
        countries={options.countries}
        defaultValue={{
          name: item.name,
          country: String(item.country.id),
          city: item.city,
          timezone: item.timezone,
          holidays: item.holidays.map((h) => ({ date: h.date, name: h.name })),
          nightFrom: item.nightAgreement.from ?? "",
          nightTo: item.nightAgreement.to ?? "",
          nightRate: item.nightAgreement.rate === null ? "" : String(item.nightAgreement.rate),
        }}
      />
    </SettingsPage>
  );
}

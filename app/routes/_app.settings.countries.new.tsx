import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CountryForm, toCountryInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { settingsCreateAction } from "~/server/organisation/routes.server";
import { createCountry } from "~/services/organisation/countries.server";
import { CountryFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_country")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { constraint: getZodConstraint(CountryForm) };
}

export async function action({ request }: ActionFunctionArgs) {
  // The HTML form always sends the full list: no rows left means no holidays.
  return settingsCreateAction(request, CountryForm, (em, user, v) => createCountry(em, user, toCountryInput({ ...v, holidays: v.holidays ?? [] })));
}

export default function NewCountry() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.countries")} title={t("settings.new_country")}>
      <CountryFormView
        lastResult={lastResult}
        constraint={constraint}
        submitLabel={t("word.save")}
        defaultValue={{
          name: "",
          timezone: "Europe/Paris",
          overtime: { paid: "", inRecuperation: "", employeeInitiatedRecuperation: "", employerInitiatedRecuperation: "" },
          holidays: [],
        }}
      />
    </SettingsPage>
  );
}

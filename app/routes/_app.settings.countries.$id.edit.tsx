import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDecimalInput } from "~/domain/shared/number-format";
import { CountryForm, toCountryInput } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { settingsEditLoader, settingsUpdateAction } from "~/server/organisation/routes.server";
import { getCountry, updateCountry } from "~/services/organisation/countries.server";
import { CountryFormView } from "~/ui/organisation/forms";
import { SettingsPage, type Reply } from "~/ui/organisation/form-parts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.country.name ?? t("settings.edit_country")} · ${t("app.title")}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return settingsEditLoader(request, params.id, async (em, user, id) => ({
    country: await getCountry(em, user, id),
    constraint: getZodConstraint(CountryForm),
  }));
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The HTML form always sends the full list: no rows left means no holidays.
  return settingsUpdateAction(
    request,
    params.id,
    CountryForm,
    (em, user, id, v) => updateCountry(em, user, id, toCountryInput({ ...v, holidays: v.holidays ?? [] })),
    "countries",
  );
}

export default function EditCountry() {
  const { country, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  const o = country.overtime;
  return (
    <SettingsPage section={t("settings.countries")} title={country.name}>
      <CountryFormView
        key={country.id}
        lastResult={lastResult}
        constraint={constraint}
        submitLabel={t("word.save")}
        defaultValue={{
          name: country.name,
          timezone: country.timezone,
          overtime: {
            paid: formatDecimalInput(o.paid),
            inRecuperation: formatDecimalInput(o.inRecuperation),
            employeeInitiatedRecuperation: formatDecimalInput(o.employeeInitiatedRecuperation),
            employerInitiatedRecuperation: formatDecimalInput(o.employerInitiatedRecuperation),
          },
          holidays: country.holidays.map((h) => ({ date: h.date, name: h.name })),
        }}
      />
      <p className="mt-4">
        <Link to={`/settings/countries/${country.id}/overtime`} className="btn-link">
          {t("overtime.policy.link")}
        </Link>
      </p>
    </SettingsPage>
  );
}

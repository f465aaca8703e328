import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CountryForm, fieldErrors, settingsId, toCountryInput } from "~/forms/settings";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { NotFoundError, ValidationError } from "~/services/errors";
import { getCountry, updateCountry } from "~/services/settings.server";
import { CountryFormView, SettingsPage, type Reply } from "~/ui/settings-forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.country.name ?? t("settings.edit_country")} · ${t("app.title")}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return { country: await getCountry(await getEm(), user, settingsId(params.id)) };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = settingsId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: CountryForm });
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  try {
    await updateCountry(await getEm(), user, id, toCountryInput({ ...submission.value, holidays: submission.value.holidays ?? [] }));
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
  // After an update the user stays on the page (spec 1 §2), with the success alert.
  const session = await getSession(request);
  pushAlert(session, "success", t("success.modifications_saved"));
  return redirect(`/settings/countries/${id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function EditCountry() {
  const { country } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  const o = country.overtime;
  return (
    <SettingsPage section={t("settings.countries")} title={country.name}>
      <CountryFormView
        key={country.id}
        lastResult={lastResult}
        submitLabel={t("word.save")}
        defaultValue={{
          name: country.name,
          timezone: country.timezone,
          overtime: {
            paid: String(o.paid),
            inRecuperation: String(o.inRecuperation),
            employeeInitiatedRecuperation: String(o.employeeInitiatedRecuperation),
            employerInitiatedRecuperation: String(o.employerInitiatedRecuperation),
          },
          holidays: country.holidays.map((h) => ({ date: h.date, name: h.name })),
        }}
      />
    </SettingsPage>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CountryForm, fieldErrors, toCountryInput } from "~/forms/settings";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { ValidationError } from "~/services/errors";
import { createCountry } from "~/services/settings.server";
import { CountryFormView, SettingsPage, type Reply } from "~/ui/settings-forms";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_country")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: CountryForm });
  // Adding or removing a holiday row (conform intent) re-renders the form with 200; nothing is saved yet.
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  try {
    const country = await createCountry(await getEm(), user, toCountryInput({ ...submission.value, holidays: submission.value.holidays ?? [] }));
    const session = await getSession(request);
    pushAlert(session, "success", t("settings.created", { item: country.name }));
    return redirect("/settings", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    throw error;
  }
}

export default function NewCountry() {
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.countries")} title={t("settings.new_country")}>
      <CountryFormView
        lastResult={lastResult}
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

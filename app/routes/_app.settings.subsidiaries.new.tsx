import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, SubsidiaryForm } from "~/forms/settings";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { ValidationError } from "~/services/errors";
import { createSubsidiary, settingsOverview } from "~/services/settings.server";
import { SubsidiaryFormView, SettingsPage, type Reply } from "~/ui/settings-forms";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_subsidiary")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return settingsOverview(await getEm(), user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: SubsidiaryForm });
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const v = submission.value;
  try {
    const created = await createSubsidiary(await getEm(), user, { name: v.name, countryId: v.country, city: v.city, timezone: v.timezone });
    const session = await getSession(request);
    pushAlert(session, "success", t("settings.created", { item: created.name }));
    return redirect("/settings", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    throw error;
  }
}

export default function NewSubsidiary() {
  const options = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.subsidiaries")} title={t("settings.new_subsidiary")}>
      <SubsidiaryFormView lastResult={lastResult} submitLabel={t("word.save")} countries={options.countries} defaultValue={{ name: "", country: "", city: "", timezone: "Europe/Paris" }} />
    </SettingsPage>
  );
}

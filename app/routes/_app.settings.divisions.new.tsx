import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, DivisionForm } from "~/forms/settings";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { ValidationError } from "~/services/errors";
import { createDivision, settingsOverview } from "~/services/settings.server";
import { DivisionFormView, SettingsPage, type Reply } from "~/ui/settings-forms";

export const meta: MetaFunction = () => [{ title: `${t("settings.new_division")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return settingsOverview(await getEm(), user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: DivisionForm });
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const v = submission.value;
  try {
    const created = await createDivision(await getEm(), user, { name: v.name, subsidiaryId: v.subsidiary });
    const session = await getSession(request);
    pushAlert(session, "success", t("settings.created", { item: created.name }));
    return redirect("/settings", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    throw error;
  }
}

export default function NewDivision() {
  const options = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.divisions")} title={t("settings.new_division")}>
      <DivisionFormView lastResult={lastResult} submitLabel={t("word.save")} subsidiaries={options.subsidiaries} defaultValue={{ name: "", subsidiary: "" }} />
    </SettingsPage>
  );
}

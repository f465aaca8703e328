import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, settingsId, TeamForm } from "~/forms/settings";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { NotFoundError, ValidationError } from "~/services/errors";
import { getTeam, updateTeam, settingsOverview } from "~/services/settings.server";
import { TeamFormView, SettingsPage, type Reply } from "~/ui/settings-forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.name ?? t("settings.edit_team")} · ${t("app.title")}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const em = await getEm();
  try {
    const item = await getTeam(em, user, settingsId(params.id));
    return { item, options: await settingsOverview(em, user) };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = settingsId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: TeamForm });
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const v = submission.value;
  try {
    await updateTeam(await getEm(), user, id, { name: v.name, subsidiaryId: v.subsidiary, divisionId: v.division });
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
  // After an update the user stays on the page (spec 1 §2), with the success alert.
  const session = await getSession(request);
  pushAlert(session, "success", t("success.modifications_saved"));
  return redirect(`/settings/teams/${id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function EditTeam() {
  const { item, options } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as Reply;
  return (
    <SettingsPage section={t("settings.teams")} title={item.name}>
      <TeamFormView key={item.id} lastResult={lastResult} submitLabel={t("word.save")} subsidiaries={options.subsidiaries} divisions={options.divisions} defaultValue={{ name: item.name, subsidiary: String(item.subsidiary.id), division: String(item.division.id) }} />
    </SettingsPage>
  );
}

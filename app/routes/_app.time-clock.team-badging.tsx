import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { pathWithSearch, requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { AppError, NotFoundError } from "~/services/errors";
import { suggestFromForm } from "~/services/time-clock-suggestions.server";
import { loadBadgingPage, readBadgingQuery } from "~/services/time-clock-views.server";
import { BadgingViewPage } from "~/ui/badging-view";
import type { SuggestFailure } from "~/ui/badging-week-results";

export const meta: MetaFunction = () => [{ title: `${t("badging.team.title")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return await loadBadgingPage(await getEm(), user, "team", readBadgingQuery(new URL(request.url)));
  } catch (error) {
    // A subsidiary, division or team outside the viewer's scope: not found, as if it did not exist.
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** `intent=suggest`: a correction of one day, proposed to management (Post/Redirect/Get back to this search). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const session = await getSession(request);
  try {
    if (form.get("intent") !== "suggest") throw new AppError(400, t("error.generic"));
    const outcome = await suggestFromForm(await getEm(), user, form);
    if (!outcome.ok) return data<SuggestFailure>(outcome.failure, { status: 400 });
    pushAlert(session, "success", t("success.suggest_created"));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.message);
  }
  return redirect(pathWithSearch(request), { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function TeamBadging() {
  const page = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as SuggestFailure | undefined;
  return <BadgingViewPage page={page} title={t("badging.team.title")} failure={failure} />;
}

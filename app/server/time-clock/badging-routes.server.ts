import { data, redirect } from "@remix-run/node";
import { t } from "~/i18n/fr";
import { AppError, NotFoundError } from "~/services/shared/errors";
import { correctedDays, correctionAsked } from "~/services/time-clock/clock-corrections.server";
import { suggestFromForm } from "~/services/time-clock/suggest-for.server";
import { loadBadgingPage, readBadgingQuery, type BadgingPage, type BadgingView } from "~/services/time-clock/views.server";
import type { SuggestFailure } from "~/ui/time-clock/badging-week-results";
import { pathWithSearch, requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";

/** Loader and action shared by the team, division and agency badging pages (they differ by their scope only). */

/** The page: today's recap and the custom search of the URL's filters. */
export async function badgingPageLoader(request: Request, view: BadgingView): Promise<BadgingPage & { corrected: number[] }> {
  const user = await requireUser(request);
  try {
    const em = await getEm();
    const page = await loadBadgingPage(em, user, view, readBadgingQuery(new URL(request.url)));
    // The searched days that were corrected are marked (issue 28 item 8): one query for the page.
    const ids = page.results.flatMap((r) => r.weeks.flatMap((w) => w.timeClocks.map((c) => c.id)));
    return { ...page, corrected: [...(await correctedDays(em, ids))] };
  } catch (error) {
    // A subsidiary, division or team outside the viewer's scope: not found, as if it did not exist.
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** `intent=suggest`: a correction of one day, proposed to management (Post/Redirect/Get back to this search). */
export async function badgingSuggestAction(request: Request) {
  const user = await requireUser(request);
  const form = await request.formData();
  const session = await getSession(request);
  try {
    if (form.get("intent") !== "suggest") throw new AppError(400, t("error.generic"));
    const outcome = await suggestFromForm(await getEm(), user, form);
    if (!outcome.ok) return data<SuggestFailure>(outcome.failure, { status: 400 });
    // Its validators are mailed (issue 28 item 10).
    await correctionAsked(Number(form.get("employeeId")), String(form.get("date") ?? ""));
    pushAlert(session, "success", t("success.suggest_created"));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.message);
  }
  return redirect(pathWithSearch(request), { headers: { "Set-Cookie": await commitSession(session) } });
}

import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { t, type MessageKey } from "~/i18n/fr";
import { requireAnonymous, startUserSession } from "~/server/identity/auth.server";
import { env, oidcSettings } from "~/server/shared/env.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { finishOidcSignIn, OIDC_CALLBACK_PATH } from "~/services/identity/oidc.server";

const MESSAGES: Record<string, MessageKey> = {
  expired: "login.oidc.expired",
  failed: "login.oidc.failed",
  no_email: "login.oidc.no_email",
  bad_email: "login.oidc.bad_email",
  unknown: "login.oidc.unknown",
  archived: "login.oidc.archived",
  unavailable: "login.oidc.unavailable",
};

/**
 * GET /login/oidc/callback: where the provider sends the browser back. Signed in: a new session, then the page
 * asked for before. Refused (wrong state, expired code, unknown or archived person…): back to /login with a French
 * message and the same `redirect`. The checks of the session are used once, whatever the outcome.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const settings = oidcSettings();
  if (!settings) throw new Response(t("error.not_found_item"), { status: 404 });
  const session = await getSession(request);
  const pending = session.get("oidc");
  session.unset("oidc");
  // The URL as the provider was told it (APP_URL), not as a proxy in front may have rewritten it.
  const callbackUrl = new URL(OIDC_CALLBACK_PATH + new URL(request.url).search, env().APP_URL);
  const outcome = await finishOidcSignIn(await getEm(), settings, { callbackUrl, pending });
  if (outcome.ok) return startUserSession(request, outcome.userId, outcome.redirect);
  pushAlert(session, "danger", t(MESSAGES[outcome.reason]!, { name: settings.name, email: outcome.email ?? "" }));
  const back = pending?.redirect && pending.redirect !== "/" ? `/login?redirect=${encodeURIComponent(pending.redirect)}` : "/login";
  return redirect(back, { headers: { "Set-Cookie": await commitSession(session) } });
}

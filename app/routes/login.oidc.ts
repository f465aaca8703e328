import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { t } from "~/i18n/fr";
import { requireAnonymous, safeRedirect } from "~/server/identity/auth.server";
import { env, oidcSettings } from "~/server/shared/env.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { startOidcSignIn } from "~/services/identity/oidc.server";

/**
 * GET /login/oidc?redirect=…: the "Se connecter avec …" link of /login (a plain link, no JavaScript). Keeps the
 * checks (state, nonce, PKCE verifier) and the page asked for in the session, then sends the browser to the provider.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const settings = oidcSettings();
  if (!settings) throw new Response(t("error.not_found_item"), { status: 404 });
  const session = await getSession(request);
  const asked = new URL(request.url).searchParams.get("redirect");
  try {
    const { url, pending } = await startOidcSignIn(settings, { appUrl: env().APP_URL, redirect: safeRedirect(asked) });
    session.set("oidc", pending);
    return redirect(url, { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    console.warn(`[auth] single sign-on provider unreachable: ${(error as Error).message}`);
    session.unset("oidc");
    pushAlert(session, "danger", t("login.oidc.unavailable", { name: settings.name }));
    return redirect(`/login${asked ? `?redirect=${encodeURIComponent(safeRedirect(asked))}` : ""}`, {
      headers: { "Set-Cookie": await commitSession(session) },
    });
  }
}

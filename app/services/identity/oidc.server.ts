import type { EntityManager } from "@mikro-orm/postgresql";
import * as client from "openid-client";
import { ssoLoginEmail } from "~/domain/identity/sso-identity";

/**
 * Single sign-on with OpenID Connect (issue 32 item 1, decision 0090), through `openid-client` (certified; nothing of
 * the protocol is written here): the authorization code flow with PKCE (S256), `state` and `nonce` checked by the
 * library against what the session kept. The person is found by the e-mail the provider vouches for, equal to their
 * Cadran login; a sign-in never creates an account.
 */

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What a sign-in under way keeps in the session until the provider answers. */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  startedAt: number;
}

/** A sign-in left unanswered this long is refused (the provider's own login page may take a while). */
export const OIDC_PENDING_TTL_MS = 10 * 60 * 1000;
export const OIDC_CALLBACK_PATH = "/login/oidc/callback";

const configurations = new Map<string, Promise<client.Configuration>>();

/** Plain HTTP only for a provider on this machine (the tests' one); anything else must be HTTPS. */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
}

/** The provider's configuration (discovery), fetched once per process; a failed discovery is tried again next time. */
export function oidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}|${settings.clientSecret}`;
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(settings.issuer);
    found = client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      execute: isLocalHttp(issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

/** Starts a sign-in: the provider's URL to send the browser to, and what to keep in the session. */
export async function startOidcSignIn(
  settings: OidcSettings,
  input: { appUrl: string; redirect: string; now?: number },
): Promise<{ url: string; pending: OidcPending }> {
  const config = await oidcConfiguration(settings);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: new URL(OIDC_CALLBACK_PATH, input.appUrl).toString(),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.toString(), pending: { state, nonce, verifier, redirect: input.redirect, startedAt: input.now ?? Date.now() } };
}

export type OidcOutcome =
  | { ok: true; userId: number; redirect: string }
  | { ok: false; reason: "expired" | "failed" | "no_email" | "bad_email" | "unknown" | "archived" | "unavailable"; email?: string };

/**
 * Ends a sign-in: the provider's answer (the callback URL as the browser asked it, on APP_URL) is checked by
 * openid-client against the session's state, nonce and PKCE verifier (a wrong `state`, an expired or reused code,
 * an ID token for another client or nonce all fail), then the person is found by their login e-mail.
 */
export async function finishOidcSignIn(
  em: EntityManager,
  settings: OidcSettings,
  input: { callbackUrl: URL; pending: OidcPending | undefined; now?: number },
): Promise<OidcOutcome> {
  const { pending } = input;
  if (!pending || (input.now ?? Date.now()) - pending.startedAt > OIDC_PENDING_TTL_MS) return { ok: false, reason: "expired" };
  let config: client.Configuration;
  try {
    config = await oidcConfiguration(settings);
  } catch (error) {
    console.warn(`[auth] single sign-on provider unreachable: ${(error as Error).message}`);
    return { ok: false, reason: "unavailable" };
  }
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Some providers put the e-mail in the ID token (Google, Entra ID with the optional claim), others only at the
    // userinfo endpoint (OpenID Connect Core §5.4): asked there, for the same subject, when the token has none.
    if (idToken && typeof idToken.email !== "string" && config.serverMetadata().userinfo_endpoint) {
      claims = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    }
  } catch (error) {
    const code = (error as { error?: unknown; code?: unknown }).error ?? (error as { code?: unknown }).code;
    const cause = (error as { cause?: { message?: unknown } }).cause?.message;
    console.warn(`[auth] single sign-on refused: ${(error as Error).message}${code ? ` (${String(code)})` : ""}${cause ? `: ${String(cause)}` : ""}`);
    return { ok: false, reason: "failed" };
  }
  const login = ssoLoginEmail(claims);
  if (!login.ok) {
    if (login.reason === "bad_email") console.warn(`[auth] single sign-on refused: the e-mail claim is not an accepted address ${JSON.stringify(String(claims?.email).slice(0, 300))}`);
    return { ok: false, reason: login.reason };
  }
  const { email } = login;
  const rows = await em
    .getConnection()
    .execute<{ id: number; fired_at: string | null }[]>(
      "select u.id, e.fired_at from app_user u join employee e on e.id = u.employee_id where u.email = ?",
      [email],
    );
  const row = rows[0];
  if (!row) return { ok: false, reason: "unknown", email };
  if (row.fired_at) return { ok: false, reason: "archived", email };
  return { ok: true, userId: row.id, redirect: pending.redirect };
}

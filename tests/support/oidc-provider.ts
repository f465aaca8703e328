import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider for the tests (`oidc-provider`, certified by the OpenID Foundation), on a random
 * local port: one confidential client for Cadran (client_secret_post, PKCE required), RS256 ID tokens. Its login and
 * consent screens are replaced by an automatic answer: whoever the test put in `nextLogin` signs in and consents.
 * Everything else (authorization, codes, token endpoint, ID token) is the provider's own.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account (its `sub`, also its e-mail by default) that signs in at the next authorization. */
  nextLogin: string;
  /** Claims to override per account (e.g. `{ email_verified: false }`). */
  claims: Record<string, Record<string, unknown>>;
  /** Lifetime of the authorization codes issued from now on, in seconds. */
  codeTtlSeconds: number;
  /** Sets the process environment the app reads (OIDC_*), optionally with password sign-in off. */
  configureApp(options?: { passwordSignIn?: boolean; name?: string }): void;
  close(): Promise<void>;
}

export async function startOidcProvider(appUrl: string, port = 0): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "cadran-test";
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const handle: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    nextLogin: "",
    claims: {},
    codeTtlSeconds: 60,
    configureApp(options = {}) {
      process.env.OIDC_ISSUER = issuer;
      process.env.OIDC_CLIENT_ID = clientId;
      process.env.OIDC_CLIENT_SECRET = clientSecret;
      process.env.OIDC_NAME = options.name ?? "Annuaire Test";
      process.env.PASSWORD_SIGN_IN = options.passwordSignIn === false ? "0" : "1";
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl.replace(/\/$/, "")}/login/oidc/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" }] as never },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: () => handle.codeTtlSeconds, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub, email: sub, email_verified: true, name: sub, ...handle.claims[sub] }) };
    },
  });
  const callback = provider.callback();
  server.on("request", (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        // The browser journeys type an e-mail in a plain form (no JavaScript); the API tests name the account.
        let login = handle.nextLogin;
        if (req.method === "POST") login = new URLSearchParams(await readBody(req)).get("email") ?? "";
        else if (!login) return void loginForm(res, details.uid);
        await provider.interactionFinished(req, res, { login: { accountId: login.trim() } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return handle;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The provider's login screen for the browser journeys: one e-mail field, a plain form. */
function loginForm(res: ServerResponse, uid: string) {
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Fournisseur d'identité de test</title></head><body>` +
      `<h1>Fournisseur d'identité de test</h1><form method="post" action="/interaction/${uid}">` +
      `<label for="email">E-mail</label> <input id="email" name="email" type="email" required> <button type="submit">Continuer</button>` +
      `</form></body></html>`,
  );
}

/**
 * Follows the provider's redirects from an authorization URL, as a browser would (with the provider's cookies), and
 * returns the URL it sends back to the app (the callback, with `code` and `state`, or an `error`).
 */
export async function passThroughProvider(provider: TestOidcProvider, authorizationUrl: string, login: string): Promise<URL> {
  provider.nextLogin = login;
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.origin !== new URL(provider.issuer).origin) return url;
    const res = await fetch(url, { headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") }, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects at the provider");
}

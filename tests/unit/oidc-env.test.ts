import { afterEach, describe, expect, it } from "vitest";
import { env, oidcSettings, passwordSignIn, resetEnvCache } from "~/server/shared/env.server";

/** Decision 0090: single sign-on is configured by three variables together; password sign-in off needs it. */
const KEYS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME", "PASSWORD_SIGN_IN"] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
const FULL = { OIDC_ISSUER: "https://login.microsoftonline.com/0000/v2.0", OIDC_CLIENT_ID: "cadran", OIDC_CLIENT_SECRET: "s3cr3t" };

function setEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetEnvCache();
}

afterEach(() => {
  for (const k of KEYS) if (saved[k] === undefined) delete process.env[k];
  else process.env[k] = saved[k];
  resetEnvCache();
});

describe("single sign-on settings", () => {
  it.each([
    ["nothing: passwords only", {}, null, true],
    ["the three variables: single sign-on beside passwords, a default name", FULL, { ...FULL, name: "l'annuaire de l'entreprise" }, true],
    ["with a name and passwords off", { ...FULL, OIDC_NAME: "Microsoft", PASSWORD_SIGN_IN: "0" }, { ...FULL, name: "Microsoft" }, false],
  ] as const)("%s", (_name, values, settings, password) => {
    setEnv(values);
    env();
    const found = oidcSettings();
    expect(found && { OIDC_ISSUER: found.issuer, OIDC_CLIENT_ID: found.clientId, OIDC_CLIENT_SECRET: found.clientSecret, name: found.name }).toEqual(settings);
    expect(passwordSignIn()).toBe(password);
  });

  it.each([
    ["an issuer without client", { OIDC_ISSUER: FULL.OIDC_ISSUER }, /go together/],
    ["a client without secret", { OIDC_ISSUER: FULL.OIDC_ISSUER, OIDC_CLIENT_ID: "cadran" }, /go together/],
    ["passwords off without single sign-on (nobody could sign in)", { PASSWORD_SIGN_IN: "0" }, /PASSWORD_SIGN_IN=0 needs single sign-on/],
    ["an issuer that is no URL", { ...FULL, OIDC_ISSUER: "login.microsoftonline.com" }, /OIDC_ISSUER/],
  ] as const)("refuses to start with %s", (_name, values, message) => {
    setEnv(values);
    expect(() => env()).toThrow(message);
  });
});

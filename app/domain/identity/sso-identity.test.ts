import { describe, expect, it } from "vitest";
import { ssoLoginEmail } from "./sso-identity";

/** Decision 0090: the person of a single sign-on is the account whose login is the provider's verified e-mail. */
describe("ssoLoginEmail", () => {
  const ok = (email: string) => ({ ok: true, email });
  const no = (reason: "no_email" | "bad_email") => ({ ok: false, reason });
  it.each([
    ["a verified address (Google)", { email: "lea.martin@cadran.test", email_verified: true }, ok("lea.martin@cadran.test")],
    ["the address in another case, spaces around", { email: "  Lea.Martin@Cadran.TEST ", email_verified: true }, ok("lea.martin@cadran.test")],
    ["no email_verified claim at all (Entra ID)", { email: "lea.martin@cadran.test" }, ok("lea.martin@cadran.test")],
    ["an address the provider says is not verified", { email: "lea.martin@cadran.test", email_verified: false }, no("no_email")],
    ["email_verified sent as the string \"false\"", { email: "lea.martin@cadran.test", email_verified: "false" }, no("no_email")],
    ["no e-mail claim (a provider without the email scope)", { sub: "123" }, no("no_email")],
    ["an empty e-mail", { email: "", email_verified: true }, no("no_email")],
    ["an e-mail that is not a string", { email: ["lea.martin@cadran.test"], email_verified: true }, no("no_email")],
    ["no claims at all", undefined, no("no_email")],
    ["a user name, not an e-mail", { email: "lmartin", email_verified: true }, no("bad_email")],
    ["the Kelvin sign for k (issue 42 §2)", { email: "\u212Aim@cadran.test", email_verified: true }, no("bad_email")],
    ["long s for s", { email: "\u017Fophie@cadran.test" }, no("bad_email")],
    ["full-width letters", { email: "\uFF4B\uFF49\uFF4D@cadran.test" }, no("bad_email")],
    ["a NUL byte (issue 42 §3)", { email: "kim@cadran.test\u0000" }, no("bad_email")],
  ])("%s", (_name, claims, expected) => {
    expect(ssoLoginEmail(claims as Record<string, unknown> | undefined)).toEqual(expected);
  });
});

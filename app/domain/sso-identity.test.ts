import { describe, expect, it } from "vitest";
import { ssoLoginEmail } from "./sso-identity";

/** Decision 0090: the person of a single sign-on is the account whose login is the provider's verified e-mail. */
describe("ssoLoginEmail", () => {
  it.each([
    ["a verified address (Google)", { email: "lea.martin@cadran.test", email_verified: true }, "lea.martin@cadran.test"],
    ["the address in another case, spaces around", { email: "  Lea.Martin@Cadran.TEST ", email_verified: true }, "lea.martin@cadran.test"],
    ["no email_verified claim at all (Entra ID)", { email: "lea.martin@cadran.test" }, "lea.martin@cadran.test"],
    ["an address the provider says is not verified", { email: "lea.martin@cadran.test", email_verified: false }, null],
    ["email_verified sent as the string \"false\"", { email: "lea.martin@cadran.test", email_verified: "false" }, null],
    ["no e-mail claim (a provider without the email scope)", { sub: "123" }, null],
    ["an empty e-mail", { email: "", email_verified: true }, null],
    ["a user name, not an e-mail", { email: "lmartin", email_verified: true }, null],
    ["an e-mail that is not a string", { email: ["lea.martin@cadran.test"], email_verified: true }, null],
    ["no claims at all", undefined, null],
  ])("%s", (_name, claims, expected) => {
    expect(ssoLoginEmail(claims as Record<string, unknown> | undefined)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const ORIGIN = "https://cadran.example:8443";

describe("safeRedirect", () => {
  it.each([
    ["a page", "/leave/me", "/leave/me"],
    ["a page with a query and a hash", "/leave/me?tab=accepted#x", "/leave/me?tab=accepted#x"],
    ["home", "/", "/"],
    ["dot segments stay on the app", "/a/../leave/me", "/leave/me"],
    ["a space is encoded", "/leave/me?q=a b", "/leave/me?q=a%20b"],
    ["an accent is encoded (ASCII header)", "/é", "/%C3%A9"],
    ["an encoded slash is only a path", "/%2F/evil.example", "/%2F/evil.example"],
    ["a login page with a similar prefix", "/loginfo", "/loginfo"],
    ["null", null, "/"],
    ["undefined", undefined, "/"],
    ["a number", 12, "/"],
    ["empty", "", "/"],
    ["protocol-relative", "//evil.example", "/"],
    ["protocol-relative with a path", "//evil.example/login", "/"],
    ["absolute URL elsewhere", "https://evil.example/", "/"],
    ["absolute URL of the app itself (not a path)", "https://cadran.example:8443/leave/me", "/"],
    ["no leading slash", "evil.example", "/"],
    ["javascript: scheme", "javascript:alert(1)", "/"],
    ["backslash", "/\\evil.example", "/"],
    ["backslash later", "/leave\\..\\..\\evil", "/"],
    ["tab (dropped by browsers -> //evil.example)", "/\t/evil.example", "/"],
    ["newline (header injection)", "/\n/x", "/"],
    ["carriage return", "/\r\nSet-Cookie: a=b", "/"],
    ["NUL", "/\u0000/evil.example", "/"],
    ["DEL", "/\u007f", "/"],
    ["C1 control", "/\u0085/x", "/"],
    ["the login page", "/login?redirect=/x", "/"],
    ["the login page in capitals", "/LOGIN", "/"],
    ["logout", "/logout", "/"],
    ["too long", "/" + "a".repeat(3000), "/"],
  ])("%s: %j -> %s", (_name, to, expected) => {
    expect(safeRedirect(to, ORIGIN)).toBe(expected);
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", ORIGIN, "/profile")).toBe("/profile");
  });

  it("falls back on an unusable app origin", () => {
    expect(safeRedirect("/leave/me", "not a url")).toBe("/");
  });
});

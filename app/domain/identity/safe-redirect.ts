/**
 * Where a "go back to" parameter (login's `redirect`, the sidebar toggle's `redirectTo`) may send the browser:
 * only a path of this app. The value is resolved against the app's origin, the way a browser resolves a
 * `Location` header, and kept only when it stays on that origin; it is refused outright when it carries a
 * control character (a browser drops tabs and newlines, so "/\t/evil.example" becomes "//evil.example") or a
 * backslash (read as "/" by browsers). The answer is the normalised path (ASCII only, safe for a header).
 */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;
const MAX_LENGTH = 2048;
/** Going back to these would undo the very thing just done (sign in) or end the session. */
const NEVER = /^\/(login|logout)(\/|$)/i;

export function safeRedirect(to: unknown, appOrigin: string, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || FORBIDDEN.test(to)) return fallback;
  let origin: string;
  let url: URL;
  try {
    origin = new URL(appOrigin).origin;
    url = new URL(to, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  if (NEVER.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { localDate } from "~/domain/shared/zoned-day";
import { getEm } from "~/server/shared/orm.server";
import { feedDocument } from "~/services/planning/calendar-feed.server";

/**
 * GET /calendar/{token}.ics: a private calendar feed (DESIGN §9), text/calendar, revalidated with its ETag
 * (If-None-Match -> 304). An unknown or revoked token is a plain 404 (nothing told about why).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").replace(/\.ics$/, "");
  const feed = await feedDocument(await getEm(), token, localDate(new Date(), "Europe/Paris"));
  if (!feed) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const headers = {
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    "Cache-Control": "private, no-cache",
    "X-Robots-Tag": "noindex",
  };
  // Removals do not move Last-Modified, so only the ETag decides a 304 (If-Modified-Since is ignored, RFC 9110 §13.1.3).
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((v) => v.trim() === feed.etag || v.trim() === "*")) return new Response(null, { status: 304, headers });
  return new Response(feed.body, { status: 200, headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8" } });
}

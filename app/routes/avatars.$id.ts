import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { isAvatarKey } from "~/services/identity/profile.server";

const ALLOWED = new Set(["image/png", "image/jpeg", "image/webp"]);
const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * Serves an avatar by its random key (decision 0091: never by user id, so nobody reads another person's picture by
 * counting), with a fixed Content-Type and nosniff, to signed-in users only. The key changes with the picture, so
 * the browser may keep it long; `private` keeps it out of shared caches.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const key = params.id ?? "";
  if (!isAvatarKey(key)) return notFound();
  const em = await getEm();
  const rows = await em
    .getConnection()
    .execute<{ content_type: string; data: Buffer }[]>("select content_type, data from avatar where public_key = ?", [key]);
  const row = rows[0];
  if (!row || !ALLOWED.has(row.content_type)) return notFound();
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.content_type,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=86400",
      "Content-Disposition": "inline",
    },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";

const ALLOWED = new Set(["image/png", "image/jpeg", "image/webp"]);

/** Serves a user's avatar with a fixed Content-Type and nosniff (signed-in users only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return new Response("Not found", { status: 404 });
  const em = await getEm();
  const rows = await em
    .getConnection()
    .execute<{ content_type: string; data: Buffer }[]>("select content_type, data from avatar where user_id = ?", [id]);
  const row = rows[0];
  if (!row || !ALLOWED.has(row.content_type)) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.content_type,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=86400",
      "Content-Disposition": "inline",
    },
  });
}

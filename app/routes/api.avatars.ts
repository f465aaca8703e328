import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { t } from "~/i18n/fr";
import { getEm } from "~/server/shared/orm.server";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { AppError } from "~/services/shared/errors";
import { isMultipart, readMultipart, removeAvatar, setAvatar } from "~/services/identity/profile.server";

/**
 * POST /api/avatars (multipart, field `file`): the signed-in user's new avatar, checked by content; 201 with its
 * URL. DELETE /api/avatars: removes it, 204.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const em = await getEm();
    if (request.method === "DELETE") {
      await removeAvatar(em, user);
      return jsonResponse(null, 204);
    }
    if (!isMultipart(request)) throw new AppError(415, t("profile.error.avatar_multipart"));
    const { file } = await readMultipart(request);
    const url = await setAvatar(em, user, file);
    return jsonResponse({ "@id": "/api/avatars", "@type": "Avatar", contentUrl: url }, 201);
  });
}

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed(["POST", "DELETE"]);
}

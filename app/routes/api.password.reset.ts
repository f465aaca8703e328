import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiResetBody } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, readJson } from "~/server/api.server";
import { getEm } from "~/server/orm.server";
import { requestPasswordReset } from "~/services/password-reset.server";

/** POST /api/password/reset {email}: always 202 with the same message, whether or not the account exists. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const body = await readJson(request, ApiResetBody);
    await requestPasswordReset(await getEm(), body.email);
    return jsonResponse({ message: t("success.reset_link_sent") }, 202);
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}

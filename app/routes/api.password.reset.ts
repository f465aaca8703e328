import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiResetBody } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, readJson } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { requestPasswordReset } from "~/services/identity/password-reset.server";
import { oidcSettings, passwordSignIn } from "~/server/shared/env.server";
import { AppError } from "~/services/shared/errors";

/** POST /api/password/reset {email}: always 202 with the same message, whether or not the account exists. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    // Single sign-on only (decision 0090): no password to check, send or change.
    if (!passwordSignIn()) throw new AppError(403, t("reset.password_off", { name: oidcSettings()?.name ?? "" }));
    const body = await readJson(request, ApiResetBody);
    await requestPasswordReset(await getEm(), body.email);
    return jsonResponse({ message: t("success.reset_link_sent") }, 202);
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}

import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiLoginBody } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, readJson } from "~/server/api/api.server";
import { clientIp } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { createApiToken, loginWithPassword } from "~/services/identity/auth.server";
import { AppError } from "~/services/shared/errors";
import { oidcSettings, passwordSignIn } from "~/server/shared/env.server";

/** POST /api/login {username, password} -> {apiToken, identifier} (identifier = the user id). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    // Single sign-on only (decision 0090): no password to check, send or change.
    if (!passwordSignIn()) throw new AppError(403, t("login.password_off", { name: oidcSettings()?.name ?? "" }));
    const body = await readJson(request, ApiLoginBody);
    const em = await getEm();
    const result = await loginWithPassword(em, { identifier: body.username, password: body.password, ip: clientIp(request) });
    if (!result.ok) {
      throw new AppError(result.reason === "throttled" ? 429 : 401, t(result.reason === "throttled" ? "login.throttled" : "login.invalid"));
    }
    const apiToken = await createApiToken(em, result.userId);
    return jsonResponse({ apiToken, identifier: result.userId });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}

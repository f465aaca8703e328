import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiChangeBody } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, readJson } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { changePasswordWithToken } from "~/services/identity/auth.server";
import { oidcSettings, passwordSignIn } from "~/server/shared/env.server";
import { AppError } from "~/services/shared/errors";

/** POST /api/password/change {token, plainPassword}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    // Single sign-on only (decision 0090): no password to check, send or change.
    if (!passwordSignIn()) throw new AppError(403, t("reset.password_off", { name: oidcSettings()?.name ?? "" }));
    const body = await readJson(request, ApiChangeBody);
    await changePasswordWithToken(await getEm(), { token: body.token, password: body.plainPassword });
    return jsonResponse({ message: t("success.password_reset") });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}

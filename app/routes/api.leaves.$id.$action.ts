import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiLeaveDecisionBody } from "~/forms/leave.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { AppError } from "~/services/shared/errors";
import { removeLeave, decideLeave } from "~/services/leave/decision.server";
import { leaveJson } from "~/server/leave/api.server";
import { getLeave } from "~/services/leave/leave.server";
import { leaveId } from "~/services/leave/requests.server";

/**
 * PATCH /api/leaves/{id}/valid | /refuse | /remove. An optional JSON body `{version}` names the version the caller
 * saw: if someone decided since, 409. Without it the current version is used (two calls at once: one 409). A refusal
 * may give its `reason` (at most 500 characters, issue 28 item 3), which the employee reads on the detail and in the mail.
 * The answer is the leave with `notice`: the French sentence naming a month closed for payroll that the change touched
 * and the payslip carrying the difference (decision 0122), else null.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const kind = params.action;
    if (kind !== "valid" && kind !== "refuse" && kind !== "remove") throw new AppError(404, t("error.not_found_item"));
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const user = await requireApiUser(request);
    const hasBody = (request.headers.get("content-length") ?? "0") !== "0" || request.headers.has("content-type");
    const body = hasBody ? await readJson(request, ApiLeaveDecisionBody) : {};
    const em = await getEm();
    const id = leaveId(params.id);
    const options = { expectedVersion: body.version };
    const done =
      kind === "remove"
        ? await removeLeave(em, user, id, options)
        : await decideLeave(em, user, id, kind === "valid" ? "validate" : "refuse", { ...options, refusalReason: kind === "refuse" ? body.reason : null });
    return jsonResponse({ ...leaveJson(await getLeave(em, user, id)), notice: done.notice ?? null });
  });
}

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed(["PATCH"]);
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError } from "~/services/shared/errors";
import { validateCorrection } from "~/services/time-clock/clock-corrections.server";
import { clockById } from "~/services/time-clock/time-clock.server";
import { clockToApi } from "~/services/time-clock/views.server";

/**
 * PATCH /api/timeclock/suggest/{id}/valid: validates a suggestion (management). The day's entries are replaced in
 * one transaction (old ones kept as superseded), its totals and overtime recomputed, the suggestion removed.
 * 200 with the corrected day and `notice` (a day of a month closed for payroll: the French sentence naming it and the
 * payslip carrying the difference, decision 0122; else null); 404 when the suggestion does not exist (or was already validated or deleted).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    if (!/^\d{1,9}$/.test(params.id ?? "")) throw new NotFoundError();
    const em = await getEm();
    const { timeClockId, notice } = await validateCorrection(em, user, Number(params.id));
    return jsonResponse({ ...clockToApi(await clockById(em, user, timeClockId)), notice });
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["PATCH"]);
  });
}

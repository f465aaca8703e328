import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CLOCK_ACTIONS, type ClockAction } from "~/domain/clock-state";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api.server";
import { getEm } from "~/server/orm.server";
import { NotFoundError } from "~/services/errors";
import { clockAction, clockById, resetDay } from "~/services/time-clock.server";
import { clockToApi } from "~/services/time-clock-views.server";

/**
 * GET /api/timeclock/{id}: a clock of the caller, or of an employee in the caller's scope (404 otherwise).
 * POST /api/timeclock/{start|pause|lunch|end|reset}: the badging buttons for the caller's day; 409 with a French
 * message when the state machine forbids the action (also for a repeated one: two clicks make one entry).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
    if (id === null) throw new NotFoundError();
    return jsonResponse(clockToApi(await clockById(await getEm(), user, id, new Date())));
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const name = params.id ?? "";
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const em = await getEm();
    if (name === "reset") return jsonResponse(clockToApi(await resetDay(em, user, new Date())));
    if (!(CLOCK_ACTIONS as readonly string[]).includes(name)) throw new NotFoundError();
    return jsonResponse(clockToApi(await clockAction(em, user, name as ClockAction, new Date())));
  });
}

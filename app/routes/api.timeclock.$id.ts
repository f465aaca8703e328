import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CLOCK_ACTIONS, type ClockAction } from "~/domain/time-clock/clock-state";
import {
  answerResponse,
  apiCallOf,
  handleApi,
  handleApiAnswer,
  jsonAnswer,
  jsonResponse,
  methodNotAllowedAnswer,
  checkApiCaller,
  requireApiUser,
  type ApiCall,
  type JsonAnswer,
} from "~/server/api/api.server";
import { getEm, getStatementEm } from "~/server/shared/orm.server";
import { NotFoundError } from "~/services/shared/errors";
import { clockAction, clockById, clockCallerContext, resetDay } from "~/services/time-clock/time-clock.server";
import { clockToApi } from "~/services/time-clock/views.server";

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
  return answerResponse(await clockButton({ ...apiCallOf(request), name: params.id ?? "" }));
}

/**
 * The buttons' work on a call already taken apart: the one source of POST /api/timeclock/{action}. Remix's `action`
 * above answers its Response; the mounted path of scripts/lib/app.ts (the hottest path, DESIGN §6, decision 0057)
 * calls it directly and writes the answer to Node's response, without undici's Request/Response.
 */
export async function clockButton(call: ApiCall & { name: string }): Promise<JsonAnswer> {
  return handleApiAnswer(async () => {
    const em = await getStatementEm();
    const now = new Date();
    // The token check and the day's read in one statement (decision 0057); the rights as for every /api call.
    const caller = call.token ? await clockCallerContext(em, call.token, now) : null;
    const user = checkApiCaller(call, caller?.user ?? null);
    if (call.method !== "POST") return methodNotAllowedAnswer(["POST"]);
    if (call.name === "reset") return jsonAnswer(clockToApi(await resetDay(em, user, now, caller?.context)));
    if (!(CLOCK_ACTIONS as readonly string[]).includes(call.name)) throw new NotFoundError();
    return jsonAnswer(clockToApi(await clockAction(em, user, call.name as ClockAction, now, caller?.context)));
  });
}

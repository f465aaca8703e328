import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fromBodyDate } from "~/domain/shared/api-dates";
import type { ClockType } from "~/domain/time-clock/clock-type";
import { isCalendarDate } from "~/domain/shared/date-range";
import { localDate } from "~/domain/shared/zoned-day";
import { ApiSuggestBody } from "~/forms/time-clock.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { idFromIri } from "~/domain/shared/iri";
import { getEm } from "~/server/shared/orm.server";
import { ValidationError } from "~/services/shared/errors";
import { askCorrection } from "~/services/time-clock/clock-corrections.server";
import { clockEmployee } from "~/services/time-clock/time-clock.server";
import { suggestionTarget } from "~/services/time-clock/suggest-for.server";
import { clockToApi } from "~/services/time-clock/views.server";

/**
 * POST /api/timeclock/suggest: proposes a corrected day (the edit request after END, or a manager's correction
 * for an employee of their scope). Body: {date, timeLogs: [{time (unix s), type}], message, id?, employee?,
 * originSuggested?}; `id` or `originSuggested` names the day corrected, whose employee it is (suggestionTarget).
 * 201 with the suggested clock; 422 with violations; 404 outside the scope; 409 for today's day not ended yet.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await readJson(request, ApiSuggestBody);
    const em = await getEm();
    const origin = body.originSuggested;
    const dayId = idFromIri(body.id, "TimeClock") ?? (origin && typeof origin === "object" ? origin.id : idFromIri(origin, "TimeClock"));
    // The day sent decides whose day it is (a manager's correction), within the sender's scope.
    const target = await suggestionTarget(em, user, { dayId, employeeId: idFromIri(body.employee, "Employee") ?? body.employeeId ?? null });
    const employeeId = target.employeeId;
    // A unix time is read in the employee's zone (midnight or noon of the day, whatever the client sends);
    // a 'YYYY-MM-DD' is the day itself.
    // Seconds beyond years 0001..9999 (1e15, 1e308, 3e11) name no day: a 422 on `date`, never an Invalid Date.
    const date =
      typeof body.date === "number"
        ? fromBodyDate(body.date) && localDate(new Date(body.date * 1000), (await clockEmployee(em, employeeId)).zone)
        : isCalendarDate(body.date)
          ? body.date
          : fromBodyDate(body.date);
    if (!date) throw new ValidationError([{ propertyPath: "date", message: t("validation.date_invalid") }]);
    if (target.date !== null && date !== target.date) {
      throw new ValidationError([{ propertyPath: "date", message: t("badging.edit.error.date_not_day") }]);
    }
    const clock = await askCorrection(em, user, {
      date,
      employeeId,
      originId: target.originId,
      message: body.message,
      logs: body.timeLogs.map((l) => ({ time: new Date(l.time * 1000), type: l.type as ClockType })),
    });
    return jsonResponse(clockToApi(clock), 201);
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["POST"]);
  });
}

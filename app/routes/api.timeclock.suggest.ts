import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fromBodyDate } from "~/domain/api-dates";
import type { ClockType } from "~/domain/clock-state";
import { isCalendarDate } from "~/domain/date-range";
import { localDate } from "~/domain/zoned-day";
import { ApiSuggestBody } from "~/forms/time-clock.server";
import { t } from "~/i18n/fr";
import { handleApi, idFromIri, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { getEm } from "~/server/orm.server";
import { ValidationError } from "~/services/errors";
import { askCorrection } from "~/services/clock-corrections.server";
import { clockEmployee } from "~/services/time-clock.server";
import { clockToApi } from "~/services/time-clock-views.server";

/**
 * POST /api/timeclock/suggest: proposes a corrected day (the edit request after END, or a manager's correction
 * for an employee of their scope). Body: {date, timeLogs: [{time (unix s), type}], message, employee?,
 * originSuggested?}. 201 with the suggested clock; 422 with violations; 404 outside the scope; 409 for today's
 * day not ended yet.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await readJson(request, ApiSuggestBody);
    const em = await getEm();
    const employeeId = idFromIri(body.employee, "Employee") ?? body.employeeId ?? user.employeeId;
    const origin = body.originSuggested;
    const originId = origin && typeof origin === "object" ? origin.id : idFromIri(origin, "TimeClock");
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
    const clock = await askCorrection(em, user, {
      date,
      employeeId,
      originId,
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

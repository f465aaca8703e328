import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { windowToday } from "~/forms/dates.server";
import { t } from "~/i18n/fr";
import { handleApi, hydraCollection, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { idFromIri } from "~/domain/shared/iri";
import { getEm } from "~/server/shared/orm.server";
import { ApiEventDayBody } from "~/forms/planning.server";
import { ForbiddenError } from "~/services/shared/errors";
import { addEventDay, eventDaysOf } from "~/services/organisation/event-days.server";
import { eventDayJson } from "~/server/planning/api.server";

/** GET /api/event_days: one's own closing and travel days. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const days = await eventDaysOf(await getEm(), user, user.employeeId);
    return jsonResponse(hydraCollection(days.map(eventDayJson)));
  });
}

/**
 * POST /api/event_days {date, type: "closed" | "moved"}: a closing or travel day on one's own planning (201).
 * Another employee's planning: 403. Weekend, holiday, full-day leave, bad date or type: 422; already one: 409.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request);
    const body = await readJson(request, ApiEventDayBody);
    if (body.employee !== undefined && body.employee !== null && idFromIri(body.employee, "Employee") !== user.employeeId) {
      throw new ForbiddenError(t("planning.error.not_own"));
    }
    const added = await addEventDay(await getEm(), user, { date: body.date, type: body.type }, windowToday());
    return jsonResponse(eventDayJson(added), 201);
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiSearchDate } from "~/forms/dates.server";
import { handleApi, hydraCollection, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { eventDaysOf } from "~/services/organisation/event-days.server";
import { eventDayJson } from "~/server/planning/api.server";

/**
 * GET /api/event_days/employee/{id}[?start=YYYYMMDD&end=YYYYMMDD]: an employee's closing and travel days
 * (oneself, or in the caller's planning scope; else 404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    const from = apiSearchDate(url.searchParams.get("start"));
    const to = apiSearchDate(url.searchParams.get("end"));
    const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : -1;
    const days = await eventDaysOf(await getEm(), user, id, from || to ? { from: from ?? "2020-01-01", to: to ?? "9999-12-31" } : undefined);
    return jsonResponse(hydraCollection(days.map(eventDayJson)));
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiSearchDate } from "~/forms/dates.server";
import { t } from "~/i18n/fr";
import { handleApi, hydraCollection, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { AppError, NotFoundError } from "~/services/shared/errors";
import { employeeRange } from "~/services/time-clock/time-clock.server";
import { clockToApi } from "~/services/time-clock/views.server";

/**
 * GET /api/timeclock/employee/{id}/{start}/{end} (YYYYMMDD; 6 months at most): an employee's days, for themselves
 * or a manager whose scope holds them; 404 outside the scope. An empty period is an empty collection.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
    if (id === null) throw new NotFoundError();
    // Dates outside 1950 .. today + 2 years are a 400 like malformed ones (docs/decisions/0015).
    const from = apiSearchDate(params.start);
    const to = apiSearchDate(params.end);
    if (!from || !to) throw new AppError(400, t("time_clock.error.range_invalid"));
    const { clocks } = await employeeRange(await getEm(), user, id, from, to, new Date());
    return jsonResponse(hydraCollection(clocks.map((c) => clockToApi(c))));
  });
}

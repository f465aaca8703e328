import type { LoaderFunctionArgs } from "@remix-run/node";
import { toUnixSeconds } from "~/domain/shared/api-dates";
import { handleApi, hydraCollection, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { queryPeriod } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError } from "~/services/shared/errors";
import { overtimeRecords } from "~/services/overtime/views.server";

/**
 * GET /api/overtime?start=YYYYMMDD&end=YYYYMMDD[&employeeId=] (spec 2 §7 "overtime list"): the daily overtime
 * records {employeeId, date, overtime (seconds)} of the caller, or of an employee of their scope (404 outside).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    const range = queryPeriod(url);
    const asked = url.searchParams.get("employeeId");
    if (asked !== null && !/^\d{1,9}$/.test(asked)) throw new NotFoundError();
    const rows = await overtimeRecords(await getEm(), user, asked === null ? null : Number(asked), range);
    return jsonResponse(hydraCollection(rows.map((r) => ({ "@type": "Overtime", employeeId: r.employeeId, date: toUnixSeconds(r.date), day: r.date, overtime: r.overtime }))));
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { explainedToApi } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import { employeeWeek } from "~/services/overtime/views.server";

/**
 * GET /api/overtime/employee/{id}/{year}/{week} (issue 13 §6): one ISO week explained — the stored week, or the
 * week computed now when not stored yet — with its numbers, its French lines and its legal checks. Week 54 or
 * year 1900: 422; outside the scope: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (!/^\d{1,9}$/.test(params.id ?? "")) throw new NotFoundError();
    const year = /^\d{4}$/.test(params.year ?? "") ? Number(params.year) : null;
    const week = /^\d{1,2}$/.test(params.week ?? "") ? Number(params.week) : null;
    if (year === null) throw new ValidationError([{ propertyPath: "year", message: t("overtime_screens.error.year") }]);
    if (week === null) throw new ValidationError([{ propertyPath: "week", message: t("overtime_screens.error.week") }]);
    const explained = await employeeWeek(await getEm(), user, Number(params.id), { year, week }, new Date());
    return jsonResponse(explainedToApi(Number(params.id), explained));
  });
}

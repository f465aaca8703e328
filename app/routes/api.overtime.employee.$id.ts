import type { LoaderFunctionArgs } from "@remix-run/node";
import { toUnixSeconds } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { deductionToApi, explainedToApi } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import { employeeYear } from "~/services/overtime/views.server";

/**
 * GET /api/overtime/employee/{id}?year=YYYY[&week=NN] (spec 2 §7 "overtime per employee"): an employee's year as
 * the screen shows it (days, weekly totals, legal checks, recovery balance, deductions) and, with `week`, that week
 * explained. The caller themselves or an employee of their scope (404 outside). A year outside 2020..this year
 * (or before the hire year) or a week the year does not have: 422.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (!/^\d{1,9}$/.test(params.id ?? "")) throw new NotFoundError();
    const url = new URL(request.url);
    const year = url.searchParams.get("year");
    const week = url.searchParams.get("week");
    const page = await employeeYear(await getEm(), user, Number(params.id), { year, week }, new Date());
    if (year !== null && String(page.year) !== year) throw new ValidationError([{ propertyPath: "year", message: t("overtime_screens.error.year") }]);
    if (week !== null && page.explained === null) throw new ValidationError([{ propertyPath: "week", message: t("overtime_screens.error.week") }]);
    return jsonResponse({
      "@type": "EmployeeOvertimeYear",
      employeeId: page.employee.id,
      employeeFullname: page.employee.name,
      year: page.year,
      years: page.years,
      recoveryBalance: page.employee.recoveryBalanceSeconds,
      weeks: page.grid.map((g) => ({
        year: g.year,
        weekNumber: g.week,
        // Dates as unix seconds, like every date of a body (spec 2 §7, decision 0088).
        monday: toUnixSeconds(g.monday),
        days: g.days.map((d) => ({ date: toUnixSeconds(d.date), overtime: d.seconds })),
        total: g.totalSeconds,
        deducted: g.deductedSeconds,
        legalChecks: g.checks,
      })),
      deductions: page.deductions.map(deductionToApi),
      legalChecks: page.checks,
      explained: page.explained ? explainedToApi(page.employee.id, page.explained) : null,
    });
  });
}

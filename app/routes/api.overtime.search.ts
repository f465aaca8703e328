import type { LoaderFunctionArgs } from "@remix-run/node";
import { toUnixSeconds } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";
import { handleApi, hydraView, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { queryPeriod } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { AppError, ForbiddenError } from "~/services/shared/errors";
import { calendarViewAllowed, overtimeCalendar, type CalendarView } from "~/services/overtime/views.server";

const DEFAULT_VIEW: Record<string, CalendarView> = {
  ROLE_TEAM_LEADER: "team",
  ROLE_DEPARTMENT_HEAD: "division",
  ROLE_HEAD_MANAGEMENT: "subsidiary",
  ROLE_FINANCIAL_MANAGEMENT: "subsidiary",
};

/**
 * GET /api/overtime/search?start=&end=[&view=team|division|subsidiary][&subsidiaryId=&divisionId=&teamId=&page=]
 * (spec 2 §7 "overtime search"): the weekly calendar of a screen, the same rights and scope (the view defaults to
 * the caller's own). Each week's time account in seconds and whole hours, and the week's legal checks.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    const asked = url.searchParams.get("view");
    const view = (asked ?? DEFAULT_VIEW[user.profileType]) as CalendarView | undefined;
    if (!view || !["team", "division", "subsidiary"].includes(view)) throw new AppError(400, t("overtime_screens.error.view"));
    if (!calendarViewAllowed(view, user.profileType)) throw new ForbiddenError(t("error.forbidden"));
    const range = queryPeriod(url);
    const id = (name: string) => {
      const v = url.searchParams.get(name);
      return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
    };
    const page = await overtimeCalendar(
      await getEm(),
      user,
      view,
      { from: range.from, to: range.to, subsidiaryId: id("subsidiaryId"), divisionId: id("divisionId"), teamId: id("teamId"), page: id("page") },
      new Date(),
    );
    return jsonResponse({
      view,
      // Dates as unix seconds, like every date of a body (spec 2 §7, decision 0088).
      start: toUnixSeconds(page.range.from),
      end: toUnixSeconds(page.range.to),
      subsidiaryId: page.subsidiaryId,
      divisionId: page.divisionId,
      teamId: page.teamId,
      weeks: page.weeks.map((w) => ({ ...w, monday: toUnixSeconds(w.monday) })),
      "hydra:member": page.rows.map((r) => ({
        "@type": "EmployeeOvertime",
        employeeId: r.id,
        employeeFullname: r.name,
        weeks: r.cells.map((c) => ({ year: c.year, weekNumber: c.week, overtime: c.seconds, hours: c.hours, legalChecks: c.checks })),
      })),
      "hydra:totalItems": page.total,
      "hydra:view": hydraView(new URL(request.url), page.page, page.pages),
      page: page.page,
      pages: page.pages,
    });
  });
}

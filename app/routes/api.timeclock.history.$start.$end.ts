import type { LoaderFunctionArgs } from "@remix-run/node";
import { isManagement } from "~/domain/identity/access";
import { apiSearchDate } from "~/forms/dates.server";
import { clampHistoryRange } from "~/domain/shared/date-range";
import { t } from "~/i18n/fr";
import { handleApi, hydraCollection, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { AppError } from "~/services/shared/errors";
import { history } from "~/services/time-clock/time-clock.server";
import { resolveScope, searchClocks, searchToApi, type BadgingView } from "~/services/time-clock/views.server";

function optionalId(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * GET /api/timeclock/history/{start}/{end} (YYYYMMDD; 2 weeks at most, the end moves): the caller's days grouped
 * by ISO week, as a week search result ({employeeFullname, weeks: [{number, timeClocks}]}). With divisionId,
 * teamId or employeeName, a manager searches their scope instead (team leader: team, department head: division,
 * management: company), same shape, one entry per employee.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    // Dates outside 1950 .. today + 2 years are a 400 like malformed ones (docs/decisions/0015).
    const from = apiSearchDate(params.start);
    const to = apiSearchDate(params.end);
    if (!from || !to) throw new AppError(400, t("time_clock.error.range_invalid"));
    const url = new URL(request.url);
    const divisionId = optionalId(url.searchParams.get("divisionId"));
    const teamId = optionalId(url.searchParams.get("teamId"));
    const name = url.searchParams.get("employeeName")?.trim() || null;
    const em = await getEm();
    const view: BadgingView | null = isManagement(user.profileType)
      ? "agency"
      : user.profileType === "ROLE_DEPARTMENT_HEAD"
        ? "division"
        : user.profileType === "ROLE_TEAM_LEADER"
          ? "team"
          : null;
    if (view && (divisionId !== null || teamId !== null || name !== null)) {
      const scope = await resolveScope(em, user, view, { divisionId, teamId });
      const range = clampHistoryRange(from, to);
      const { results } = await searchClocks(em, scope, { from: range.from, to: range.to, name, divisionId, teamId }, range);
      const members = searchToApi(results);
      return jsonResponse(hydraCollection(members));
    }
    const own = await history(em, user, from, to);
    const clocks = own.weeks.flatMap((w) => w.items);
    const members = clocks.length
      ? searchToApi([
          {
            employeeId: user.employeeId,
            employeeFullname: user.fullName,
            weeks: own.weeks.map((w) => ({ number: w.week, year: w.year, monday: w.monday, timeClocks: w.items })),
          },
        ])
      : [];
    return jsonResponse(hydraCollection(members));
  });
}

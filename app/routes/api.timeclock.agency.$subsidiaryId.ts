import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiSearchDate } from "~/forms/dates.server";
import { t } from "~/i18n/fr";
import { handleApi, hydraCollection, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { hasAnyFilter, resolveScope, resolveSearchRange, searchClocks, searchToApi } from "~/services/time-clock/views.server";
import { localDate } from "~/domain/shared/zoned-day";

function optionalId(url: URL, name: string, violations: Violation[]): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return null;
  if (/^\d{1,9}$/.test(raw)) return Number(raw);
  violations.push({ propertyPath: name, message: t("error.validation") });
  return null;
}

function optionalDate(url: URL, name: string, violations: Violation[]): string | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return null;
  const date = apiSearchDate(raw);
  if (!date) violations.push({ propertyPath: name, message: t("badging.search.range_invalid") });
  return date;
}

/**
 * GET /api/timeclock/agency/{subsidiaryId}?divisionId&teamId&employeeName&start&end (dates YYYYMMDD): the agency
 * search, as week search results [{employeeFullname, weeks: [{number, timeClocks}]}] in a hydra collection.
 * At least one of start, end, divisionId, teamId, employeeName (422 otherwise); 6 months at most (the end moves).
 * Management: any subsidiary; a department head: their own division only (404 for anything else).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (!/^\d{1,9}$/.test(params.subsidiaryId ?? "")) throw new NotFoundError();
    const url = new URL(request.url);
    const violations: Violation[] = [];
    const divisionId = optionalId(url, "divisionId", violations);
    const teamId = optionalId(url, "teamId", violations);
    const from = optionalDate(url, "start", violations);
    const to = optionalDate(url, "end", violations);
    const name = url.searchParams.get("employeeName")?.trim().slice(0, 120) || null;
    if (violations.length) throw new ValidationError(violations);
    const filters = { from, to, name, divisionId, teamId };
    if (!hasAnyFilter(filters)) throw new ValidationError([{ propertyPath: "", message: t("filters_search") }]);
    const em = await getEm();
    const scope = await resolveScope(em, user, "agency", { subsidiaryId: Number(params.subsidiaryId), divisionId, teamId });
    const range = resolveSearchRange(filters, localDate(new Date(), "Europe/Paris"));
    const { results } = await searchClocks(em, scope, filters, range);
    return jsonResponse(hydraCollection(searchToApi(results)));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["GET"]);
  });
}

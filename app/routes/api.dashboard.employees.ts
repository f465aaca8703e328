import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, hydraCollection, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { iri } from "~/domain/shared/iri";
import { getEm } from "~/server/shared/orm.server";
import { dashboardEmployees } from "~/services/planning/table.server";

/**
 * GET /api/dashboard/employees[?subsidiaryId=&divisionId=&teamId=]: the dashboard employee list (spec 2 §7 "other
 * data"): the active employees the caller may see on a planning, by division, team and name.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    const id = (name: string) => {
      const v = url.searchParams.get(name) ?? "";
      return /^\d{1,9}$/.test(v) ? Number(v) : null;
    };
    const rows = await dashboardEmployees(await getEm(), user, { subsidiaryId: id("subsidiaryId"), divisionId: id("divisionId"), teamId: id("teamId") });
    return jsonResponse(
      hydraCollection(
        rows.map((r) => ({
          "@id": iri("Employee", r.id),
          "@type": "Employee",
          id: r.id,
          fullname: r.fullName,
          division: r.division,
          team: r.team,
        })),
      ),
    );
  });
}

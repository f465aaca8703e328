import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/forms/settings.server";
import { getEm } from "~/server/shared/orm.server";
import { settingsApiItem } from "~/server/organisation/api.server";
import { handleApi, hydraCollection, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { NotFoundError } from "~/services/shared/errors";
import { listTeams } from "~/services/organisation/divisions-teams.server";

/** GET /api/subsidiaries/{id}/divisions/{id}/teams: 404 unless the division belongs to the subsidiary. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const subsidiaryId = parseId(params.id);
    const divisionId = parseId(params.divisionId);
    if (subsidiaryId === null || divisionId === null) throw new NotFoundError();
    const items = await listTeams(await getEm(), user, { subsidiaryId, divisionId });
    return jsonResponse(hydraCollection(items.map((item) => settingsApiItem("Team", item))));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}

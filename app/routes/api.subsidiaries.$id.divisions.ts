import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/forms/settings.server";
import { getEm } from "~/server/shared/orm.server";
import { settingsApiItem } from "~/server/organisation/api.server";
import { handleApi, hydraCollection, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { NotFoundError } from "~/services/shared/errors";
import { listDivisions } from "~/services/organisation/divisions-teams.server";

/** GET /api/subsidiaries/{id}/divisions: the subsidiary's divisions by name; 404 for an unknown subsidiary. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const subsidiaryId = parseId(params.id);
    if (subsidiaryId === null) throw new NotFoundError();
    const items = await listDivisions(await getEm(), user, { subsidiaryId });
    return jsonResponse(hydraCollection(items.map((item) => settingsApiItem("Division", item))));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}

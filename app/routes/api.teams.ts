import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TeamBody } from "~/forms/settings";
import { getEm } from "~/server/orm.server";
import { handleApi, hydraCollection, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { createTeam, listTeams } from "~/services/settings.server";

/** GET /api/teams: the collection, ordered by name ascending (management only). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const items = await listTeams(await getEm(), user);
    return jsonResponse(hydraCollection(items.map((item) => hydraItem("Team", item))));
  });
}

/** POST /api/teams: creates one; 201 with the new item (relations as IRIs in the body). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, TeamBody);
    const created = await createTeam(await getEm(), user, { name: body.name, subsidiaryId: body.subsidiary, divisionId: body.division });
    return jsonResponse(hydraItem("Team", created), 201);
  });
}

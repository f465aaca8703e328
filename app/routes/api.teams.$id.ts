import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TeamBody, parseId } from "~/forms/settings";
import { getEm } from "~/server/orm.server";
import { handleApi, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { NotFoundError } from "~/services/errors";
import { deleteSettingsItem, getTeam, updateTeam } from "~/services/settings.server";

function itemId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new NotFoundError();
  return id;
}

/** GET /api/teams/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return jsonResponse(hydraItem("Team", await getTeam(await getEm(), user, itemId(params.id))));
  });
}

/** PUT replaces the fields; DELETE answers 204, or 409 with a French message while the item is still in use. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const id = itemId(params.id);
    const em = await getEm();
    if (request.method === "DELETE") {
      await deleteSettingsItem(em, user, "team", id);
      return jsonResponse(null, 204);
    }
    const body = await readJson(request, TeamBody);
    return jsonResponse(hydraItem("Team", await updateTeam(em, user, id, { name: body.name, subsidiaryId: body.subsidiary, divisionId: body.division })));
  });
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DivisionBody } from "~/forms/settings";
import { getEm } from "~/server/orm.server";
import { handleApi, hydraCollection, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { createDivision, listDivisions } from "~/services/settings.server";

/** GET /api/divisions: the collection, ordered by name ascending (management only). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const items = await listDivisions(await getEm(), user);
    return jsonResponse(hydraCollection(items.map((item) => hydraItem("Division", item))));
  });
}

/** POST /api/divisions: creates one; 201 with the new item (relations as IRIs in the body). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, DivisionBody);
    const created = await createDivision(await getEm(), user, { name: body.name, subsidiaryId: body.subsidiary });
    return jsonResponse(hydraItem("Division", created), 201);
  });
}

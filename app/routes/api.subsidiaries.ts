import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SubsidiaryBody } from "~/forms/settings";
import { getEm } from "~/server/orm.server";
import { handleApi, hydraCollection, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { createSubsidiary, listSubsidiaries } from "~/services/settings.server";

/** GET /api/subsidiaries: the collection, ordered by name ascending (management only). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const items = await listSubsidiaries(await getEm(), user);
    return jsonResponse(hydraCollection(items.map((item) => hydraItem("Subsidiary", item))));
  });
}

/** POST /api/subsidiaries: creates one; 201 with the new item (relations as IRIs in the body). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, SubsidiaryBody);
    const created = await createSubsidiary(await getEm(), user, { name: body.name, countryId: body.country, city: body.city, timezone: body.timezone });
    return jsonResponse(hydraItem("Subsidiary", created), 201);
  });
}

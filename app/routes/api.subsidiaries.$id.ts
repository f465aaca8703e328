import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SubsidiaryBody, parseId } from "~/forms/settings";
import { getEm } from "~/server/orm.server";
import { handleApi, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { NotFoundError } from "~/services/errors";
import { deleteSettingsItem, getSubsidiary, updateSubsidiary } from "~/services/settings.server";

function itemId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new NotFoundError();
  return id;
}

/** GET /api/subsidiaries/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return jsonResponse(hydraItem("Subsidiary", await getSubsidiary(await getEm(), user, itemId(params.id))));
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
      await deleteSettingsItem(em, user, "subsidiary", id);
      return jsonResponse(null, 204);
    }
    const body = await readJson(request, SubsidiaryBody);
    return jsonResponse(hydraItem("Subsidiary", await updateSubsidiary(em, user, id, { name: body.name, countryId: body.country, city: body.city, timezone: body.timezone })));
  });
}

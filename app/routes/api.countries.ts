import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { toCountryInput, CountryBody } from "~/forms/settings";
import { getEm } from "~/server/orm.server";
import { handleApi, hydraCollection, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api.server";
import { createCountry, listCountries } from "~/services/settings.server";

/** GET /api/countries: the collection, ordered by name ascending (management only). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const items = await listCountries(await getEm(), user);
    return jsonResponse(hydraCollection(items.map((item) => hydraItem("Country", item))));
  });
}

/** POST /api/countries: creates one; 201 with the new item (relations as IRIs in the body). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, CountryBody);
    const created = await createCountry(await getEm(), user, toCountryInput(body));
    return jsonResponse(hydraItem("Country", created), 201);
  });
}

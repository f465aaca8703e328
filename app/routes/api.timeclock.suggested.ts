import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, hydraCollection, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { listSuggestions } from "~/services/time-clock/suggestions.server";
import { clockToApi } from "~/services/time-clock/views.server";

/**
 * GET /api/timeclock/suggested: the pending suggested corrections (management, company-wide), oldest first; each
 * embeds the day it corrects in `originSuggested` (null when the day had no clock).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const cards = await listSuggestions(await getEm(), user);
    return jsonResponse(hydraCollection(cards.map((c) => clockToApi(c.suggestion, c.origin))));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["GET"]);
  });
}

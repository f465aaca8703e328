import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, handleApi, requireApiUser } from "~/server/api/api.server";
import { t } from "~/i18n/fr";

/**
 * Any other /api path: authenticate first (401 before 404); a call the rights table knows is checked like
 * everywhere else (403 without the right, even before its route exists, as the page catch-all does); then a JSON 404.
 * A path the table does not know is already a 404 in requireApiUser.
 */
async function notFound(request: Request) {
  return handleApi(async () => {
    await requireApiUser(request);
    return apiError(404, t("error.not_found_item"));
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

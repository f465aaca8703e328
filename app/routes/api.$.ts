import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, handleApi, requireApiUser } from "~/server/api.server";
import { t } from "~/i18n/fr";

/** Any other /api path: authenticate first (401 before 404), then a JSON 404. */
async function notFound(request: Request) {
  return handleApi(async () => {
    await requireApiUser(request).catch((error) => {
      // A valid token on an unknown path is a 404, not a 403.
      if (error?.status === 403) return;
      throw error;
    });
    return apiError(404, t("error.not_found_item"));
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

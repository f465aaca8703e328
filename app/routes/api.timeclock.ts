import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError } from "~/services/shared/errors";
import { currentClock } from "~/services/time-clock/time-clock.server";
import { clockToApi } from "~/services/time-clock/views.server";

/** GET /api/timeclock: the caller's clock of today; 404 for an empty day (the client shows an empty clock). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const clock = await currentClock(await getEm(), user, new Date());
    if (!clock) throw new NotFoundError(t("time_clock.no_entries"));
    return jsonResponse(clockToApi(clock));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["GET"]);
  });
}

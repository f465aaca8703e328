import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { settingsItemAction, settingsItemLoader } from "~/server/organisation/api.server";

/** GET /api/divisions/{id}. */
export const loader = ({ request, params }: LoaderFunctionArgs) => settingsItemLoader("division", request, params.id);

/** PUT replaces the fields; DELETE answers 204, or 409 with a French message while the item is still in use. */
export const action = ({ request, params }: ActionFunctionArgs) => settingsItemAction("division", request, params.id);

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { settingsCollectionAction, settingsCollectionLoader } from "~/server/organisation/api.server";

/** GET /api/teams: the collection, ordered by name ascending (management only). */
export const loader = ({ request }: LoaderFunctionArgs) => settingsCollectionLoader("team", request);

/** POST /api/teams: creates one; 201 with the new item (relations as IRIs in the body). */
export const action = ({ request }: ActionFunctionArgs) => settingsCollectionAction("team", request);

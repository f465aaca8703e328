import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { settingsCollectionAction, settingsCollectionLoader } from "~/server/organisation/api.server";

/** GET /api/subsidiaries: the collection, ordered by name ascending (management only). */
export const loader = ({ request }: LoaderFunctionArgs) => settingsCollectionLoader("subsidiary", request);

/** POST /api/subsidiaries: creates one; 201 with the new item (relations as IRIs in the body). */
export const action = ({ request }: ActionFunctionArgs) => settingsCollectionAction("subsidiary", request);

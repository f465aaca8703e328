import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { settingsCollectionAction, settingsCollectionLoader } from "~/server/organisation/api.server";

/** GET /api/divisions: the collection, ordered by name ascending (management only). */
export const loader = ({ request }: LoaderFunctionArgs) => settingsCollectionLoader("division", request);

/** POST /api/divisions: creates one; 201 with the new item (relations as IRIs in the body). */
export const action = ({ request }: ActionFunctionArgs) => settingsCollectionAction("division", request);

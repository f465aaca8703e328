import { jsonResponse } from "~/server/api/api.server";
import { openApiDocument } from "~/server/api/openapi.server";

/** GET /api/docs.json: the OpenAPI 3.1 document of /api (decision 0099), public. */
export function loader() {
  return jsonResponse(openApiDocument(), 200, { "Cache-Control": "public, max-age=300" });
}

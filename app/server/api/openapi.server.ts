import * as z from "~/forms/z.server";
import { API_RULES, type Rights } from "~/domain/identity/access";
import { t } from "~/i18n/fr";
import { OPERATION_SPECS, type Method, type OperationSpec } from "./openapi-operations.server";

/**
 * The OpenAPI 3.1 document of /api (issue 33 item 3, decisions 0099 and 0108), generated from the same zod schemas
 * the routes validate bodies with (`readJson(request, Schema)`) and from the answers' schemas written beside the
 * code that builds each answer, through zod 4's own `z.toJSONSchema` (JSON Schema 2020-12, the dialect of OpenAPI
 * 3.1). The calls are listed in server/api/openapi-operations.server.ts; their rights come from the rights table.
 * tests/api/openapi-operations.test.ts validates real answers of every call against this document.
 */

export interface ApiOperation extends OperationSpec {
  rights: Rights;
}

/** Every error answer of /api: a French message, and the fields at fault for a 422. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  violations: z.array(z.object({ propertyPath: z.string(), message: z.string() })).optional(),
});

/** "/api/employees/{id}" -> the rights table's rule for that method and path. */
function rightsOf(method: string, path: string): Rights {
  const concrete = path.replace(/\{[^}]+\}/g, "1");
  const segs = concrete.split("/").filter(Boolean);
  const rule = API_RULES.find((r) => {
    if (r.method !== "*" && r.method !== method.toUpperCase()) return false;
    const p = r.path.split("/").filter(Boolean);
    if (p[p.length - 1] === "*") return segs.length >= p.length && p.slice(0, -1).every((x, i) => x.startsWith(":") || x === segs[i]);
    return p.length === segs.length && p.every((x, i) => x.startsWith(":") || x === segs[i]);
  });
  return rule?.rights ?? "anyone";
}

export const API_OPERATIONS: ApiOperation[] = OPERATION_SPECS.map((spec) => ({ ...spec, rights: rightsOf(spec.method, spec.path) }));

/** A zod schema as JSON Schema 2020-12, without its `$schema` (embedded in the document). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

function rightsText(rights: Rights): string {
  if (rights === "public") return t("apidocs.rights_public");
  if (rights === "anyone") return t("apidocs.rights_anyone");
  return rights.map((r) => t(`role.${r}`)).join(", ");
}

const ERROR_TEXT: Record<number, Parameters<typeof t>[0]> = {
  400: "apidocs.error_400",
  401: "apidocs.error_401",
  403: "apidocs.error_403",
  404: "apidocs.error_404",
  409: "apidocs.error_409",
  415: "apidocs.error_415",
  422: "apidocs.error_422",
  429: "apidocs.error_429",
};

/**
 * The error statuses of a call: 400 (unreadable JSON, a malformed path or query value), 404 (nothing there, or
 * outside the caller's scope), 422 (French violations); 401 and 403 for a call that needs a token; 409 for every
 * write (a decision taken meanwhile, a payroll month closed, an item still in use); 415 for a body of another type.
 */
function errorStatuses(op: ApiOperation): number[] {
  const statuses = new Set([400, 404, 422, ...(op.errors ?? [])]);
  if (op.rights !== "public") [401, 403].forEach((s) => statuses.add(s));
  if (op.method !== "get" && op.rights !== "public") statuses.add(409);
  if (op.body) statuses.add(415);
  return [...statuses].sort();
}

function requestBody(body: NonNullable<OperationSpec["body"]>, example: OperationSpec["example"]) {
  if (body === "multipart") {
    const file = { type: "object", properties: { file: { type: "string", contentMediaType: "image/*" } }, required: ["file"] };
    return { required: true, content: { "multipart/form-data": { schema: file } } };
  }
  return { required: true, content: { "application/json": { schema: jsonSchemaOf(body, "input"), ...(example ? { example } : {}) } } };
}

function operationObject(op: ApiOperation) {
  const error = { $ref: "#/components/schemas/Error" };
  const [status, schema] = op.ok;
  const responses: Record<string, unknown> = {
    [String(status)]:
      status === 204 || !schema
        ? { description: t("apidocs.no_content") }
        : { description: t("apidocs.ok"), content: { "application/json": { schema: jsonSchemaOf(schema, "output") } } },
  };
  for (const s of errorStatuses(op)) responses[String(s)] = { description: t(ERROR_TEXT[s]!), content: { "application/json": { schema: error } } };
  const parameters = [
    ...[...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })),
    ...(op.query ?? []).map(([name, description, required, values]) => ({
      name,
      in: "query",
      description,
      required: !!required,
      schema: values ? { type: "string", enum: [...values] } : { type: "string" },
    })),
  ];
  return {
    operationId: op.id,
    summary: op.summary,
    description: [op.method === "put" || op.method === "patch" ? t("apidocs.partial") : null, `${t("apidocs.rights")} : ${rightsText(op.rights)}`].filter(Boolean).join("\n\n"),
    "x-rights": op.rights,
    ...(parameters.length ? { parameters } : {}),
    ...(op.rights === "public" ? { security: [] } : {}),
    ...(op.body ? { requestBody: requestBody(op.body, op.example) } : {}),
    responses,
  };
}

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document (built once per process: the schemas are static). */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Partial<Record<Method, unknown>>> = {};
  for (const op of API_OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  cached = {
    openapi: "3.1.0",
    info: { title: "Cadran /api", version: "1", description: t("apidocs.intro") },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    security: [{ token: [] }],
    components: {
      securitySchemes: { token: { type: "apiKey", in: "header", name: "X-AUTH-TOKEN", description: t("apidocs.token") } },
      schemas: { Error: jsonSchemaOf(ApiErrorSchema, "output") },
    },
    paths,
  };
  return cached;
}

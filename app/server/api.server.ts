import type { ZodType } from "~/forms/z.server";
import { canCallApi, apiRuleFor } from "~/domain/access";
import { t } from "~/i18n/fr";
import { currentUserForApiToken } from "~/services/auth.server";
import type { CurrentUser } from "~/services/current-user.server";
import { AppError, type Violation } from "~/services/errors";
import { getEm } from "./orm.server";

/**
 * The /api conventions (DESIGN §4), written once: token auth, rights from the one table, JSON errors,
 * hydra collections and IRIs.
 */

export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "private, no-store");
  if (status === 204) return new Response(null, { status, headers: h });
  const text = JSON.stringify(body);
  // A known length lets the gzip middleware skip small answers (below 1 KB, zlib costs more than it saves: the clock
  // actions' answers, decision 0049) and spares chunked encoding.
  h.set("Content-Length", String(Buffer.byteLength(text)));
  return new Response(text, { status, headers: h });
}

export function apiError(status: number, message: string, violations?: Violation[]): Response {
  return jsonResponse(violations && violations.length ? { message, violations } : { message }, status);
}

/** The /api path of a request, without query. */
export function apiPath(request: Request) {
  return new URL(request.url).pathname.replace(/\/+$/, "") || "/";
}

/**
 * Authenticates the X-AUTH-TOKEN header and checks the rights table. 401 without a valid token, 403 without the
 * right. The cookie is never accepted here, so /api needs no CSRF defence.
 */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const token = request.headers.get("x-auth-token");
  if (!token) throw new AppError(401, t("error.unauthenticated"));
  const em = await getEm();
  const user = await currentUserForApiToken(em, token);
  if (!user) throw new AppError(401, t("error.invalid_token"));
  const path = apiPath(request);
  if (!apiRuleFor(request.method, path)) throw new AppError(404, t("error.not_found_item"));
  if (!canCallApi(request.method, path, user.profileType)) throw new AppError(403, t("error.forbidden"));
  return user;
}

/**
 * Reads and validates a JSON body: 415 for another content type, 400 for broken JSON or a body that is not an
 * object, 422 with violations (in French: app/forms/z.server.ts installs the error map).
 */
export async function readJson<T>(request: Request, schema: ZodType<T>): Promise<T> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(ld\+)?json\b/i.test(type) && !/^application\/merge-patch\+json\b/i.test(type)) {
    throw new AppError(415, t("error.unsupported_media_type"));
  }
  let body: unknown;
  try {
    const text = await request.text();
    if (text.length > 1_000_000) throw new AppError(413, t("error.invalid_json"));
    body = text ? JSON.parse(text) : {};
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, t("error.invalid_json"));
  }
  // Every /api body is a JSON object; an array, a string, a number or null is refused before any field is read.
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError(400, t("validation.body_not_object"));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const violations = parsed.error.issues.map((issue) => ({
      propertyPath: issue.path.join("."),
      message: issue.message,
    }));
    throw new AppError(422, t("error.validation"), violations);
  }
  return parsed.data;
}

/**
 * Wraps a resource-route handler: AppErrors become their status with a French `message`; anything else is logged
 * and answers 500 without details.
 */
export async function handleApi(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return apiError(error.status, error.message, error.violations);
    if (isOptimisticLock(error)) return apiError(409, t("error.conflict"));
    console.error("[api] unexpected error", error);
    return apiError(500, t("error.fatal"));
  }
}

function isOptimisticLock(error: unknown) {
  return !!error && typeof error === "object" && (error as { name?: string }).name === "OptimisticLockError";
}

/** A method the route does not serve. */
export function methodNotAllowed(allowed: string[]): Response {
  return jsonResponse({ message: t("error.method_not_allowed") }, 405, { Allow: allowed.join(", ") });
}

// ---------- hydra shapes ----------

const IRI_BASE: Record<string, string> = {
  Employee: "/api/employees",
  User: "/api/users",
  Country: "/api/countries",
  Subsidiary: "/api/subsidiaries",
  Division: "/api/divisions",
  Team: "/api/teams",
  Leave: "/api/leaves",
  TimeClock: "/api/timeclock",
  EventDay: "/api/event_days",
};

export function iri(type: keyof typeof IRI_BASE | string, id: number | string): string {
  return `${IRI_BASE[type] ?? `/api/${type.toLowerCase()}s`}/${id}`;
}

/** Parses "/api/teams/12" (or a bare number) into 12 for the expected type; null otherwise. */
export function idFromIri(value: unknown, type: string): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
  if (typeof value !== "string") return null;
  const base = IRI_BASE[type];
  const m = /^(.*)\/(\d+)$/.exec(value);
  if (m && (!base || m[1] === base)) return Number(m[2]);
  if (/^\d+$/.test(value)) return Number(value);
  return null;
}

export function hydraItem<T extends { id: number | string }>(type: string, item: T): T & { "@id": string; "@type": string } {
  return { "@id": iri(type, item.id), "@type": type, ...item };
}

export function hydraCollection<T>(members: T[], total = members.length) {
  return { "hydra:member": members, "hydra:totalItems": total };
}

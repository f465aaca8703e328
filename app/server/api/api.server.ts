import { violationsMessage } from "~/services/shared/errors";
import type { ZodType } from "~/forms/z.server";
import type { EntityManager } from "@mikro-orm/postgresql";
import { apiRuleFor, ruleAllows } from "~/domain/identity/access";
import { iri } from "~/domain/shared/iri";
import { t } from "~/i18n/fr";
import { currentUserForApiToken } from "~/services/identity/auth.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { AppError, type Violation } from "~/services/shared/errors";
import { logStateChange } from "~/server/operations/ops-log.server";
import { getEm } from "~/server/shared/orm.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/server/operations/unavailable.server";

/**
 * The /api conventions (DESIGN §4), written once: token auth, rights from the one table, JSON errors,
 * hydra collections and IRIs.
 */

/**
 * A JSON answer before it becomes a Response: what `jsonResponse` builds, and what the clock buttons' mounted path
 * (scripts/lib/app.ts, decision 0057) writes to Node's response directly, without undici's Request/Response.
 */
export interface JsonAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body, JSON text ("" for 204). */
  text: string;
}

export function jsonAnswer(body: unknown, status = 200, headers?: Record<string, string>): JsonAnswer {
  const h: Record<string, string> = {};
  if (headers) for (const name in headers) h[name.toLowerCase()] = headers[name]!;
  h["content-type"] = "application/json; charset=utf-8";
  h["cache-control"] = "private, no-store";
  if (status === 204) return { status, headers: h, text: "" };
  const text = JSON.stringify(body);
  // A known length lets the gzip middleware skip small answers (below 1 KB, zlib costs more than it saves: the clock
  // actions' answers, decision 0049) and spares chunked encoding.
  h["content-length"] = String(Buffer.byteLength(text));
  return { status, headers: h, text };
}

/** The Response of an answer (resource routes answer Responses to Remix). */
export function answerResponse(answer: JsonAnswer): Response {
  return new Response(answer.status === 204 ? null : answer.text, { status: answer.status, headers: answer.headers });
}

export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  return answerResponse(jsonAnswer(body, status, Object.fromEntries(new Headers(headers))));
}

export function apiError(status: number, message: string, violations?: Violation[]): Response {
  return answerResponse(apiErrorAnswer(status, message, violations));
}

function apiErrorAnswer(status: number, message: string, violations?: Violation[]): JsonAnswer {
  return jsonAnswer(violations && violations.length ? { message, violations } : { message }, status);
}

/** The /api path of a request, without query. */
export function apiPath(request: Request) {
  return new URL(request.url).pathname.replace(/\/+$/, "") || "/";
}

/** What the rights and the token check need of an /api call: its method, its path (no query), its token header. */
export interface ApiCall {
  method: string;
  path: string;
  token: string | null;
}

export function apiCallOf(request: Request): ApiCall {
  return { method: request.method, path: apiPath(request), token: request.headers.get("x-auth-token") };
}

/**
 * Authenticates the X-AUTH-TOKEN header and checks the rights table. 401 without a valid token, 403 without the
 * right. The cookie is never accepted here, so /api needs no CSRF defence.
 */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const user = await requireApiCaller(apiCallOf(request));
  refuseUnknownBracketParams(request);
  return user;
}

/**
 * The bracketed parameters (API Platform's `order[…]`, `exists[…]`) each collection honours (spec 1 §7); the document
 * lists the same (tests/api/api-round-trip.test.ts). Any other one is refused with a 400 that names it, never silently
 * ignored (issue 43 item 3: `order[firedAt]=desc` used to give the list unsorted).
 */
export const BRACKET_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/api/employees": ["exists[contract.firedAt]", "exists[team]", "order[contract.firedAt]"],
};

function refuseUnknownBracketParams(request: Request): void {
  const url = new URL(request.url);
  const known = BRACKET_PARAMS[url.pathname] ?? [];
  for (const name of url.searchParams.keys()) {
    if (name.includes("[") && !known.includes(name)) {
      throw new AppError(
        400,
        known.length ? t("api.error.unknown_param", { name, known: known.join(", ") }) : t("api.error.unknown_param_none", { name }),
      );
    }
  }
}

/**
 * requireApiUser for a call already taken apart (the clock buttons' mounted path): the same checks, in this order
 * (canCallApi's rule lookup, done once). `em`: the request's EntityManager when the caller has one already.
 */
export async function requireApiCaller(call: ApiCall, em?: EntityManager): Promise<CurrentUser> {
  return checkApiCaller(call, call.token ? await currentUserForApiToken(em ?? (await getEm()), call.token) : null);
}

/**
 * requireApiCaller's checks once the token's user is known (`user`: null for no valid token), for a caller that read
 * it itself (the clock buttons read it with the day, decision 0057): 401, then the rights table's 404 and 403.
 */
export function checkApiCaller(call: ApiCall, user: CurrentUser | null): CurrentUser {
  if (!call.token) throw new AppError(401, t("error.unauthenticated"));
  if (!user) throw new AppError(401, t("error.invalid_token"));
  const rule = apiRuleFor(call.method, call.path);
  if (!rule) throw new AppError(404, t("error.not_found_item"));
  if (!ruleAllows(rule, user)) throw new AppError(403, t("error.forbidden"));
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
    // One field wrong: the message is its reason (issue 28 item 4, spec 2 §8: the client shows `message`).
    throw new AppError(422, violationsMessage(violations), violations);
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
    return answerResponse(errorAnswer(error));
  }
}

/** handleApi for a handler that answers a JsonAnswer (the clock buttons): the same error answers. */
export async function handleApiAnswer(fn: () => Promise<JsonAnswer>): Promise<JsonAnswer> {
  try {
    return await fn();
  } catch (error) {
    return errorAnswer(error);
  }
}

function errorAnswer(error: unknown): JsonAnswer {
  if (error instanceof AppError) return apiErrorAnswer(error.status, error.message, error.violations);
  if (isOptimisticLock(error)) return apiErrorAnswer(409, t("error.conflict"));
  // The database away or too slow for this request (decision 0094): a 503 to try again, not a bug.
  if (isDatabaseUnavailable(error)) {
    logStateChange("database", "unavailable", error instanceof Error ? error.message : undefined);
    return jsonAnswer({ message: t("error.unavailable") }, 503, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  console.error("[api] unexpected error", error);
  return apiErrorAnswer(500, t("error.fatal"));
}

function isOptimisticLock(error: unknown) {
  return !!error && typeof error === "object" && (error as { name?: string }).name === "OptimisticLockError";
}

/** A method the route does not serve. */
export function methodNotAllowed(allowed: string[]): Response {
  return answerResponse(methodNotAllowedAnswer(allowed));
}

export function methodNotAllowedAnswer(allowed: string[]): JsonAnswer {
  return jsonAnswer({ message: t("error.method_not_allowed") }, 405, { Allow: allowed.join(", ") });
}

// ---------- hydra shapes ----------

export function hydraItem<T extends { id: number | string }>(type: string, item: T): T & { "@id": string; "@type": string } {
  return { "@id": iri(type, item.id), "@type": type, ...item };
}

export function hydraCollection<T>(members: T[], total = members.length, view?: HydraView) {
  return { "hydra:member": members, "hydra:totalItems": total, ...(view ? { "hydra:view": view } : {}) };
}

export interface HydraView {
  "@id": string;
  "@type": "hydra:PartialCollectionView";
  "hydra:first": string;
  "hydra:last": string;
  "hydra:previous"?: string;
  "hydra:next"?: string;
}

/**
 * The links of one page of a paged collection (issue 43 item 3), as API Platform writes them: the same path and
 * filters with `page` set, `hydra:previous` and `hydra:next` only where such a page exists.
 */
export function hydraView(url: URL, page: number, pages: number): HydraView {
  const at = (n: number) => {
    const q = new URLSearchParams(url.searchParams);
    q.set("page", String(n));
    return `${url.pathname}?${q.toString()}`;
  };
  const last = Math.max(1, pages);
  return {
    "@id": at(page),
    "@type": "hydra:PartialCollectionView",
    "hydra:first": at(1),
    "hydra:last": at(last),
    ...(page > 1 ? { "hydra:previous": at(Math.min(page - 1, last)) } : {}),
    ...(page < last ? { "hydra:next": at(page + 1) } : {}),
  };
}

import compression from "compression";
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import type { ServerResponse } from "node:http";
import { t, type MessageKey } from "~/i18n/fr";

/**
 * The Express-level guards of the HTTP front (scripts/lib/app.ts): what is answered before (or instead of) Remix.
 * Every answer here is a generic French page, or `{"message"}` under /api: never a stack, SQL or a file path,
 * whatever NODE_ENV says.
 */

/** Methods the app serves; anything else (TRACE, PROPFIND, CONNECT...) is a 405. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

/** Dynamic answers (pages, /api) carry personal data: never stored by a browser cache or a shared proxy. */
export const NO_STORE = "private, no-store";

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const isApi = (req: Request) => req.path === "/api" || req.path.startsWith("/api/");

/** A short French answer: JSON `{message}` for /api, a plain HTML page otherwise. */
export function sendError(req: Request, res: Response, status: number, key: MessageKey, headers: Record<string, string> = {}) {
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", NO_STORE);
  if (isApi(req)) {
    res.type("application/json; charset=utf-8").send(JSON.stringify({ message: t(key) }));
    return;
  }
  const message = escapeHtml(t(key));
  res
    .type("text/html; charset=utf-8")
    .send(
      `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(t("error.generic"))} · ${escapeHtml(t("app.title"))}</title></head>` +
        `<body><main><h1>${escapeHtml(t("error.generic"))}</h1><p>${message}</p>` +
        `<p><a href="/">${escapeHtml(t("notfound.back_home"))}</a></p></main></body></html>`,
    );
}

/**
 * gzip or brotli (quality 4) for compressible answers over 1 KB: HTML, JSON, CSS, JS, Remix's data streams.
 * Streaming-safe: Remix's adapter calls `res.flush()` after every chunk it writes; a flush per chunk would cut the
 * compressed stream into many small blocks (+40 % on a page), so flushes are coalesced to one per event-loop turn:
 * chunks written together go out together, and a chunk written alone (a server-sent event, a deferred value) still
 * leaves at once.
 */
export function compress(): RequestHandler[] {
  const coalesceFlush: RequestHandler = (_req, res, next) => {
    const flush = (res as Response & { flush?: () => void }).flush;
    if (typeof flush === "function") {
      let scheduled = false;
      (res as Response & { flush: () => void }).flush = () => {
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          flush.call(res);
        });
      };
    }
    next();
  };
  return [compression(), coalesceFlush];
}

/** 405 for a method the app does not serve (TRACE would otherwise reach Remix and fail inside fetch's Request). */
export const methodGuard: RequestHandler = (req, res, next) => {
  if (SERVED.has(req.method.toUpperCase())) return next();
  sendError(req, res, 405, "error.method_not_allowed", { Allow: SERVED_METHODS.join(", ") });
};

/**
 * 400 for a path that is not valid percent-encoded UTF-8 ("/%", "/%E0%A4%A", "/leave/detail/%ZZ") or that decodes to a
 * control character ("/leave/detail/%00": no route takes one, and a NUL would reach PostgreSQL as a parameter).
 */
export const urlGuard: RequestHandler = (req, res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    sendError(req, res, 400, "error.bad_url");
    return;
  }
  if (/[\u0000-\u001f\u007f]/.test(decoded)) {
    sendError(req, res, 400, "error.bad_url");
    return;
  }
  next();
};

/**
 * CSRF for HTML forms (DESIGN §5): a state-changing request needs a same-origin `Origin`, or without one a
 * same-origin `Referer`; neither: 403. /api is exempt: it takes only the token header, never the cookie.
 * "Same origin" is the configured APP_URL or the origin of the Host the request was sent to (a cross-site page
 * cannot choose the Host a victim's browser sends).
 */
export function csrfGuard(appUrl: string): RequestHandler {
  const allowedOrigin = new URL(appUrl).origin;
  const isSameOrigin = (value: string | undefined, host: string | undefined) => {
    if (!value) return false;
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      return false;
    }
    if (origin === "null") return false;
    return origin === allowedOrigin || (!!host && (origin === `http://${host}` || origin === `https://${host}`));
  };
  return (req, res, next) => {
    const method = req.method.toUpperCase();
    if (method === "GET" || method === "HEAD" || isApi(req)) return next();
    const host = req.headers.host;
    const origin = req.headers.origin;
    const ok = origin !== undefined ? isSameOrigin(origin, host) : isSameOrigin(req.headers.referer, host);
    if (ok) return next();
    sendError(req, res, 403, "error.bad_origin");
  };
}

/**
 * Every dynamic answer without its own Cache-Control gets `private, no-store` (set when the head is written, so a
 * route that chose its own, like an avatar's `private, max-age`, keeps it, and no header is doubled).
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && !this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", NO_STORE);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  next();
};

/**
 * The last handler: whatever escaped (a body-parser error, the Remix handler failing outright) becomes a generic
 * French answer. A client error keeps its 4xx; anything else is logged and is a 500 without details.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req: Request, res: Response, next: NextFunction) => {
  const status = clientErrorStatus(error);
  if (status === undefined) console.error("[web] unexpected error", error);
  if (res.headersSent) {
    // Too late for a clean answer: end the broken response (Express would do the same).
    next(error);
    return;
  }
  const code = status ?? 500;
  const key: MessageKey = code === 404 ? "error.not_found_item" : code === 405 ? "error.method_not_allowed" : status ? "error.bad_request" : "error.fatal";
  sendError(req, res, code, key);
};

function clientErrorStatus(error: unknown): number | undefined {
  if (error instanceof URIError) return 400;
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

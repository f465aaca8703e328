import { createRequestHandler } from "@remix-run/express";
// The adapter's own Request and answer helpers (exported by its server module, not by its index): the document path
// builds the Request and the stack sends a handed-over answer exactly as createRequestHandler does.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler } from "@remix-run/node";
import { isDatabaseUnavailable, unavailableResponse } from "~/server/operations/unavailable.server";
import { env } from "~/server/shared/env.server";
import { observeRequest, routePatterns, serveMetrics, setMetricsSources, setRouteTable } from "~/server/operations/metrics.server";
import { startedOrm } from "~/server/shared/orm.server";
import { inlineJobs, queue } from "~/server/operations/queue.server";
import { addressInBurst, BURST_WINDOW_MS, noteRefusedLogin } from "~/server/identity/login-attempts.server";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import helmet from "helmet";
import { randomFillSync, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import { t } from "~/i18n/fr";
import { compress, csrfGuard, errorHandler, methodGuard, NO_STORE, noStoreByDefault, urlGuard } from "./http-guards";

const root = path.resolve(import.meta.dirname, "../..");

export async function loadBuild(): Promise<ServerBuild> {
  return (await import(path.join(root, "build/index.js"))) as ServerBuild;
}

/**
 * The HTTP front of the app: security headers (CSP with a nonce per response), 405/400 for unsupported methods and
 * malformed paths, gzip, static assets (fingerprinted ones cached for a year), the Origin/Referer check for every
 * state-changing HTML request, `private, no-store` on every dynamic answer, the Remix handler, and a last error
 * handler that never shows a stack. One place, so no route can forget them (decision 0017).
 */
type ScriptSource = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** helmet's options, one place for both: the pages' (a CSP nonce per answer) and the clock buttons' JSON (none). */
function helmetOptions(options: { production: boolean }, scriptNonce?: ScriptSource): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": scriptNonce ? ["'self'", scriptNonce] : ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers a helmet middleware sets when nothing in it depends on the request: computed once, at start. */
function staticHeadersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error("helmet did not answer synchronously");
  return [...headers];
}

const CLOCK_BUTTON_URL = /^\/api\/timeclock\/(start|pause|lunch|end|reset)\/*(?:\?.*)?$/;

/**
 * POST /api/timeclock/{start|pause|lunch|end|reset}, answered before Express (decision 0057): Express alone costs
 * ~0.04 ms of CPU per request before its first middleware runs, a tenth of the whole action. The route module's
 * `clockButton` is the one source of the action (token, rights table, state machine, statements); what this path
 * leaves out of the general stack does not apply to it, or is done here the same way:
 * - helmet: the same headers (one options function), computed once; the CSP carries no nonce (a JSON answer runs
 *   no script; without a nonce it is stricter). No nonce is drawn, no directive is built per answer.
 * - method and URL guards: only POST on these five exact paths come here (ASCII, no encoding, no control character);
 *   anything else goes on to the stack as before (GET /api/timeclock/start is the loader's 404, say).
 * - CSRF: /api is exempt (the token header, never the cookie). no-store: the answer carries it.
 * - compression: answers under 1 KB are never compressed (decision 0049), so only `Vary` is added; a larger answer
 *   goes through the same compression middleware as every other.
 * - Remix: its handler would match the URL against the whole route tree and convert Node's request and answer to
 *   undici's Request/Response; `clockButton` takes the method, path and token, and answers status, headers, text.
 * - the last error handler: `clockButton` answers its errors itself (handleApiAnswer); should writing fail, a
 *   generic French 500, as errorHandler would.
 * Returns whether it took the request.
 */
function clockButtonsPath(build: ServerBuild, options: { production: boolean }): ((req: IncomingMessage, res: ServerResponse) => boolean) | null {
  const module = build.routes["routes/api.timeclock.$id"]?.module as
    | { clockButton?: (call: { method: string; path: string; token: string | null; name: string }) => Promise<ClockButtonAnswer> }
    | undefined;
  const clockButton = module?.clockButton;
  if (!clockButton) return null;
  const securityHeaders = staticHeadersOf(helmet(helmetOptions(options)));
  const securityFlat = securityHeaders.flat();
  const compressLarge = compress()[0]! as unknown as (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  const fail = (res: ServerResponse, error: unknown) => {
    console.error("[web] unexpected error", error);
    if (res.headersSent) return void res.destroy();
    const text = JSON.stringify({ message: t("error.fatal") });
    res.writeHead(500, [...securityFlat, "content-type", "application/json; charset=utf-8", "cache-control", NO_STORE]);
    res.end(text);
  };
  return (req, res) => {
    if (req.method !== "POST") return false;
    const match = CLOCK_BUTTON_URL.exec(req.url ?? "");
    if (!match) return false;
    req.resume(); // no body is read by this action
    const name = match[1]!;
    const header = req.headers["x-auth-token"];
    const token = Array.isArray(header) ? header.join(", ") : (header ?? null);
    clockButton({ method: "POST", path: `/api/timeclock/${name}`, token, name })
      .then((answer) => {
        // jsonAnswer's content-length: the text's byte length, measured once.
        const length = Number(answer.headers["content-length"] ?? Buffer.byteLength(answer.text));
        if (length < 1024) {
          // One writeHead with the whole list: no per-header bookkeeping on the response.
          const head = securityFlat.slice();
          for (const key in answer.headers) head.push(key, answer.headers[key]!);
          head.push("vary", "Accept-Encoding");
          res.writeHead(answer.status, head);
          res.end(answer.text);
          return;
        }
        compressLarge(req, res, (error?: unknown) => {
          if (error) return fail(res, error);
          for (const [k, v] of securityHeaders) res.setHeader(k, v);
          for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
          res.statusCode = answer.status;
          res.end(answer.text);
        });
      })
      .catch((error: unknown) => fail(res, error));
    return true;
  };
}

/**
 * A CSP nonce: 16 bytes of the system's CSPRNG, base64. Drawn 256 at a time (one randomFillSync of 4 KB instead of
 * one system call per answer: 2 % of a bare page), each slice used once, as node's randomUUID does for its ids.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;
export function cspNonce(): string {
  if (nonceAt === noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/** Where a rendered document's bytes ride on its Response (app/entry.server.tsx, decision 0145). */
const DOCUMENT_BYTES = Symbol.for("cadran.documentBytes");
/** A Remix answer (or failure) the document path computed and hands to the Express stack to send. */
const HANDED_OVER = Symbol("cadran.remixAnswer");
type HandedOver = { response: Response } | { error: unknown };

/**
 * What the document path may take: GET or HEAD, a plain path (no percent-encoding, no control character: the URL
 * guard has nothing to refuse) that is no static file. Everything else goes through the Express stack.
 */
const PLAIN_PAGE_URL = /^\/(?!build\/)[A-Za-z0-9\-._~/!$&'()*+,;=:@]*(?:\?[^\u0000-\u001f\u007f]*)?$/;

/**
 * GET and HEAD pages, answered before Express (decision 0145), as the clock buttons are (0057): a bare page paid about
 * 0.6 ms of server CPU in the Express stack around Remix (the router's dozen layers and helmet's twelve middlewares
 * per request, the compression wrapper, the adapter pumping the finished document out of a web stream), a third of
 * /login. The same work, done once or the same way:
 * - helmet: the same headers (one options function), computed once; the CSP per answer is that text with this
 *   answer's nonce, the one the page's scripts carry.
 * - method and URL guards, static files, CSRF: only GET and HEAD on plain paths that are no file come here
 *   (PLAIN_PAGE_URL); a safe method has nothing for the CSRF guard to check.
 * - the client address and the request id, Remix's Request: as the stack does (Express's request prototype, so
 *   `trust proxy` is read the same way, and the adapter's own createRemixRequest).
 * - a rendered document (entry.server, already compressed: 0142) is written with one writeHead and one end, with
 *   `Cache-Control: private, no-store` unless the route chose its own, and `Vary: Accept-Encoding`; a redirect or a
 *   HEAD without body the same way. Any other answer (a resource route's JSON or file, a data request, an event
 *   stream) and any failure are handed to the Express stack, which sends them exactly as before (compression,
 *   no-store, the last error handler) without calling Remix again.
 * Returns whether it took the request.
 */
function documentsPath(
  build: ServerBuild,
  app: express.Express,
  options: { production: boolean },
  isStaticFile: (pathname: string) => boolean,
): ((req: IncomingMessage, res: ServerResponse, handOver: () => void) => boolean) {
  const remix = createRemixHandler(build, "production");
  const placeholder = "NONCE-PLACEHOLDER";
  const headers = staticHeadersOf(helmet(helmetOptions(options, `'nonce-${placeholder}'`)));
  const cspAt = headers.findIndex(([name]) => name === "content-security-policy");
  if (cspAt < 0) throw new Error("helmet set no content-security-policy");
  const [cspBefore, cspAfter] = headers[cspAt]![1].split(placeholder) as [string, string];
  const securityFlat = headers.filter((_, i) => i !== cspAt).flat();
  return (req, res, handOver) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!PLAIN_PAGE_URL.test(url)) return false;
    const query = url.indexOf("?");
    if (isStaticFile(query < 0 ? url : url.slice(0, query))) return false;
    // What expressInit does, so req.ip, req.hostname and req.protocol (the adapter's) follow `trust proxy`.
    const request = req as express.Request;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    (request as { res: unknown }).res = res;
    (res as unknown as { req: unknown }).req = req;
    request.originalUrl = url;
    req.headers["x-cadran-client-ip"] = request.ip ?? req.socket.remoteAddress ?? "unknown";
    req.headers["x-cadran-request-id"] = randomUUID();
    const nonce = cspNonce();
    const handOff = (answer: HandedOver) => {
      (req as unknown as Record<symbol, HandedOver>)[HANDED_OVER] = answer;
      handOver();
    };
    let remixRequest: Request;
    try {
      remixRequest = createRemixRequest(request, res as express.Response);
    } catch (error) {
      handOff({ error });
      return true;
    }
    remix(remixRequest, { cspNonce: nonce }).then(
      (response) => {
        const bytes = (response as unknown as Record<symbol, Buffer | undefined>)[DOCUMENT_BYTES];
        const type = response.headers.get("content-type");
        const html = type !== null && type.startsWith("text/html");
        const bodyless = response.body === null && (type === null || html);
        if (bytes === undefined && !bodyless) return handOff({ response });
        const head: string[] = securityFlat.slice();
        head.push("content-security-policy", cspBefore + nonce + cspAfter);
        let cacheControl = false;
        for (const [name, value] of response.headers) {
          if (name === "cache-control") cacheControl = true;
          head.push(name, value);
        }
        if (!cacheControl) head.push("cache-control", NO_STORE);
        if (html) head.push("vary", "Accept-Encoding");
        res.writeHead(response.status, head);
        if (bytes === undefined || req.method === "HEAD") res.end();
        else res.end(bytes);
      },
      (error: unknown) => handOff({ error }),
    );
    return true;
  };
}

interface ClockButtonAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

type DataFunction = ((args: unknown) => Promise<unknown>) & { __cadranGuarded?: true };

/**
 * Every loader and action of the build answers a French 503 when the database is away or too slow for the request
 * (decision 0094: PostgreSQL down, a statement or lock wait past its bound, no free connection in time), instead of
 * "Une erreur grave est survenue": a page gets its error page with that text (the root boundary, status 503), a
 * resource route (/api, downloads) a JSON `message`. Other errors go on as before.
 */
export function guardUnavailable(build: ServerBuild) {
  for (const route of Object.values(build.routes)) {
    const module = route.module as unknown as Record<string, unknown>;
    const page = typeof module.default === "function";
    const wrap = (fn: unknown): DataFunction | undefined => {
      if (typeof fn !== "function") return undefined;
      if ((fn as DataFunction).__cadranGuarded) return fn as DataFunction;
      const guarded: DataFunction = async (args) => {
        try {
          return await (fn as DataFunction)(args);
        } catch (error) {
          if (error instanceof Response || !isDatabaseUnavailable(error)) throw error;
          const response = unavailableResponse(page ? "page" : "api", error);
          if (page) throw response;
          return response;
        }
      };
      guarded.__cadranGuarded = true;
      return guarded;
    };
    if (typeof module.loader !== "function" && typeof module.action !== "function") continue;
    (route as { module: unknown }).module = {
      ...module,
      ...(module.loader ? { loader: wrap(module.loader) } : {}),
      ...(module.action ? { action: wrap(module.action) } : {}),
    };
  }
}

/**
 * `documentPath`: GET and HEAD pages answered before Express (decision 0145; default on). Off (`false`, or
 * CADRAN_DOCUMENT_PATH=0 for a bench's A/B), every request takes the Express stack, as before: the tests compare both.
 */
export function createApp(build: ServerBuild, options: { appUrl: string; production: boolean; documentPath?: boolean }) {
  guardUnavailable(build);
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  app.use(helmet(helmetOptions(options, (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`)));

  app.use(methodGuard);
  app.use(urlGuard);
  app.use(compress());

  // /build holds fingerprinted files only (a new build, new names): a year, immutable. The rest of public/ keeps
  // its names across releases: an hour.
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y", index: false }));
  // Only for the files public/ holds at start: express.static would otherwise stat the disk for every page request.
  const publicDir = path.join(root, "public");
  const publicFiles = new Set(readdirSync(publicDir, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => `/${d.name}`));
  const isStaticFile = (pathname: string) => publicFiles.has(pathname) || pathname === "/favicon.ico" || pathname.startsWith("/build/");
  const servePublic = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  // /metrics labels each request by the route it matches, from this table only (issue 42 §1).
  setRouteTable(routePatterns(build.routes), { prefixes: ["/build/"], files: new Set([...publicFiles, "/favicon.ico"]) });
  // Browsers and tools still ask for /favicon.ico whatever the page links (a bookmark, a PDF viewer, a crawler): the
  // one icon is the SVG, so the old name points at it for good instead of a 404 per page (issue 37 item 6).
  app.get("/favicon.ico", (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400");
    res.redirect(301, "/favicon.svg");
  });

  app.use((req, res, next) => {
    // The client address for throttling and logs; an incoming header of the same name is never trusted.
    req.headers["x-cadran-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // One id per HTTP request: the loaders of a page share its guard result (see requireUser).
    req.headers["x-cadran-request-id"] = randomUUID();
    next();
  });
  // An address in a login burst (issue 42 §7, decision 0131): its sign-ins get a small 429 at once, before the body is
  // read, the database asked or a page rendered.
  const retryAfter = String(Math.ceil(BURST_WINDOW_MS / 1000));
  app.post(["/login", "/api/login"], (req, res, next) => {
    const ip = String(req.headers["x-cadran-client-ip"]);
    if (!addressInBurst(ip)) return next();
    noteRefusedLogin(ip);
    res.status(429).set({ "Retry-After": retryAfter, "Cache-Control": NO_STORE });
    if (req.path === "/api/login") {
      res.type("application/json").send(JSON.stringify({ message: t("login.burst") }));
      return;
    }
    res
      .type("html")
      .send(
        `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("login.title")}</title></head>` +
          `<body><main><h1>${t("login.title")}</h1><p role="alert">${t("login.burst")}</p><p><a href="/login">${t("login.back")}</a></p></main></body></html>`,
      );
  });
  app.use(csrfGuard(options.appUrl));
  app.use(noStoreByDefault);

  const remixHandler = createRequestHandler({
    build,
    // Always "production": errors reach the page and its embedded data sanitised ("Unexpected Server Error", no
    // stack, no SQL) whatever NODE_ENV says; the details go to the log through entry.server's handleError.
    mode: "production",
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
  });
  app.all("*", (req, res, next) => {
    // An answer the document path already had Remix compute (decision 0145): sent as the adapter sends any.
    const handed = (req as unknown as Record<symbol, HandedOver | undefined>)[HANDED_OVER];
    if (handed === undefined) return void remixHandler(req, res, next);
    if ("error" in handed) return next(handed.error);
    sendRemixResponse(res, handed.response).catch(next);
  });
  app.use(errorHandler);

  // The clock buttons' /api calls, the hottest path (DESIGN §6: 50 clients, ≥ 0.7 of the physical floor), are
  // answered before Express sees the request: see clockButtonsPath. `app(req, res)` (http.createServer(app), listen)
  // calls `app.handle`, so this covers every way the app is served.
  // Every request is timed for /metrics (issue 31 item 8), the clock buttons included; GET /metrics itself is answered
  // here, before the guards, when METRICS_TOKEN is set (a bearer token), and counts as no page.
  const clockButtons = clockButtonsPath(build, options);
  const documentPathOn = options.documentPath ?? process.env.CADRAN_DOCUMENT_PATH !== "0";
  const documents = documentPathOn ? documentsPath(build, app, options, isStaticFile) : null;
  setMetricsSources({ orm: startedOrm, queue: () => (inlineJobs() ? undefined : queue()), outbox: true });
  const expressApp = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, callback?: unknown) => void };
  const expressHandle = expressApp.handle;
  expressApp.handle = function (this: unknown, req, res, callback) {
    if (req.method === "GET" && (req.url === "/metrics" || req.url?.startsWith("/metrics?"))) {
      const token = env().METRICS_TOKEN;
      if (token) {
        void serveMetrics(req, res, token).catch(() => res.destroy());
        return;
      }
    }
    observeRequest(req, res);
    if (clockButtons?.(req, res)) return;
    if (documents?.(req, res, () => expressHandle.call(this, req, res, callback))) return;
    expressHandle.call(this, req, res, callback);
  };
  return app;
}

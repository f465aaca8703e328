import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { compress, csrfGuard, errorHandler, methodGuard, noStoreByDefault, urlGuard } from "./http-guards";

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
export function createApp(build: ServerBuild, options: { appUrl: string; production: boolean }) {
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
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
    }),
  );

  app.use(methodGuard);
  app.use(urlGuard);
  app.use(compress());

  // /build holds fingerprinted files only (a new build, new names): a year, immutable. The rest of public/ keeps
  // its names across releases: an hour.
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y", index: false }));
  // Only for the files public/ holds at start: express.static would otherwise stat the disk for every page request.
  const publicDir = path.join(root, "public");
  const publicFiles = new Set(readdirSync(publicDir, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => `/${d.name}`));
  const servePublic = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));

  app.use((req, res, next) => {
    // The client address for throttling and logs; an incoming header of the same name is never trusted.
    req.headers["x-cadran-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // One id per HTTP request: the loaders of a page share its guard result (see requireUser).
    req.headers["x-cadran-request-id"] = randomUUID();
    next();
  });
  app.use(csrfGuard(options.appUrl));
  app.use(noStoreByDefault);

  // The clock buttons' /api calls, the hottest path (DESIGN §6: 50 clients, ≥ 0.7 of the raw floor): the same route
  // module's action, called directly. Remix's handler would match the URL against the whole route tree first (it
  // flattens and ranks the tree on every request: most of its cost here). Same guards as every request above.
  const clockRoute = build.routes["routes/api.timeclock.$id"]?.module;
  if (clockRoute?.action) {
    const action = clockRoute.action;
    app.post("/api/timeclock/:id(start|pause|lunch|end|reset)", (req, res, next) => {
      req.resume(); // no body is read by this action
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      const request = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, { method: "POST", headers });
      Promise.resolve(action({ request, params: { id: req.params.id! }, context: { cspNonce: res.locals.cspNonce as string } }))
        .then(async (answer) => {
          const response = answer as Response;
          if (typeof response?.arrayBuffer !== "function") throw new Error("the clock action must answer a Response");
          res.status(response.status);
          response.headers.forEach((value, name) => res.setHeader(name, value));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch(next);
    });
  }

  app.all(
    "*",
    createRequestHandler({
      build,
      // Always "production": errors reach the page and its embedded data sanitised ("Unexpected Server Error", no
      // stack, no SQL) whatever NODE_ENV says; the details go to the log through entry.server's handleError.
      mode: "production",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  app.use(errorHandler);
  return app;
}

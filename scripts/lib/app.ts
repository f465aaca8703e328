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

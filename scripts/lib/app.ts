import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export async function loadBuild(): Promise<ServerBuild> {
  return (await import(path.join(root, "build/index.js"))) as ServerBuild;
}

/**
 * The HTTP front of the app: security headers (CSP with a nonce per response), static assets, the Origin check
 * for every state-changing HTML request, and the Remix handler. One place, so no route can forget them.
 */
export function createApp(build: ServerBuild, options: { appUrl: string; production: boolean }) {
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
  const allowedOrigin = new URL(options.appUrl).origin;

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

  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h", index: false }));

  app.use((req, res, next) => {
    // The client address for throttling and logs; an incoming header of the same name is never trusted.
    req.headers["x-cadran-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // One id per HTTP request: the loaders of a page share its guard result (see requireUser).
    req.headers["x-cadran-request-id"] = randomUUID();
    const method = req.method.toUpperCase();
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || req.path.startsWith("/api/")) return next();
    // HTML forms: refuse a cross-site origin (CSRF). /api uses a token header, never the cookie.
    const origin = req.headers.origin;
    const host = req.headers.host;
    const sameHost = host ? [`http://${host}`, `https://${host}`] : [];
    if (origin && origin !== allowedOrigin && !sameHost.includes(origin)) {
      res.status(403).type("text/plain; charset=utf-8").send("Requête refusée : origine inconnue.");
      return;
    }
    next();
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: options.production ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  return app;
}

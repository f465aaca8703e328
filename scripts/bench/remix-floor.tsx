/** @jsxRuntime automatic */
import { createRequestHandler } from "@remix-run/express";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import { Links, Meta, Outlet, RemixServer, Scripts } from "@remix-run/react";
import express from "express";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { renderToString } from "react-dom/server";

/**
 * The framework's floor for a page (issue 44 §1, decision 0145): Remix 2 as its template serves it, with nothing of
 * ours: Express, the adapter, one root route whose loader returns one value and whose page renders it inside the
 * usual document (Meta, Links, Outlet, Scripts: the hydration data and the module preloads of a real page), the
 * document rendered whole with renderToString as entry.server does. No helmet, no guards, no compression, no
 * session, no database. DESIGN §6's hint ("a Remix page with a trivial loader serves about 900 req/s on one core")
 * is this page; `npm run bench:cpu` prints its server CPU beside the login page's, so a bare page is judged as a
 * ratio to it in one run, not by milliseconds from another machine.
 */
function Root() {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Page() {
  return <p>Bonjour</p>;
}

const entryModule = {
  // As entry.server: the loader data read whole and written as one script in <body>, the document rendered whole.
  async default(request: Request, status: number, headers: Headers, context: EntryContext) {
    const data = context.serverHandoffStream ? await new Response(context.serverHandoffStream).text() : "";
    context.serverHandoffStream = undefined;
    const markup = renderToString(<RemixServer context={context} url={request.url} />);
    headers.set("Content-Type", "text/html; charset=utf-8");
    const script = `<script>window.__remixContext.streamController.enqueue(${JSON.stringify(data).replace(/</g, "\\u003c")})</script>`;
    return new Response(`<!DOCTYPE html>${markup.replace("</body>", `${script}</body>`)}`, { status, headers });
  },
};

const routeAssets = (id: string, parentId: string | undefined, path: string | undefined, index: boolean | undefined, hasLoader: boolean) => ({
  id,
  parentId,
  path,
  index,
  caseSensitive: undefined,
  module: `/build/${id}.js`,
  imports: [],
  hasAction: false,
  hasLoader,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
});

export const floorBuild = {
  mode: "production",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  basename: "/",
  isSpaMode: false,
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_routeConfig: false, v3_singleFetch: true, v3_lazyRouteDiscovery: false, unstable_optimizeDeps: false },
  entry: { module: entryModule },
  routes: {
    root: { id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined, module: { default: Root } },
    "routes/_index": {
      id: "routes/_index",
      parentId: "root",
      path: undefined,
      index: true,
      caseSensitive: undefined,
      module: { default: Page, loader: () => ({ greeting: "Bonjour" }) },
    },
  },
  assets: {
    version: "floor",
    url: "/build/manifest-floor.js",
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: { root: routeAssets("root", undefined, "", undefined, false), "routes/_index": routeAssets("routes/_index", "root", undefined, true, true) },
  },
} as unknown as ServerBuild;

export async function startRemixFloor(port = 0): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const app = express();
  app.all("*", createRequestHandler({ build: floorBuild, mode: "production" }));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// `node --import tsx scripts/bench/remix-floor.tsx` (PORT): in its own process, as bench:cpu runs it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const floor = await startRemixFloor(Number(process.env.PORT ?? 0));
  console.info(`[remix-floor] listens on ${floor.baseUrl}`);
  const stop = () => void floor.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

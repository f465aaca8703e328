/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}", "**/__*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The worker and the domain are our own code: bundle them; node_modules stay external.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off (docs/decisions/0032): lazy discovery matched every route again for each parent path of every document
    // (7 % of a page's CPU) to inline a partial manifest (3 KB of pretty-printed JSON) and marked every link; the
    // whole manifest is one fingerprinted, cached file instead.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};

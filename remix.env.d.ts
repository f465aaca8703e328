/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

// Single fetch types for useLoaderData/useActionData (future flag v3_singleFetch is on).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

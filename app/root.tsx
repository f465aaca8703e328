import {
  data,
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import tailwind from "./tailwind.css";
import { t } from "./i18n/fr";
import { requestState } from "~/server/shared/request-state.server";
import { commitSession, type Alert } from "~/server/identity/session.server";
import { useNonce } from "~/ui/shared/nonce";
import { GenericError, NotFound } from "~/ui/shared/not-found";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: t("app.title") }];

export const SUPPORTED_LANGUAGES = ["fr"];

export async function loader({ request }: LoaderFunctionArgs) {
  // French only: a route may carry a language parameter; an unsupported one goes back to French.
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  if (lang !== null && !SUPPORTED_LANGUAGES.includes(lang.toLowerCase())) {
    url.searchParams.delete("lang");
    throw redirect(url.pathname.replace(/\.data$/, "") + (url.search || ""));
  }
  // The same read as the layout's and the page's guard: one query per request for session, user and counters.
  const { session } = await requestState(request);
  const alerts = (session.get("alerts") as Alert[] | undefined) ?? [];
  // Only write the cookie back when a flash was consumed.
  const headers: HeadersInit = alerts.length > 0 ? { "Set-Cookie": await commitSession(session) } : {};
  return data({ alerts }, { headers });
}

export function useRootAlerts(): Alert[] {
  return useRouteLoaderData<typeof loader>("root")?.alerts ?? [];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the page as driven by React: the browser journeys wait for it after opening a page with JavaScript, so a
  // click is not sent to the server-rendered form while its scripts are still starting (tests/e2e/support.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="fr" className="h-full bg-gray-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full text-gray-900">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound variant={typeof error.data === "number" ? error.data : 0} />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  // Never the error's own message (on the server it may carry SQL or paths): a French text chosen by status only.
  return (
    <main>
      <GenericError status={isRouteErrorResponse(error) ? error.status : 500} />
    </main>
  );
}

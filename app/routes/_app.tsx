import { type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { isSection, menuFor, type MenuEntry, type MenuItem } from "~/domain/shell/menu";
import { requireUser } from "~/server/identity/auth.server";
import { sidebarCollapsed } from "~/server/shell/preferences.server";
import { requestState } from "~/server/shared/request-state.server";
import { AppShell } from "~/ui/shell/app-shell";
import { GenericError, NotFound } from "~/ui/shared/not-found";
import { avatarUrl } from "~/services/identity/profile.server";

/** The base layout: requires login; the shell (menu, counters, user) comes with the session, in one query. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { counters } = await requestState(request);
  return {
    user: {
      fullName: user.fullName,
      profileType: user.profileType,
      avatarUrl: avatarUrl(user.avatarKey),
    },
    menu: menuFor(user).map(forPage),
    counters,
    collapsed: await sidebarCollapsed(request),
  };
}

/**
 * The menu as the page needs it: the rights that chose the entries stay on the server (they would cost every page
 * about 2 KB of loader data).
 */
function forPage(item: MenuItem): MenuItem {
  const entry = (e: MenuEntry): MenuEntry => ({ key: e.key, path: e.path, visibleTo: "all", ...(e.counter ? { counter: e.counter } : {}) });
  return isSection(item) ? { key: item.key, prefix: item.prefix, visibleTo: [], entries: item.entries.map(entry) } : entry(item);
}

export default function AppLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A page of the layout that fails keeps the shell when the layout's own data loaded (issue 11 §6): a 404 (an
 * unknown leave, employee...) shows the 404 page, anything else the generic error, both inside the menu and top bar.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>("routes/_app");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  const variant = notFound && typeof error.data === "number" ? error.data : 0;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!shell) return notFound ? <NotFound variant={variant} /> : <main><GenericError status={status} /></main>;
  return <AppShell shell={shell}>{notFound ? <NotFound variant={variant} inShell /> : <GenericError status={status} />}</AppShell>;
}

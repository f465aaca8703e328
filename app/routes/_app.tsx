import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { isSection, menuFor, type MenuEntry, type MenuItem } from "~/domain/menu";
import { requireUser } from "~/server/auth.server";
import { sidebarCollapsed } from "~/server/preferences.server";
import { useRootAlerts } from "~/root";
import { requestState } from "~/server/request-state.server";
import { Alerts } from "~/ui/alerts";
import { Sidebar } from "~/ui/sidebar";
import { TopBar } from "~/ui/top-bar";
import { t } from "~/i18n/fr";

/** The base layout: requires login; the shell (menu, counters, user) comes with the session, in one query. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { counters } = await requestState(request);
  return {
    user: {
      fullName: user.fullName,
      profileType: user.profileType,
      avatarUrl: user.hasAvatar ? `/avatars/${user.userId}?v=${user.avatarVersion}` : null,
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
  const { user, menu, counters, collapsed } = useLoaderData<typeof loader>();
  const alerts = useRootAlerts();
  const location = useLocation();
  return (
    <div className="flex min-h-full flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t("shell.skip_to_content")}
      </a>
      <TopBar fullName={user.fullName} avatarUrl={user.avatarUrl} />
      <div className="flex flex-1 flex-col md:flex-row">
        <Sidebar
          key={location.pathname}
          items={menu}
          counters={counters}
          pathname={location.pathname}
          collapsed={collapsed}
          redirectTo={location.pathname + location.search}
        />
        <main id="content" className="min-w-0 flex-1 p-4 md:p-6">
          <div className="mb-4">
            <Alerts alerts={alerts} />
          </div>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

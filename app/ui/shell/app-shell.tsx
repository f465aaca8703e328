import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { MenuItem } from "~/domain/shell/menu";
import { t } from "~/i18n/fr";
import { useRootAlerts } from "~/root";
import { Alerts } from "~/ui/shared/alerts";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

/** What the shell needs: the signed-in user, their menu and counters, the sidebar preference. */
export interface ShellData {
  user: { fullName: string; profileType: string; avatarUrl: string | null };
  menu: MenuItem[];
  counters: Parameters<typeof Sidebar>[0]["counters"];
  collapsed: boolean;
}

/**
 * The base layout's frame (top bar, sidebar, alerts, the page in <main>), shared by the _app layout and by the
 * pages that answer outside it for a signed-in user (the 404 page), so they look the same.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const alerts = useRootAlerts();
  const location = useLocation();
  return (
    <div className="flex min-h-full flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t("shell.skip_to_content")}
      </a>
      <TopBar fullName={shell.user.fullName} avatarUrl={shell.user.avatarUrl} />
      <div className="flex flex-1 flex-col md:flex-row">
        <Sidebar
          key={location.pathname}
          items={shell.menu}
          counters={shell.counters}
          pathname={location.pathname}
          collapsed={shell.collapsed}
          redirectTo={location.pathname + location.search}
        />
        <main id="content" className="min-w-0 flex-1 p-4 md:p-6">
          <div className="mb-4">
            <Alerts alerts={alerts} />
          </div>
          {children}
        </main>
      </div>
    </div>
  );
}

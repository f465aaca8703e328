import { Link } from "@remix-run/react";
import { t } from "~/i18n/fr";

type Tab = "pending" | "accepted" | "rejected";

/** The pending / accepted / rejected tabs, as links (`?tab=`), so they work without JavaScript. */
export function LeaveTabs({ base, current, query = {} }: { base: string; current: Tab; query?: Record<string, string> }) {
  const tabs: Tab[] = ["pending", "accepted", "rejected"];
  return (
    <nav aria-label={t("leave.tabs")}>
      <ul className="flex gap-1 border-b border-gray-200">
        {tabs.map((tab) => {
          const search = new URLSearchParams({ ...query, tab }).toString();
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                to={`${base}?${search}`}
                discover="none"
                aria-current={active ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                  active ? "border-sky-700 text-sky-800" : "border-transparent text-gray-700 hover:text-gray-900"
                }`}
              >
                {t(`leave.tab.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

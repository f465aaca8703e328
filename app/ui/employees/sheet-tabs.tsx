import { Link } from "@remix-run/react";
import { t } from "~/i18n/fr";

/** The sheet's tabs, « Fiche » and « Historique » (issue 32 §3): links, so they work without JavaScript. */
export function EmployeeSheetTabs({ employeeId, current }: { employeeId: number; current: "sheet" | "history" }) {
  const tabs = [
    { key: "sheet", to: `/employees/${employeeId}/edit`, label: t("sheet.tab.sheet") },
    { key: "history", to: `/employees/${employeeId}/history`, label: t("sheet.tab.history") },
  ] as const;
  return (
    <nav aria-label={t("sheet.tabs")} data-testid="sheet-tabs">
      <ul className="flex gap-1 border-b border-gray-200">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.key === current ? "page" : undefined}
              className={`-mb-px inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                tab.key === current ? "border-sky-700 text-sky-800" : "border-transparent text-gray-700 hover:text-gray-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

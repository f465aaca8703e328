import { Form } from "@remix-run/react";
import { counterLabel, isEntryActive, isSection, openSectionKey, type CounterKind, type MenuEntry, type MenuItem } from "~/domain/shell/menu";
import { t, type MessageKey } from "~/i18n/fr";
import { useLinkDelegation } from "~/ui/shared/links";

/**
 * The sidebar. Mobile: a <details> "Menu" disclosure (closed after each navigation, since the component is keyed
 * by path). Desktop: always shown, shrinkable by a form post that stores the preference. Sections are <details>
 * sharing one name, so only one is open at a time; the open one is the section of the current path.
 */
export function Sidebar({
  items,
  counters,
  pathname,
  collapsed,
  redirectTo,
}: {
  items: MenuItem[];
  counters: Partial<Record<CounterKind, number>>;
  pathname: string;
  collapsed: boolean;
  redirectTo: string;
}) {
  const open = openSectionKey(items, pathname);
  // The menu's links are plain anchors; this one handler makes them client navigations with JavaScript (./links).
  const onLinkClick = useLinkDelegation();
  return (
    <nav
      onClick={onLinkClick}
      aria-label={t("shell.menu")}
      className={`border-b border-gray-200 bg-white md:border-b-0 md:border-r ${collapsed ? "md:w-16" : "md:w-64"}`}
      data-collapsed={collapsed ? "true" : "false"}
    >
      <details className="group md:hidden">
        <summary className="flex items-center gap-2 px-4 py-3 font-medium" aria-label={t("shell.open_menu")}>
          <span aria-hidden="true">☰</span> {t("shell.menu")}
        </summary>
        <MenuList items={items} counters={counters} pathname={pathname} open={open} collapsed={false} idPrefix="m" />
      </details>
      <div className="hidden md:block">
        <Form method="post" action="/preferences/sidebar" discover="none" className="flex justify-end p-2">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            className="rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100"
            aria-label={collapsed ? t("shell.expand_menu") : t("shell.shrink_menu")}
            title={collapsed ? t("shell.expand_menu") : t("shell.shrink_menu")}
            data-testid="sidebar-toggle"
          >
            <span aria-hidden="true">{collapsed ? "»" : "«"}</span>
          </button>
        </Form>
        <MenuList items={items} counters={counters} pathname={pathname} open={open} collapsed={collapsed} idPrefix="d" />
      </div>
    </nav>
  );
}

function MenuList({
  items,
  counters,
  pathname,
  open,
  collapsed,
  idPrefix,
}: {
  items: MenuItem[];
  counters: Partial<Record<CounterKind, number>>;
  pathname: string;
  open: string | null;
  collapsed: boolean;
  idPrefix: string;
}) {
  return (
    <ul className="space-y-1 px-2 pb-4">
      {items.map((item) =>
        isSection(item) ? (
          <li key={item.key}>
            <details name={`${idPrefix}-menu-section`} open={open === item.key}>
              <summary
                className={open === item.key ? "menu-section menu-section-current" : "menu-section"}
                title={collapsed ? t(item.key as MessageKey) : undefined}
              >
                <span className={collapsed ? "sr-only" : undefined}>{t(item.key as MessageKey)}</span>
                {collapsed && <span aria-hidden="true">{t(item.key as MessageKey).slice(0, 2)}</span>}
                {!collapsed && sectionCounter(item.entries, counters)}
              </summary>
              <ul className="mt-1 space-y-1 pl-3">
                {item.entries.map((e) => (
                  <li key={e.key}>
                    <EntryLink entry={e} counters={counters} pathname={pathname} collapsed={collapsed} />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ) : (
          <li key={item.key}>
            <EntryLink entry={item} counters={counters} pathname={pathname} collapsed={collapsed} />
          </li>
        ),
      )}
    </ul>
  );
}

function sectionCounter(entries: MenuEntry[], counters: Partial<Record<CounterKind, number>>) {
  const total = entries.reduce((sum, e) => sum + (e.counter ? (counters[e.counter] ?? 0) : 0), 0);
  return total > 0 ? <Counter count={total} /> : null;
}

function EntryLink({
  entry,
  counters,
  pathname,
  collapsed,
}: {
  entry: MenuEntry;
  counters: Partial<Record<CounterKind, number>>;
  pathname: string;
  collapsed: boolean;
}) {
  const active = isEntryActive(entry.path, pathname);
  const count = entry.counter ? (counters[entry.counter] ?? 0) : 0;
  const label = t(entry.key as MessageKey);
  return (
    <a href={entry.path} aria-current={active ? "page" : undefined} title={collapsed ? label : undefined} className="menu-link">
      <span className={collapsed ? "sr-only" : undefined}>{label}</span>
      {collapsed && <span aria-hidden="true">{label.slice(0, 2)}</span>}
      {count > 0 && <Counter count={count} />}
    </a>
  );
}

export function Counter({ count }: { count: number }) {
  const label = counterLabel(count);
  if (!label) return null;
  return (
    <span className="menu-counter" title={t("menu.counter_label", { count })} data-testid="menu-counter">
      {label}
    </span>
  );
}

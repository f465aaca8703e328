import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * Links of long lists, menus, tables and calendars (docs/decisions/0032): plain `<a href>` elements, and ONE click
 * handler on their container that turns a plain left click on a same-site link into a client navigation.
 * Without JavaScript they are ordinary links; with it, the same navigation as Remix's `<Link>` — without its cost per
 * link (about ten router hooks and a path resolution for every row at render, 7 % of a list page's CPU).
 *
 * Put `onClick={onLinkClick}` on the list, the table or the nav; use `<Link>` for the few links that need its extras
 * (`prefetch`, `replace`, `state`, relative paths).
 */
export function useLinkDelegation(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || !event.currentTarget.contains(link)) return;
      if ((link.getAttribute("target") ?? "_self") !== "_self" || link.hasAttribute("download") || link.hasAttribute("data-reload")) return;
      const href = link.getAttribute("href") ?? "";
      // Same-site absolute paths only: "#anchor", "//host" and "https://…" stay with the browser.
      if (!href.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}

import { Link } from "@remix-run/react";
import { t } from "~/i18n/fr";

/**
 * Previous / next links of a paged list (GET `?page=`, so it works without JavaScript), keeping the list's other
 * query parameters, with "Page 2 sur 3". Nothing when everything fits on one page.
 */
export function Pager({ base, query, page, pages, label }: { base: string; query: Record<string, string>; page: number; pages: number; label: string }) {
  if (pages <= 1) return null;
  const to = (p: number) => `${base}?${new URLSearchParams({ ...query, page: String(p) })}`;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className="btn btn-secondary">
          ← {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{t("pager.status", { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next" className="btn btn-secondary">
          {t("pager.next")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

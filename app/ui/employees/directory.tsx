import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { frDate } from "~/domain/shared/api-dates";
import type { Crumb } from "~/domain/employees/sheet";
import { t } from "~/i18n/fr";

/** Pieces of the employee directory screens: breadcrumb, cards in the responsive grid, empty states. */

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label={t("employees.breadcrumb")} className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-gray-700">
        {crumbs.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            {c.href ? (
              <Link to={c.href} className="btn-link">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-gray-900">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="btn btn-secondary">
      ← {t("employees.back")}
    </Link>
  );
}

/** The head of a directory page: breadcrumb, title and the back link to the level above. */
export function DirectoryHeader({
  crumbs,
  title,
  back,
  archive = false,
}: {
  crumbs: Crumb[];
  title: string;
  back: string;
  archive?: boolean;
}) {
  return (
    <>
      <Breadcrumb crumbs={crumbs} />
      <div className={`flex flex-wrap items-center justify-between gap-3 ${archive ? "archive-header rounded-lg p-4" : ""}`}>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <BackLink to={back} />
      </div>
    </>
  );
}

/** A card of the grid: a link with a title and a line of detail. */
export function DirectoryCard({ to, title, detail, className = "" }: { to: string; title: string; detail?: ReactNode; className?: string }) {
  return (
    <li>
      <Link
        to={to}
        className={`block h-full rounded-lg border border-gray-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:bg-brand-50 ${className}`}
      >
        <span className="block font-semibold text-gray-900">{title}</span>
        {detail && <span className="mt-1 block text-sm text-gray-700">{detail}</span>}
      </Link>
    </li>
  );
}

export interface EmployeeCardData {
  id: number;
  displayName: string;
  position: string | null;
  firedAt: string | null;
}

/** Employees as cards: full name and position (and the departure date for archives). */
export function EmployeeCards({ employees, showDeparture }: { employees: EmployeeCardData[]; showDeparture?: boolean }) {
  return (
    <ul className="card-grid" data-testid="employee-cards">
      {employees.map((e) => (
        <DirectoryCard
          key={e.id}
          to={`/employees/${e.id}/edit`}
          title={e.displayName}
          className={showDeparture ? "archive-header" : ""}
          detail={
            <>
              <span className="block">{e.position || t("employees.no_position")}</span>
              {showDeparture && e.firedAt && <span className="block font-medium">{t("employees.departure", { date: frDate(e.firedAt) })}</span>}
            </>
          }
        />
      ))}
    </ul>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-700" role="status">
      {children}
    </p>
  );
}


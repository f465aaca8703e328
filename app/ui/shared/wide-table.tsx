import type { ReactNode } from "react";

/**
 * The one phone pattern for wide data (docs/decisions/0022): the table keeps its columns and scrolls sideways
 * inside its own box, never the page. Its first column (the row's name: a date, an employee) stays in place
 * while the rest scrolls, and a shadow on the edge where more columns wait shows that there is more; both are
 * CSS only (`.wide-table` in tailwind.css), so they work without JavaScript. The box is a focusable, labelled
 * region, so a keyboard user can scroll it too.
 *
 * Use it for every table wider than a phone: lists, calendars, planning grids, reports. Put the row's name in
 * the first cell of every row (a `<th scope="row">`).
 */
export function WideTable({
  label,
  caption,
  children,
  className,
  testId,
}: {
  /** Names the scrolling region (screen readers, keyboard focus). */
  label: string;
  /** A visible caption above the table, if any (otherwise give the table an sr-only caption yourself). */
  caption?: ReactNode;
  /** thead, tbody, tfoot. */
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`wide-table ${className ?? ""}`} role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      <table>
        {caption && <caption>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

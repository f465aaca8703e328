import { Link } from "@remix-run/react";
import { frDate } from "~/domain/api-dates";
import type { YearCell } from "~/domain/planning";
import { t, type MessageKey } from "~/i18n/fr";
import { eventLabel, PlanningBadge } from "./planning-legend";
import { WideTable } from "./wide-table";

/**
 * The personal planning as a calendar: 31 day rows × month columns (the yearly calendar of /planning/me and
 * /planning/employee/{id}, and the employee dashboard's months). It scrolls inside its own box on a phone
 * (WideTable), the day numbers staying in place. Weekends are greyed, nonexistent dates blank.
 */

export function monthName(month: number): string {
  return t(`planning.month.${month}` as MessageKey);
}

/** 'YYYY-MM' -> "mars 2026". */
export function monthTitle(yearMonth: string): string {
  return `${monthName(Number(yearMonth.slice(5, 7)))} ${yearMonth.slice(0, 4)}`;
}

export function PlanningCalendar({
  label,
  columns,
  rows,
  removeHref,
  testId = "planning-calendar",
}: {
  label: string;
  /** The column titles (month names). */
  columns: string[];
  rows: YearCell[][];
  /** On one's own planning: where the remove button of an event day leads (its confirmation). */
  removeHref?: (eventDayId: number) => string;
  testId?: string;
}) {
  return (
    <WideTable label={label} className="pl-calendar" testId={testId}>
      <thead>
        <tr>
          <th scope="col">{t("planning.day")}</th>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{i + 1}</th>
            {row.map((cell, j) =>
              cell.date === null ? (
                <td key={j} className="pl-none" />
              ) : (
                <td key={j} className={cell.weekend ? "pl-weekend" : undefined} data-date={cell.date}>
                  {cell.events.map((e) => (
                    <span key={e.id} className="pl-event">
                      <PlanningBadge event={e} />
                      {removeHref && e.refId !== null && (e.type === "eventday-moved" || e.type === "eventday-closed") && (
                        <Link
                          to={removeHref(e.refId)}
                          className="pl-remove no-print"
                          preventScrollReset
                          aria-label={`${t("planning.event_day.remove")} : ${eventLabel(e)} ${frDate(cell.date!)}`}
                          data-testid="event-day-remove"
                        >
                          ×
                        </Link>
                      )}
                    </span>
                  ))}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </WideTable>
  );
}

/** The yearly calendar (12 months of one year). */
export function YearCalendar({ year, grid, removeHref }: { year: number; grid: YearCell[][]; removeHref?: (eventDayId: number) => string }) {
  return (
    <PlanningCalendar
      label={t("planning.calendar", { year })}
      columns={Array.from({ length: 12 }, (_, i) => monthName(i + 1))}
      rows={grid}
      removeHref={removeHref}
    />
  );
}

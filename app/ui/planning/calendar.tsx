import { useEffect, useRef } from "react";
import { Link } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import type { YearCell } from "~/domain/planning/planning";
import { t, type MessageKey } from "~/i18n/fr";
import { eventLabel, PlanningBadge } from "./legend";
import { WideTable } from "~/ui/shared/wide-table";

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
  currentColumn,
}: {
  /** The column to open on (its header gets id "current-month"; with JavaScript the box scrolls to it). */
  currentColumn?: number;
  label: string;
  /** The column titles (month names). */
  columns: string[];
  rows: YearCell[][];
  /** On one's own planning: where the remove button of an event day leads (its confirmation). */
  removeHref?: (eventDayId: number) => string;
  testId?: string;
}) {
  const current = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    // The yearly planning opens on the current month (issue 28 item 6): its column at the left of the scroll box,
    // right after the sticky day column. The page itself does not move.
    const th = current.current;
    const box = th?.closest(".wide-table");
    if (!th || !box) return;
    const first = box.querySelector("thead th");
    box.scrollLeft = Math.max(0, th.offsetLeft - (first instanceof HTMLElement ? first.offsetWidth : 0));
  }, [currentColumn]);
  return (
    <WideTable label={label} className="pl-calendar" testId={testId}>
      <thead>
        <tr>
          <th scope="col">{t("planning.day")}</th>
          {columns.map((c, i) => (
            <th
              key={c}
              scope="col"
              ref={i === currentColumn ? current : undefined}
              id={i === currentColumn ? "current-month" : undefined}
              data-current={i === currentColumn ? "" : undefined}
            >
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
export function YearCalendar({
  year,
  grid,
  removeHref,
  currentMonth,
}: {
  year: number;
  grid: YearCell[][];
  removeHref?: (eventDayId: number) => string;
  /** 1–12: the calendar opens on this month (issue 28 item 6). */
  currentMonth?: number;
}) {
  return (
    <>
      {currentMonth !== undefined && (
        // Without JavaScript, the link scrolls the calendar to the month; with it, the calendar opens there.
        <p className="no-print text-sm">
          <a href="#current-month" className="btn-link">
            {t("planning.current_month_link")}
          </a>
        </p>
      )}
      <PlanningCalendar
        label={t("planning.calendar", { year })}
        columns={Array.from({ length: 12 }, (_, i) => monthName(i + 1))}
        rows={grid}
        removeHref={removeHref}
        currentColumn={currentMonth !== undefined ? currentMonth - 1 : undefined}
      />
    </>
  );
}

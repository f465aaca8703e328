import { Link } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import { formatDays } from "~/domain/shared/number-format";
import { type PlanningMonthHeader, type PlanningWeekCell, type PlanningWeekHeader } from "~/domain/planning/planning";
import { LEGEND_LETTERS } from "~/domain/planning/rules";
import { t } from "~/i18n/fr";
import { monthTitle } from "./calendar";
import { keyLabel } from "./legend";
import { WideTable } from "~/ui/shared/wide-table";

/**
 * The planning table (agency, division and team planning; the dashboards' excerpt): one row per employee grouped
 * by division and team, one cell per ISO week with the week's badge, months and week numbers in the header. Names
 * link to the person's planning (or one's own). A half-day week is a split cell; a pending one is hatched.
 */

export interface PlanningTableData {
  weeks: PlanningWeekHeader[];
  months: PlanningMonthHeader[];
  groups: {
    key: string;
    divisionName: string | null;
    teamName: string | null;
    rows: { id: number; name: string; href: string; cells: (PlanningWeekCell | null)[] }[];
  }[];
}

function cellLabel(cell: PlanningWeekCell): string {
  let text = `${keyLabel(cell.name)}, ${t("planning.table.cell_days", { days: formatDays(cell.days) })}`;
  if (cell.half) text = `${text} (${t(`planning.half.${cell.half}`)})`;
  if (cell.state === "need_review") text = `${text} — ${t("planning.need_review")}`;
  return text;
}

function WeekCell({ cell }: { cell: PlanningWeekCell }) {
  const half = cell.half ? ` pl-half-${cell.half}` : "";
  const pending = cell.state === "need_review" ? " pl-pending" : "";
  const label = cellLabel(cell);
  return (
    <span className={`pl-badge pl-${cell.name}${half}${pending}`} title={label}>
      <span aria-hidden="true">{LEGEND_LETTERS[cell.name]}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** "Impression — Offset", "Impression", "Sans pôle". */
export function groupTitle(group: { divisionName: string | null; teamName: string | null }, showDivision: boolean): string {
  const division = group.divisionName ?? t("planning.table.no_division");
  const team = group.teamName ?? t("planning.table.no_team");
  return showDivision ? `${division} — ${team}` : team;
}

export function PlanningTableView({
  label,
  table,
  showDivision = true,
  testId = "planning-table",
}: {
  label: string;
  table: PlanningTableData;
  /** Group titles name the division too (agency view, dashboards); a division view names its teams only. */
  showDivision?: boolean;
  testId?: string;
}) {
  const columns = table.weeks.length + 1;
  return (
    <WideTable label={label} className="pl-table" testId={testId}>
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            {t("planning.table.employee")}
          </th>
          {table.months.map((m) => (
            <th key={m.month} scope="colgroup" colSpan={m.span} className="pl-month">
              {monthTitle(m.month)}
            </th>
          ))}
        </tr>
        <tr>
          {table.weeks.map((w) => (
            <th key={w.monday} scope="col" className="pl-week" title={t("planning.table.week_title", { week: w.week, monday: frDate(w.monday) })}>
              {t("planning.table.week", { week: w.week })}
            </th>
          ))}
        </tr>
      </thead>
      {table.groups.map((group) => (
        <tbody key={group.key}>
          <tr className="pl-group">
            <th scope="rowgroup" colSpan={columns}>
              {groupTitle(group, showDivision)}
            </th>
          </tr>
          {group.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={row.href} className="btn-link" discover="none">
                  {row.name}
                </Link>
              </th>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell && <WeekCell cell={cell} />}</td>
              ))}
            </tr>
          ))}
        </tbody>
      ))}
    </WideTable>
  );
}

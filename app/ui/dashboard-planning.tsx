import { Link } from "@remix-run/react";
import type { ExcerptCell, MonthKey, MonthOfWeeks, PersonalCell } from "~/domain/dashboard";
import { formatFrDate } from "~/domain/date-range";
import { t, type MessageKey } from "~/i18n/fr";
import type { DashboardDivision } from "~/services/dashboard.server";
import { WideTable } from "./wide-table";

/**
 * The dashboards' two planning blocks (spec 2 §9): the managers' excerpt (employees by division and team, weeks by
 * month and year) and the employee's own planning (31 day rows × month columns). Each cell writes its reason as a
 * short text (its full name in the title and for screen readers), so nothing rests on colour alone; a request still
 * in flight is hatched and says "à valider".
 */

const REASON_STYLE: Record<string, string> = {
  paid_leave: "bg-sky-100 text-sky-950",
  rtt_leave: "bg-teal-100 text-teal-950",
  recovery_leave: "bg-lime-100 text-lime-950",
  sick_leave: "bg-rose-100 text-rose-950",
  other_leave: "bg-amber-100 text-amber-950",
  no_paid_leave: "bg-stone-200 text-stone-950",
  maternity_leave: "bg-pink-100 text-pink-950",
  paternity_leave: "bg-indigo-100 text-indigo-950",
  wedding_leave: "bg-fuchsia-100 text-fuchsia-950",
  death_leave: "bg-slate-200 text-slate-950",
  parent_education_leave: "bg-violet-100 text-violet-950",
  portugal_leave: "bg-emerald-100 text-emerald-950",
  mix: "bg-orange-100 text-orange-950",
  absent: "bg-gray-200 text-gray-950",
};

function reasonName(key: string): string {
  if (key === "mix") return t("dashboard.reason.mix");
  if (key === "absent") return t("dashboard.reason.absent");
  return t(`leave.reason.${key.toUpperCase()}` as MessageKey);
}

function monthName(m: MonthKey): string {
  return `${t(`dashboard.month.${m.month}` as MessageKey)} ${m.year}`;
}

/** One leave badge: the short reason, its full name for screen readers and as a tooltip, hatched while in review. */
function LeaveBadge({ reason, review, half }: { reason: string; review: boolean; half?: "morning" | "afternoon" | null }) {
  const name = reasonName(reason);
  const extra = [half ? t(`dashboard.planning.half.${half}`) : null, review ? t("dashboard.planning.need_review") : null].filter(Boolean);
  const full = extra.length ? `${name} (${extra.join(", ")})` : name;
  return (
    <span
      className={`inline-block min-w-8 rounded px-1 text-center text-xs font-semibold ${REASON_STYLE[reason] ?? REASON_STYLE.absent} ${review ? "dash-review" : ""}`}
      title={full}
      data-reason={reason}
      data-review={review ? "true" : undefined}
    >
      <span aria-hidden="true">
        {t(`dashboard.short.${reason}` as MessageKey)}
        {half ? (half === "morning" ? " ◐" : " ◑") : ""}
        {review ? "?" : ""}
      </span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

function ExcerptBadge({ cell }: { cell: ExcerptCell }) {
  if (!cell) return null;
  return <LeaveBadge reason={cell.reason} review={cell.state === "need_review"} />;
}

/** The managers' planning excerpt. */
export function PlanningExcerpt({ months, divisions, label }: { months: MonthOfWeeks[]; divisions: DashboardDivision[]; label: string }) {
  const columns = months.reduce((n, m) => n + m.weeks.length, 0) + 1;
  const showDivisions = divisions.length > 1;
  const showTeams = showDivisions || divisions.some((d) => d.teams.length > 1);
  return (
    <WideTable label={label} testId="planning-excerpt" className="relative">
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            {t("leave.field.employee")}
          </th>
          {months.map((m) => (
            <th key={`${m.year}-${m.month}`} scope="colgroup" colSpan={m.weeks.length} className="capitalize">
              {monthName(m)}
            </th>
          ))}
        </tr>
        <tr>
          {months.flatMap((m) =>
            m.weeks.map((w) => (
              <th key={w.monday} scope="col" className="whitespace-nowrap text-center">
                <abbr title={t("dashboard.planning.week_label", { week: w.week, monday: formatFrDate(w.monday) })}>
                  {t("dashboard.planning.week", { week: w.week })}
                </abbr>
              </th>
            )),
          )}
        </tr>
      </thead>
      {divisions.map((d) => (
        <tbody key={d.id ?? "none"}>
          {showDivisions && (
            <tr>
              <th scope="rowgroup" colSpan={columns} className="bg-gray-50 font-semibold">
                {d.name ?? t("dashboard.no_division")}
              </th>
            </tr>
          )}
          {d.teams.flatMap((team) => [
            showTeams ? (
              <tr key={`team-${team.id ?? "none"}`}>
                <th scope="rowgroup" colSpan={columns} className="text-gray-800">
                  {team.name ?? t("badging.no_team")}
                </th>
              </tr>
            ) : null,
            ...team.employees.map((e) => (
              <tr key={e.id} data-testid={`excerpt-${e.id}`}>
                <th scope="row" className="whitespace-nowrap">
                  <Link to={e.planningHref} className="btn-link">
                    {e.fullname}
                  </Link>
                </th>
                {e.cells.map((cell, i) => (
                  <td key={i} className="text-center">
                    <ExcerptBadge cell={cell} />
                  </td>
                ))}
              </tr>
            )),
          ])}
        </tbody>
      ))}
    </WideTable>
  );
}

const DAY_STYLE: Record<string, string> = {
  none: "bg-gray-300",
  weekend: "bg-gray-100 text-gray-700",
  holiday: "bg-gray-100 text-gray-800",
  closed: "bg-gray-100 text-gray-800",
  moved: "bg-yellow-50 text-yellow-950",
  workday: "",
  leave: "",
};

/** The employee's own planning: 31 day rows by month columns. */
export function PersonalPlanning({ months, rows }: { months: MonthKey[]; rows: PersonalCell[][] }) {
  return (
    <WideTable label={t("dashboard.planning.me")} testId="personal-planning" className="relative">
      <thead>
        <tr>
          <th scope="col">{t("dashboard.planning.day")}</th>
          {months.map((m) => (
            <th key={`${m.year}-${m.month}`} scope="col" className="capitalize">
              {monthName(m)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{i + 1}</th>
            {row.map((cell, j) => (
              <td key={j} className={`text-center ${DAY_STYLE[cell.kind] ?? ""}`} data-kind={cell.kind} data-date={"date" in cell ? cell.date : undefined}>
                <DayContent cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </WideTable>
  );
}

function DayContent({ cell }: { cell: PersonalCell }) {
  switch (cell.kind) {
    case "leave":
      return <LeaveBadge reason={cell.reason} review={cell.state === "need_review"} half={cell.half} />;
    case "holiday":
    case "closed":
    case "moved":
      return (
        <abbr title={t(`dashboard.planning.${cell.kind}`)} className="text-xs no-underline">
          {t(`dashboard.short.${cell.kind}`)}
        </abbr>
      );
    case "weekend":
      return <span className="sr-only">{t("dashboard.planning.weekend")}</span>;
    default:
      return null;
  }
}

/** The few words of the planning legend the dashboards need (the hatching, the short day marks). */
export function PlanningLegend({ personal }: { personal?: boolean }) {
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
      <span>
        <span className="dash-review mr-1 inline-block h-3 w-5 rounded border border-gray-300 align-middle" aria-hidden="true" />
        {t("dashboard.planning.legend.need_review")}
      </span>
      {personal && (
        <>
          <span>
            {t("dashboard.short.holiday")} : {t("dashboard.planning.holiday")}
          </span>
          <span>
            {t("dashboard.short.closed")} : {t("dashboard.planning.closed")}
          </span>
          <span>
            {t("dashboard.short.moved")} : {t("dashboard.planning.moved")}
          </span>
        </>
      )}
    </p>
  );
}

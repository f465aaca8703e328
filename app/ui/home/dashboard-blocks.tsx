import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { toDoItems, weekOvertime, type OvertimeTone } from "~/domain/home/dashboard";
import { formatFrDate } from "~/domain/shared/date-range";
import { formatDecimal, formatHoursMinutes, formatSignedHHhmm } from "~/domain/shared/number-format";
import { t, type MessageKey } from "~/i18n/fr";
import type { DashboardDivision, DashboardRequest, ScopeBlocks, ToDo } from "~/services/home/dashboard.server";
import { StateBadge } from "~/ui/time-clock/badging-legend";
import { frInstant, LeaveDates } from "~/ui/leave/form";
import { Pager } from "~/ui/shared/pager";
import { PlanningLegend } from "~/ui/planning/legend";
import { PlanningTableView } from "~/ui/planning/table";
import { WideTable } from "~/ui/shared/wide-table";

/** A dashboard block: a titled section with its "view entire" link at the bottom, when it has one. */
export function Block({ id, title, children, link }: { id: string; title: string; children: ReactNode; link?: { to: string; label: string } | null }) {
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4 shadow-sm" data-testid={id}>
      <h2 id={`${id}-title`} className="mb-3 text-base font-semibold text-gray-900">
        {title}
      </h2>
      {children}
      {link && (
        <p className="mt-3">
          <Link to={link.to} className="btn btn-secondary">
            {link.label}
          </Link>
        </p>
      )}
    </section>
  );
}

/** "To do" (beyond the spec): what awaits the viewer, each line leading to the page that settles it. */
export function ToDoBlock({ toDo }: { toDo: ToDo }) {
  const items = toDoItems(toDo.counts);
  return (
    <Block id="dash-todo" title={t("dashboard.todo.title")}>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.todo.empty")}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {items.map((item) => (
            <li key={item.kind} data-todo={item.kind}>
              <Link to={toDo.links[item.kind]} className="btn-link">
                {t(`dashboard.todo.${item.kind}` as MessageKey, { count: item.count })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

/** Requests as short cards: name (managers), reason, dates with the half-day mark, sent on. */
export function RequestList({ rows, withName, label }: { rows: DashboardRequest[]; withName: boolean; label: string }) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {rows.map((r) => (
        <li key={r.id} className="rounded-md border border-gray-200 p-3 text-sm" data-leave-id={r.id}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              to={`/leave/detail/${r.id}${withName ? "?from=waiting" : ""}`}
              className="btn-link font-medium"
              aria-label={withName ? t("dashboard.waiting.details", { name: r.fullname }) : undefined}
            >
              {withName ? r.fullname : r.reasonLabel}
            </Link>
            {r.urgent && <span className="badge-urgent">{t("leave.waiting.urgent")}</span>}
          </div>
          <dl className="item-card-fields mt-1">
            {withName && (
              <>
                <dt>{t("leave.field.reason")}</dt>
                <dd>{r.reasonLabel}</dd>
              </>
            )}
            <dt>{t("leave.field.dates")}</dt>
            <dd>
              <LeaveDates {...r} />
            </dd>
            <dt>{t("leave.field.sent_on")}</dt>
            <dd>{frInstant(r.createdAt)}</dd>
            {!withName && (
              <>
                <dt>{t("leave.field.state")}</dt>
                <dd>{r.stateLabel}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function WaitingBlock({ waiting }: { waiting: { rows: DashboardRequest[]; total: number } }) {
  return (
    <Block
      id="dash-waiting"
      title={t("dashboard.waiting.title")}
      link={{ to: "/leave/waiting", label: t("dashboard.waiting.view_all", { count: waiting.total }) }}
    >
      {waiting.rows.length === 0 ? (
        <p className="text-sm text-gray-700">{t("error.no_pending_request")}</p>
      ) : (
        <RequestList rows={waiting.rows} withName label={t("dashboard.waiting.title")} />
      )}
    </Block>
  );
}

const TONE_STYLE: Record<OvertimeTone, string> = {
  none: "border-gray-300 bg-gray-50 text-gray-800",
  under: "border-red-300 bg-red-50 text-red-900",
  over: "border-green-300 bg-green-50 text-green-900",
};

/** Rounded whole hours coloured by their sign, with the formatted hours and the tone in words beside them. */
export function OvertimeBadge({ seconds }: { seconds: number }) {
  const { hours, tone } = weekOvertime(seconds);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span
        className={`inline-block min-w-12 rounded-full border px-2 py-0.5 text-center text-xs font-semibold ${TONE_STYLE[tone]}`}
        data-tone={tone}
        title={formatSignedHHhmm(seconds)}
      >
        {t("dashboard.overtime.hours", { hours: hours > 0 ? `+${hours}` : hours })}
        <span className="sr-only"> ({t(`dashboard.overtime.tone.${tone}`)})</span>
      </span>
      <span className="text-xs text-gray-700 tabular-nums">{formatSignedHHhmm(seconds)}</span>
    </span>
  );
}

/** Which employees of the scope a block shows, when they do not all fit on one page (decision 0054). */
function MoreEmployees({ blocks }: { blocks: ScopeBlocks }) {
  if (blocks.total <= blocks.shown) return null;
  const n = (value: number) => formatDecimal(value, { maxDigits: 0 });
  const range = { from: n(blocks.first), to: n(blocks.first + blocks.shown - 1), total: n(blocks.total) };
  return (
    <p className="mt-2 text-sm text-gray-700" data-testid="dash-shown">
      {t(blocks.links ? "dashboard.more_employees" : "dashboard.more_employees_paged", range)}
    </p>
  );
}

function teamsOf(divisions: DashboardDivision[]) {
  return divisions.flatMap((d) => d.teams.map((team) => ({ division: d, team })));
}

/** Badgings today: per team (its acronym), each employee's acronym and state badge (colour and text). */
function BadgingsBlock({ blocks }: { blocks: ScopeBlocks }) {
  const groups = teamsOf(blocks.divisions)
    .map(({ division, team }) => ({ division, team, employees: team.employees.filter((e) => e.state !== null) }))
    .filter((g) => g.employees.length > 0);
  return (
    <Block
      id="dash-badgings"
      title={t("dashboard.badgings.title")}
      link={blocks.links && { to: blocks.links.badging, label: t("dashboard.badgings.view_all") }}
    >
      {groups.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.badgings.nobody")}</p>
      ) : (
        <div className="space-y-3">
          {groups.map(({ division, team, employees }) => (
            <div key={`${division.id}-${team.id}`}>
              <h3 className="mb-1 text-sm font-medium text-gray-900">
                {team.acronym ? <abbr title={team.name ?? ""}>{team.acronym}</abbr> : t("badging.no_team")}
                {blocks.divisions.length > 1 && <span className="font-normal text-gray-700"> · {division.name ?? t("dashboard.no_division")}</span>}
              </h3>
              <ul className="flex flex-wrap gap-2">
                {employees.map((e) => (
                  <li key={e.id} className="inline-flex items-center gap-1 text-sm" data-testid={`badging-${e.id}`}>
                    <abbr title={e.fullname} className="font-mono text-xs font-semibold no-underline">
                      {e.acronym}
                    </abbr>
                    <StateBadge state={e.state!} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      <MoreEmployees blocks={blocks} />
    </Block>
  );
}

/** Overtime of the week: per employee (acronym and name), rounded hours coloured, formatted hours as text. */
function OvertimeBlock({ blocks, monday }: { blocks: ScopeBlocks; monday: string }) {
  const employees = teamsOf(blocks.divisions).flatMap(({ team }) => team.employees.filter((e) => e.state !== null).map((e) => ({ e, team })));
  return (
    <Block
      id="dash-overtime"
      title={t("dashboard.overtime.title")}
      link={blocks.links && { to: blocks.links.overtime, label: t("dashboard.overtime.view_all") }}
    >
      <p className="mb-2 text-xs text-gray-700">{t("dashboard.overtime.since", { monday: formatFrDate(monday) })}</p>
      {employees.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.badgings.nobody")}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {employees.map(({ e, team }) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-1" data-testid={`overtime-${e.id}`}>
              <span>
                <abbr title={team.name ?? ""} className="mr-1 font-mono text-xs text-gray-700 no-underline">
                  {team.acronym ?? "—"}
                </abbr>
                <abbr title={e.fullname} className="mr-1 font-mono text-xs font-semibold no-underline">
                  {e.acronym}
                </abbr>
                <span>{e.fullname}</span>
              </span>
              {e.weekSeconds === null ? (
                <span className="text-xs text-gray-700">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{t("dashboard.overtime.not_computed")}</span>
                </span>
              ) : (
                <OvertimeBadge seconds={e.weekSeconds} />
              )}
            </li>
          ))}
        </ul>
      )}
      <MoreEmployees blocks={blocks} />
    </Block>
  );
}

/** The three blocks of a manager scope (a team, a division, a subsidiary tab). */
export function ScopeBlocksView({
  blocks,
  planningTitle,
  showDivision,
  empty,
  monday,
  query,
}: {
  blocks: ScopeBlocks;
  planningTitle: string;
  /** Group titles name the division too (agency), as on the planning pages. */
  showDivision: boolean;
  empty: string;
  monday: string;
  /** The page links keep these parameters (the agency tab). */
  query: Record<string, string>;
}) {
  if (blocks.total === 0) {
    return (
      <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700" data-testid="dash-empty">
        {empty}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <Pager base="/" query={query} page={blocks.page} pages={blocks.pages} label={t("dashboard.pages")} />
      <Block id="dash-planning" title={planningTitle} link={blocks.links && { to: blocks.links.planning, label: t("dashboard.planning.view_all") }}>
        <PlanningTableView label={planningTitle} table={blocks.planning} showDivision={showDivision} testId="planning-excerpt" />
        <PlanningLegend />
        <MoreEmployees blocks={blocks} />
      </Block>
      <div className="grid gap-4 lg:grid-cols-2">
        <BadgingsBlock blocks={blocks} />
        <OvertimeBlock blocks={blocks} monday={monday} />
      </div>
    </div>
  );
}

/** The employee's own overtime, one row per day from Monday to today. */
export function OwnOvertimeTable({ rows }: { rows: { date: string; workedSeconds: number | null; overtimeSeconds: number | null; anomaly: boolean }[] }) {
  return (
    <WideTable label={t("dashboard.mine.overtime")} testId="own-overtime" className="relative">
      <thead>
        <tr>
          <th scope="col">{t("dashboard.col.day")}</th>
          <th scope="col">{t("dashboard.col.worked")}</th>
          <th scope="col">{t("dashboard.col.overtime")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.date} data-date={r.date}>
            <th scope="row" className="whitespace-nowrap">
              {formatFrDate(r.date)}
            </th>
            <td className="whitespace-nowrap">{r.workedSeconds === null ? "—" : formatHoursMinutes(r.workedSeconds)}</td>
            <td className="whitespace-nowrap">
              {r.overtimeSeconds === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{t("dashboard.overtime.not_computed")}</span>
                </>
              ) : (
                <OvertimeBadge seconds={r.overtimeSeconds} />
              )}
              {r.anomaly && <span className="ml-2 text-xs text-red-800">({t("dashboard.mine.anomaly")})</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </WideTable>
  );
}

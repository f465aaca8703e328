import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import { leavePeriodText } from "~/domain/leave/period-text";
import { balanceAfterLeave, leaveScheduleLink } from "~/domain/leave/decision-card";
import { formatDays, formatDecimal, formatDecimalHours, formatHoursMinutes } from "~/domain/shared/number-format";
import { WaitingFilter } from "~/forms/leave.server";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError } from "~/services/shared/errors";
import { decideLeave } from "~/services/leave/decision.server";
import { decisionNotice } from "~/services/leave/decision-views.server";
import { teamAbsences } from "~/services/leave/decision-views.server";
import { waitingPage, type WaitingPage } from "~/services/leave/lists.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ownWaitingKey } from "~/services/leave/scope.server";
import { type LeaveView } from "~/services/leave/leave.server";
import { orLeavePageNotFound } from "~/services/leave/requests.server";
import { frInstant, leaveDatesText, LeaveStateBadge } from "~/ui/leave/form";
import { useLinkDelegation } from "~/ui/shared/links";
import { LeaveTabs } from "~/ui/leave/tabs";
import { LeaveDecisionDialog } from "~/ui/leave/decision";
import { Pager } from "~/ui/shared/pager";
import { WideTable } from "~/ui/shared/wide-table";

export const meta: MetaFunction = () => [{ title: `${t("leave.waiting.title")} · ${t("app.title")}` }];

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const EMPTY: Record<string, MessageKey> = {
  pending: "error.no_pending_request",
  accepted: "error.no_accepted_request",
  rejected: "error.no_rejected_request",
};

/** /leave/waiting: the GET filters (year, month, employee), then the tab (pending cards, accepted/rejected tables). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const filter = WaitingFilter.parse(search);
  const em = await getEm();
  const page = await waitingPage(em, user, filter);
  // The leave being confirmed (`?confirm=validate-17`) is the only one whose version the page needs (its dialog).
  const confirming = /^(?:validate|refuse)-(\d{1,9})$/.exec(new URL(request.url).searchParams.get("confirm") ?? "");
  // Who else of each request's team is away on its dates: one query for the page (issue 28 item 3).
  const away = page.tab === "pending" ? await teamAbsences(em, page.leaves.map((l) => l.id)) : new Map();
  const places = new Map(page.places.map((r) => [r.id, r]));
  // What the cards and rows show, ready to print (docs/decisions/0027, 0032): the loader data goes with the page.
  const leaves = page.leaves.map((l) => ({
    id: l.id,
    name: l.employee.fullname,
    reasonLabel: l.reasonLabel,
    dates: leaveDatesText(l),
    days: l.reason === "RECOVERY_LEAVE" ? formatDecimalHours(l.nbHourAbsence ?? 0) : formatDays(l.numberDaysWork),
    sentOn: frInstant(l.createdAt),
    stateLabel: l.stateLabel,
    // Absent rather than false or null: a key costs about 8 bytes per card in the loader data.
    ...(l.urgent ? { urgent: true } : {}),
    ...(l.comment ? { comment: l.comment } : {}),
    ...(page.tab === "pending" ? {} : { status: l.status, decidedOn: frInstant(l.updatedAt) }),
    ...(confirming && Number(confirming[1]) === l.id ? { version: l.version, period: leavePeriodText(l) } : {}),
    ...(page.tab === "pending" ? pendingExtras(l, places.get(l.id), away.get(l.id) ?? [], user) : {}),
    ...(page.tab === "pending" ? forWhom(places.get(l.id)?.waitingFor, page.standingIn, user) : {}),
  }));
  const { places: _places, standingIn, ...rest } = page;
  // Whom a deputy replaces, said above the cards (issue 41): "Vous remplacez X jusqu'au 18/12/2026."
  const replacing = standingIn.map((s) => t("deputy.standing_in", { name: s.managerName, to: frDate(s.endsOn) }));
  return { ...rest, leaves, replacing };
}

/** The manager a pending card awaits when the viewer decides it as their deputy ("Pour X"), none for their own step. */
function forWhom(waitingFor: string | null | undefined, standingIn: WaitingPage["standingIn"], user: CurrentUser): { forManager?: string } {
  if (!waitingFor || standingIn.length === 0 || waitingFor === ownWaitingKey(user)) return {};
  const manager = standingIn.find((s) => s.key === waitingFor);
  return manager ? { forManager: t("deputy.waiting.for", { manager: manager.managerName }) } : {};
}

/** A pending card's decision aids (issue 28 item 3): its own schedule link, the balance after it, who else is away. */
function pendingExtras(
  l: LeaveView,
  place: WaitingPage["places"][number] | undefined,
  away: { name: string; start: string; end: string; halfDayMorning: boolean; halfDayAfternoon: boolean; pending: boolean }[],
  user: CurrentUser,
): { schedule?: string; balanceAfter?: string; away?: string[] } {
  if (!place) return {};
  // The pending tab lists only what the viewer decides (their own step, or a manager's they stand in for today): the
  // balance after the leave is the decision aid the manager would see, read from the place's counters (a deputy's
  // view of the leave hides the counters themselves, DESIGN §5; decision 0128). Reasons that move no counter
  // (sickness, family events) give "none": nothing private is told.
  const c = place.counters;
  const after = !c
    ? null
    : balanceAfterLeave(
        { reason: l.reason ?? "", days: l.numberDaysWork, hours: l.nbHourAbsence },
        {
          vacation: {
            earnedLastYear: c.holidayEarnedLastYear,
            takenLastYear: c.holidayTakenLastYear,
            earnedThisYear: c.holidayEarnedThisYear,
            takenThisYear: c.holidayTakenThisYear,
          },
          recovery: { earned: c.recoveryEarned, taken: c.recoveryTaken },
        },
      );
  const schedule = leaveScheduleLink(user, { ...place, start: l.start, end: l.end });
  return {
    ...(schedule ? { schedule } : {}),
    balanceAfter: !after
      ? undefined
      : after.kind === "days"
        ? t("leave.waiting.balance_after_days", { days: formatDecimal(after.value) })
        : after.kind === "seconds"
          ? t("leave.waiting.balance_after_hours", { hours: formatHoursMinutes(after.value) })
          : t("leave.waiting.balance_none"),
    away: away.map((a) =>
      t("leave.waiting.team_away_item", { name: a.name, period: leavePeriodText(a), pending: a.pending ? t("leave.waiting.team_away_pending") : "" }),
    ),
  };
}

/** intent = validate-<id> | refuse-<id>, with the version the manager saw (two managers at once: one wins). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const url = new URL(request.url);
  const session = await getSession(request);
  const m = /^(validate|refuse)-(\d{1,9})$/.exec(String(form.get("intent") ?? ""));
  try {
    if (!m) throw new AppError(400, t("error.generic"));
    const version = Number(form.get("version"));
    const decision = m[1] as "validate" | "refuse";
    const done = await orLeavePageNotFound(
      decideLeave(await getEm(), user, Number(m[2]), decision, {
        expectedVersion: Number.isSafeInteger(version) && version > 0 ? version : undefined,
        refusalReason: decision === "refuse" ? String(form.get("refusalReason") ?? "") : null,
      }),
    );
    pushAlert(session, "success", decisionNotice(decision, done));
    if (done.notice) pushAlert(session, "warning", done.notice);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.violations[0]?.message ?? error.message);
  }
  return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function WaitingLeaves() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  const onLinkClick = useLinkDelegation();
  // The confirm step of a card is `?confirm=validate-17` (one GET form per list, below); `here` is the page without it.
  const search = new URLSearchParams(location.search);
  const confirming = /^(validate|refuse)-(\d+)$/.exec(search.get("confirm") ?? "");
  search.delete("confirm");
  const here = location.pathname + (search.size > 0 ? `?${search}` : "");
  const query: Record<string, string> = {
    year: String(page.filter.year),
    month: String(page.filter.month),
    employee: String(page.filter.employee),
    ...(page.filter.name ? { name: page.filter.name } : {}),
  };
  // The pending tab's page, kept by the confirm step (and so by the decision's redirect back here).
  const paged = page.pager.page > 1 ? { page: String(page.pager.page) } : {};
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("leave.waiting.title")}</h1>
      {page.replacing.length > 0 && (
        // A deputy reads whom she replaces before the list (issue 41).
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="deputy-replacing">
          {page.replacing.join(" ")}
        </p>
      )}
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-md border border-gray-200 bg-white p-3" aria-label={t("leave.waiting.filters")}>
        <input type="hidden" name="tab" value={page.tab} />
        {page.tab === "pending" ? (
          <>
            {/* The pending tab lists everything awaiting the viewer, whatever its month: year and month are kept
                for the other tabs only. */}
            <input type="hidden" name="year" value={page.filter.year} />
            <input type="hidden" name="month" value={String(page.filter.month)} />
          </>
        ) : (
          <>
          <div>
            <label htmlFor="filter-year" className="field-label">
              {t("leave.field.year")}
            </label>
            <select id="filter-year" name="year" defaultValue={page.filter.year} className="field-input">
              {page.years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-month" className="field-label">
              {t("leave.field.month")}
            </label>
            <select id="filter-month" name="month" defaultValue={String(page.filter.month)} className="field-input">
              <option value="all">{t("leave.field.all_months")}</option>
              {MONTHS.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          </>
        )}
        {page.employeeSearch ? (
          // A scope of thousands (management): a name field rather than a list of every employee (decision 0065).
          <div>
            <label htmlFor="filter-name" className="field-label">
              {t("leave.field.employee_name")}
            </label>
            <input id="filter-name" name="name" type="search" defaultValue={page.filter.name} maxLength={60} className="field-input" />
            {page.filter.employee !== "all" && <input type="hidden" name="employee" value={page.filter.employee} />}
          </div>
        ) : (
          <div>
            <label htmlFor="filter-employee" className="field-label">
              {t("leave.field.employee")}
            </label>
            <select id="filter-employee" name="employee" defaultValue={String(page.filter.employee)} className="field-input">
              <option value="all">{t("leave.field.all_employees")}</option>
              {page.employees.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.fullname}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="btn btn-secondary">
          {t("leave.waiting.filter_submit")}
        </button>
      </Form>
      <LeaveTabs base="/leave/waiting" current={page.tab} query={query} />
      {page.tab === "pending" && (
        // Decision 0024: the pending tab lists every request awaiting the viewer, whatever its year and month; said
        // above the cards so nobody believes the filter applies (issue 29 item 9).
        <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="pending-all-months">
          {t("leave.waiting.pending_all_months")}
        </p>
      )}
      {page.leaves.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700">{t(EMPTY[page.tab]!)}</p>
      ) : page.tab === "pending" ? (
        <>
          <Form method="get" id="confirm-step" preventScrollReset discover="none">
            {Object.entries({ ...query, tab: page.tab, ...paged }).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          </Form>
          <p className="text-sm text-gray-700">{t("leave.waiting.count", { n: page.pager.total })}</p>
          <ul className="cards" aria-label={t("leave.tab.pending")} onClick={onLinkClick}>
            {page.leaves.map((l) => (
              <li key={l.id} data-leave-id={l.id}>
                <header>
                  <h2>{l.name}</h2>
                  {l.urgent && <span>{t("leave.waiting.urgent")}</span>}
                </header>
                {l.forManager && <p data-testid="card-for-manager">{l.forManager}</p>}
                <dl>
                  <dt>{t("leave.field.reason")}</dt>
                  <dd>{l.reasonLabel}</dd>
                  <dt>{t("leave.field.dates")}</dt>
                  <dd>{l.dates}</dd>
                  <dt>{t("leave.field.days")}</dt>
                  <dd>{l.days}</dd>
                  <dt>{t("leave.field.sent_on")}</dt>
                  <dd>{l.sentOn}</dd>
                  <dt>{t("leave.field.state")}</dt>
                  <dd>{l.stateLabel}</dd>
                  {l.comment && (
                    <>
                      <dt>{t("leave.field.comment")}</dt>
                      <dd className="whitespace-pre-line">{l.comment}</dd>
                    </>
                  )}
                  {l.balanceAfter && (
                    <>
                      <dt>{t("leave.waiting.balance_after")}</dt>
                      <dd data-testid="balance-after">{l.balanceAfter}</dd>
                    </>
                  )}
                  {l.away && (
                    <>
                      <dt>{t("leave.waiting.team_away")}</dt>
                      <dd data-testid="team-away">{l.away.length === 0 ? t("leave.waiting.team_away_none") : l.away.join(" ; ")}</dd>
                    </>
                  )}
                </dl>
                <p>
                  {/* Plain links: the list's one click handler makes them client navigations (~/ui/links). */}
                  <a href={`/leave/detail/${l.id}?from=waiting`}>{t("leave.waiting.details")}</a>
                  {l.schedule && (
                    <>
                      {" · "}
                      <a href={l.schedule} data-testid="card-schedule">
                        {t("leave.waiting.card_schedule_link")}
                      </a>
                    </>
                  )}
                </p>
                <div>
                  {/* Submit buttons (the default type) of the list's confirm-step form. */}
                  <button form="confirm-step" name="confirm" value={`refuse-${l.id}`} className="btn btn-danger" aria-label={`${t("leave.waiting.reject")} ${l.name}`}>
                    {t("leave.waiting.reject")}
                  </button>
                  <button form="confirm-step" name="confirm" value={`validate-${l.id}`} className="btn btn-primary" aria-label={`${t("leave.waiting.validate")} ${l.name}`}>
                    {t("leave.waiting.validate")}
                  </button>
                </div>
                {confirming && Number(confirming[2]) === l.id && (
                  <LeaveDecisionDialog
                    decision={confirming[1] as "validate" | "refuse"}
                    leave={{ id: l.id, name: l.name, reasonLabel: l.reasonLabel, period: l.period ?? "" }}
                    intent={`${confirming[1]}-${l.id}`}
                    version={l.version ?? ""}
                    back={here}
                  />
                )}
              </li>
            ))}
          </ul>
          <Pager
            base="/leave/waiting"
            query={{ ...query, tab: page.tab }}
            page={page.pager.page}
            pages={page.pager.pages}
            label={t("leave.waiting.pages")}
          />
        </>
      ) : (
        <WideTable label={t(`leave.tab.${page.tab}` as MessageKey)}>
          <thead>
            <tr>
              <th scope="col">{t("leave.field.employee")}</th>
              <th scope="col">{t("leave.field.reason")}</th>
              <th scope="col">{t("leave.field.dates")}</th>
              <th scope="col">{t("leave.field.sent_on")}</th>
              <th scope="col">{t(page.tab === "accepted" ? "leave.field.accepted_on" : "leave.field.rejected_on")}</th>
              <th scope="col">{t("leave.field.state")}</th>
            </tr>
          </thead>
          <tbody onClick={onLinkClick}>
            {page.leaves.map((l) => (
              <tr key={l.id}>
                <th scope="row">{l.name}</th>
                <td>
                  <a href={`/leave/detail/${l.id}?from=waiting`} className="btn-link">
                    {l.reasonLabel}
                  </a>
                </td>
                <td>{l.dates}</td>
                <td>{l.sentOn}</td>
                <td>{l.decidedOn}</td>
                <td>
                  <LeaveStateBadge status={l.status ?? ""} label={l.stateLabel} />
                </td>
              </tr>
            ))}
          </tbody>
        </WideTable>
      )}
      {page.tab !== "pending" && (
        <Pager base="/leave/waiting" query={{ ...query, tab: page.tab }} page={page.pager.page} pages={page.pager.pages} label={t("leave.waiting.pages")} />
      )}
    </div>
  );
}

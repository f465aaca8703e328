import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CLOCK_ACTIONS, type ClockAction } from "~/domain/time-clock/clock-state";
import { dashboardVariant } from "~/domain/home/dashboard";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { requestNow } from "~/server/shared/clock.server";
import { localDate, mondayToToday } from "~/server/shared/dates.server";
import { getEm } from "~/server/shared/orm.server";
import { requestState } from "~/server/shared/request-state.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { loadDashboard, type Dashboard } from "~/services/home/dashboard.server";
import { AppError } from "~/services/shared/errors";
import { homeClock, type ClockSummary } from "~/services/home/home-clock.server";
import { leaveBalances, type LeaveBalances } from "~/services/leave/leave.server";
import { clockAction } from "~/services/time-clock/time-clock.server";
import { ClockButtons, ClockStateWords } from "~/ui/time-clock/clock-buttons";
import { LeaveBalanceTable } from "~/ui/leave/balance-table";
import {
  Block,
  OwnOvertimeTable,
  RequestList,
  ScopeBlocksView,
  ToDoBlock,
  WaitingBlock,
} from "~/ui/home/dashboard-blocks";
import { monthTitle, PlanningCalendar } from "~/ui/planning/calendar";
import { PlanningLegend } from "~/ui/planning/legend";

export const meta: MetaFunction = () => [
  { title: `${t("dashboard.title")} · ${t("app.title")}` },
];

/**
 * Home: the dashboard of the viewer's role (spec 2 "Dashboards", DESIGN §9, docs/decisions/0051). The agency tabs
 * are links (`?tab=<subsidiary id>`) and the pages of a large scope too (`?page=`, decision 0054), so they work
 * without JavaScript. The menu counters come from the shell's one
 * query (server/shared/request-state.server.ts) and are not read again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { counters } = await requestState(request);
  const params = new URL(request.url).searchParams;
  const now = requestNow(request);
  const em = await getEm();
  // Today's clock for everyone who badges, and the leave balances on the employee home (issue 28 item 1).
  const [dashboard, clock, balances] = await Promise.all([
    loadDashboard(em, user, counters, { tab: params.get("tab"), page: params.get("page") }, now),
    homeClock(em, user, now),
    dashboardVariant(user.profileType) === "employee" ? leaveBalances(em, user) : Promise.resolve(null),
  ]);
  return {
    dashboard,
    clock,
    balances,
    monday: mondayToToday(localDate(now, "Europe/Paris"))[0]!,
  };
}

/**
 * The home page's clock buttons (issue 28 item 1): one tap from the home page, the same use case as the badging page
 * (its state machine answers a stale button with a 409, said in an alert); back to the home page with the result.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const intent = String((await request.formData()).get("intent") ?? "");
  const session = await getSession(request);
  if (!(CLOCK_ACTIONS as readonly string[]).includes(intent)) {
    pushAlert(session, "danger", t("time_clock.error.unknown_action"));
  } else if (!user.timeRegistration) {
    return data({ refused: t("time_clock.error.registration_off") }, { status: 409 });
  } else {
    try {
      const view = await clockAction(await getEm(), user, intent as ClockAction, requestNow(request));
      const before = view.logs.at(-2)?.type;
      const resumed = intent === "start" && (before === "PAUSE" || before === "LUNCH");
      pushAlert(session, "success", t(resumed ? "success.clock.resume" : (`success.clock.${intent}` as MessageKey)));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      pushAlert(session, "danger", error.message);
    }
  }
  return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Today's clock on the home page: the state in words, the worked time, the buttons the state allows. */
function HomeClockBlock({ clock }: { clock: ClockSummary }) {
  const navigation = useNavigation();
  return (
    <Block id="dash-clock" title={t("time_clock.home.title")} link={{ to: "/time-clock/badging", label: t("time_clock.home.link") }}>
      <div className="space-y-3">
        <ClockStateWords summary={clock} />
        <p className="text-sm text-gray-800" data-testid="home-worked">
          {t("time_clock.home.worked", { time: formatHoursMinutes(clock.workedSeconds), expected: formatHoursMinutes(clock.expectedSeconds) })}
        </p>
        {!clock.onLeave && <ClockButtons summary={clock} action="/?index" cancelHref="/" busy={navigation.state === "submitting"} />}
      </div>
    </Block>
  );
}

function Title({ name }: { name: string }) {
  return (
    <h1 className="text-2xl font-semibold">
      {name ? t("dashboard.title_with", { name }) : t("dashboard.title")}
    </h1>
  );
}

export default function Home() {
  const { dashboard, monday, clock, balances } = useLoaderData<typeof loader>();
  const d = dashboard as Dashboard;
  const clockBlock = clock ? <HomeClockBlock clock={clock as ClockSummary} /> : null;
  switch (d.variant) {
    case "pending":
      return (
        <div className="space-y-4" data-variant={d.variant}>
          <Title name={d.title} />
          {clockBlock}
          <PendingBlock rows={d.pending} />
        </div>
      );
    case "employee":
      return (
        <div className="space-y-4" data-variant={d.variant}>
          <Title name={d.title} />
          <div className="grid gap-4 lg:grid-cols-2">
            {clockBlock}
            {balances && (
              <Block id="dash-balances" title={t("leave.balance.title")}>
                <LeaveBalanceTable balances={balances as LeaveBalances} />
              </Block>
            )}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <PendingBlock rows={d.pending} />
            <Block
              id="dash-own-overtime"
              title={t("dashboard.mine.overtime")}
              link={{
                to: "/overtime/me",
                label: t("dashboard.mine.overtime_link"),
              }}
            >
              <OwnOvertimeTable rows={d.overtime} />
            </Block>
          </div>
          <Block
            id="dash-own-planning"
            title={t("dashboard.planning.me")}
            link={{
              to: "/planning/me",
              label: t("dashboard.mine.planning_link"),
            }}
          >
            <PlanningCalendar
              label={t("dashboard.planning.me")}
              columns={d.planning.months.map(monthTitle)}
              rows={d.planning.rows}
              testId="personal-planning"
            />
            <PlanningLegend />
          </Block>
        </div>
      );
    case "team":
    case "division":
      return (
        <div className="space-y-4" data-variant={d.variant}>
          <Title name={d.title} />
          {clockBlock}
          <div className="grid gap-4 lg:grid-cols-2">
            <ToDoBlock toDo={d.toDo} />
            <WaitingBlock waiting={d.waiting} />
          </div>
          <ScopeBlocksView
            blocks={d.blocks}
            planningTitle={t(
              d.variant === "team"
                ? "dashboard.planning.team"
                : "dashboard.planning.division"
            )}
            showDivision={false}
            empty={t(
              d.variant === "team"
                ? "error.no_employee_in_team"
                : "error.no_employee_in_division"
            )}
            monday={monday}
            query={{}}
          />
        </div>
      );
    case "agency":
      return (
        <div className="space-y-4" data-variant={d.variant}>
          <Title name={d.title} />
          {clockBlock}
          <div className="grid gap-4 lg:grid-cols-2">
            <ToDoBlock toDo={d.toDo} />
            <WaitingBlock waiting={d.waiting} />
          </div>
          {d.tabs.length > 0 && (
            <section
              aria-labelledby="dash-agencies-title"
              className="space-y-3"
            >
              <h2 id="dash-agencies-title" className="text-lg font-semibold">
                {t("dashboard.agencies")}
              </h2>
              <nav aria-label={t("dashboard.agencies")}>
                <ul className="flex flex-wrap gap-1 border-b border-gray-200">
                  {d.tabs.map((tab) => {
                    const active = tab.id === d.tab;
                    return (
                      <li key={tab.id}>
                        <Link
                          to={`/?tab=${tab.id}`}
                          aria-current={active ? "page" : undefined}
                          className={`-mb-px inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                            active
                              ? "border-sky-700 text-sky-800"
                              : "border-transparent text-gray-700 hover:text-gray-900"
                          }`}
                          data-tab={tab.id}
                        >
                          {tab.name}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </nav>
              {d.blocks && (
                <ScopeBlocksView
                  blocks={d.blocks}
                  planningTitle={t("dashboard.planning.agency")}
                  showDivision
                  empty={t("error.no_employee_in_subsidiary")}
                  monday={monday}
                  query={d.tab === null ? {} : { tab: String(d.tab) }}
                />
              )}
            </section>
          )}
        </div>
      );
  }
}

function PendingBlock({
  rows,
}: {
  rows: Extract<Dashboard, { variant: "pending" }>["pending"];
}) {
  return (
    <Block
      id="dash-pending"
      title={t("dashboard.mine.pending")}
      link={{ to: "/leave/me", label: t("dashboard.mine.pending_link") }}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-gray-700">{t("error.no_pending_request")}</p>
      ) : (
        <RequestList
          rows={rows}
          withName={false}
          label={t("dashboard.mine.pending")}
        />
      )}
    </Block>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { localDate, mondayToToday } from "~/server/dates.server";
import { getEm } from "~/server/orm.server";
import { requestState } from "~/server/request-state.server";
import { loadDashboard, type Dashboard } from "~/services/dashboard.server";
import {
  Block,
  OwnOvertimeTable,
  RequestList,
  ScopeBlocksView,
  ToDoBlock,
  WaitingBlock,
} from "~/ui/dashboard-blocks";
import { monthTitle, PlanningCalendar } from "~/ui/planning-calendar";
import { PlanningLegend } from "~/ui/planning-legend";

export const meta: MetaFunction = () => [
  { title: `${t("dashboard.title")} · ${t("app.title")}` },
];

/**
 * Home: the dashboard of the viewer's role (spec 2 "Dashboards", DESIGN §9, docs/decisions/0051). The agency tabs
 * are links (`?tab=<subsidiary id>`) and the pages of a large scope too (`?page=`, decision 0054), so they work
 * without JavaScript. The menu counters come from the shell's one
 * query (request-state.server.ts) and are not read again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { counters } = await requestState(request);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const dashboard = await loadDashboard(
    await getEm(),
    user,
    counters,
    { tab: params.get("tab"), page: params.get("page") },
    now
  );
  return {
    dashboard,
    monday: mondayToToday(localDate(now, "Europe/Paris"))[0]!,
  };
}

function Title({ name }: { name: string }) {
  return (
    <h1 className="text-2xl font-semibold">
      {name ? t("dashboard.title_with", { name }) : t("dashboard.title")}
    </h1>
  );
}

export default function Home() {
  const { dashboard, monday } = useLoaderData<typeof loader>();
  const d = dashboard as Dashboard;
  switch (d.variant) {
    case "pending":
      return (
        <div className="space-y-4" data-variant={d.variant}>
          <Title name={d.title} />
          <PendingBlock rows={d.pending} />
        </div>
      );
    case "employee":
      return (
        <div className="space-y-4" data-variant={d.variant}>
          <Title name={d.title} />
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

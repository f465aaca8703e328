import { data, redirect } from "@remix-run/node";
import { dashboardPage } from "~/domain/home/dashboard";
import { changedEnd } from "~/domain/shared/date-range";
import { searchDate } from "~/domain/shared/date-window";
import { toPlanningFilter, type EventDayType } from "~/domain/planning/planning";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { AppError, NotFoundError } from "~/services/shared/errors";
import { addEventDay, removeEventDay } from "~/services/organisation/event-days.server";
import { personalPlanning } from "~/services/planning/planning.server";
import { planningFilterOptions, planningTable, resolvePlanningScope, type PlanningTableView } from "~/services/planning/table.server";
import { planningRange } from "~/domain/planning/rules";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";

/** Loaders and actions of the planning pages: the personal planning (me, employee) and the three tables. */

function today(): string {
  return localDate(new Date(), "Europe/Paris");
}

function notFound(error: unknown): never {
  if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
  throw error;
}

/** The yearly calendar of oneself (`"me"`) or of an employee in scope (else 404). */
export async function personalPlanningLoader(request: Request, who: "me" | string | undefined) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  let employeeId = user.employeeId;
  if (who !== "me") {
    if (!/^\d{1,9}$/.test(who ?? "")) throw new Response(null, { status: 404 });
    employeeId = Number(who);
    if (employeeId === user.employeeId) throw redirect(`/planning/me${url.search}`);
  }
  const day = today();
  const filter = toPlanningFilter(url.searchParams.get("filter"));
  let page;
  try {
    page = await personalPlanning(await getEm(), user, employeeId, { year: url.searchParams.get("year"), filter }, day);
  } catch (error) {
    notFound(error);
  }
  // The confirmation of one event day's removal (docs/decisions/0027: a GET link, then the dialog).
  const confirmId = Number(url.searchParams.get("remove"));
  const confirm = page.own ? (page.eventDays.find((d) => d.id === confirmId) ?? null) : null;
  return {
    ...page,
    today: day,
    minDate: "2020-01-01",
    maxDate: addDays(day, 730),
    confirm,
  };
}

export interface EventDayFailure {
  error: string;
  field: "date" | "type" | null;
  values: { date: string; type: string };
}

/** `intent=add` (a date and a type) or `intent=remove` (an id), on one's own planning only. Post/Redirect/Get. */
export async function personalPlanningAction(request: Request) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const session = await getSession(request);
  const em = await getEm();
  const year = (date: string) => date.slice(0, 4);
  if (intent === "add") {
    const values = { date: String(form.get("date") ?? ""), type: String(form.get("type") ?? "") };
    try {
      const added = await addEventDay(em, user, { date: values.date, type: values.type as EventDayType }, today());
      pushAlert(session, "success", t("planning.success.event_day_added"));
      if (added.notice) pushAlert(session, "warning", added.notice);
      return redirect(`/planning/me?year=${year(added.date)}`, { headers: { "Set-Cookie": await commitSession(session) } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const violation = error.violations[0];
      const field = (violation?.propertyPath as "date" | "type" | undefined) ?? "date";
      return data<EventDayFailure>({ error: violation?.message ?? error.message, field, values }, { status: 400 });
    }
  }
  if (intent === "remove") {
    try {
      const removed = await removeEventDay(em, user, Number(form.get("id")));
      pushAlert(session, "success", t("planning.success.event_day_removed"));
      if (removed.notice) pushAlert(session, "warning", removed.notice);
      return redirect(`/planning/me?year=${year(removed.date)}`, { headers: { "Set-Cookie": await commitSession(session) } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      pushAlert(session, "danger", error.message);
      return redirect("/planning/me", { headers: { "Set-Cookie": await commitSession(session) } });
    }
  }
  pushAlert(session, "danger", t("error.generic"));
  return redirect("/planning/me", { headers: { "Set-Cookie": await commitSession(session) } });
}

/** The agency, division or team planning: the GET filter panel's values, the scope, the table. */
export async function planningTableLoader(request: Request, view: PlanningTableView) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const day = today();
  const date = (name: string) => searchDate(url.searchParams.get(name), day);
  const id = (name: string) => {
    const v = url.searchParams.get(name) ?? "";
    return /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  const ask = { subsidiaryId: id("subsidiary"), divisionId: id("division"), teamId: id("team") };
  const p = url.searchParams;
  const changed = changedEnd({ from: p.get("from"), to: p.get("to"), shownFrom: p.get("shownFrom"), shownTo: p.get("shownTo"), changed: p.get("changed") });
  const range = planningRange(date("from"), date("to"), changed, day);
  const em = await getEm();
  try {
    const scope = await resolvePlanningScope(em, user, view, ask);
    // The options depend on the subsidiary (agency view) or the viewer's division (division view) only: the scope
    // just resolved gives both, nothing is read twice.
    const [table, options] = await Promise.all([
      planningTable(em, user, scope, range, dashboardPage(url.searchParams.get("page"))),
      planningFilterOptions(em, user, view, scope),
    ]);
    return {
      view,
      range: { from: range.from, to: range.to },
      clamped: range.clamped,
      moved: range.moved,
      filters: { subsidiaryId: scope.subsidiaryId, divisionId: ask.divisionId, teamId: ask.teamId },
      options,
      table,
    };
  } catch (error) {
    notFound(error);
  }
}

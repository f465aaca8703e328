import { data, redirect } from "@remix-run/node";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { t } from "~/i18n/fr";
import { AppError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { addDeduction, employeeYear, removeDeduction, overtimeCalendar, readCalendarQuery, type CalendarPage, type CalendarView, type EmployeeYearPage } from "~/services/overtime/views.server";
import { pathWithSearch, requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";

/** Loaders and the deduction action of the five overtime screens (they differ by their scope only). */

function notFound(error: unknown): never {
  if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
  throw error;
}

/**
 * A calendar row as the page gets it: only the weeks with something to show, as [week index, whole hours or null,
 * legal checks] (most weeks of most people are empty: the loader data stays small, docs/decisions/0056).
 */
export interface CalendarScreenRow {
  id: number;
  name: string;
  own: boolean;
  /** Index of the week, whole hours, the checks' texts and, when there are checks, their source ids (null: none). */
  cells: CalendarScreenCell[];
}

export type CalendarScreenCell = [number, number | null, string[], (string | null)[]?];

export type CalendarScreen = Omit<CalendarPage, "rows" | "options"> & {
  rows: CalendarScreenRow[];
  options: { subsidiaries: { id: number; name: string }[]; divisions: { id: number; name: string }[]; teams: { id: number; name: string }[] };
};

/**
 * The page's form of a calendar: the same data, empty weeks left out, and the team filter's options only (those of
 * the division asked in the subsidiary view) without their division.
 */
export function calendarScreen(page: CalendarPage): CalendarScreen {
  const teams = page.view === "subsidiary" && page.divisionId !== null ? page.options.teams.filter((tm) => tm.divisionId === page.divisionId) : page.options.teams;
  return {
    ...page,
    options: { ...page.options, teams: teams.map((tm) => ({ id: tm.id, name: tm.name })) },
    rows: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      own: r.own,
      cells: r.cells.flatMap((c, i): CalendarScreenCell[] =>
        c.checks.length > 0 ? [[i, c.hours, c.checks, c.checkSources]] : c.hours !== null ? [[i, c.hours, c.checks]] : [],
      ),
    })),
  };
}

/** A team, division or subsidiary calendar of the URL's filters. */
export async function calendarLoader(request: Request, view: CalendarView): Promise<CalendarScreen> {
  const user = await requireUser(request);
  return calendarScreen(await overtimeCalendar(await getEm(), user, view, readCalendarQuery(new URL(request.url)), new Date()).catch(notFound));
}

/** An employee's year (`id` null: one's own). A malformed or out-of-scope id is a 404. */
export async function yearLoader(request: Request, id: string | null): Promise<EmployeeYearPage> {
  const user = await requireUser(request);
  const employeeId = id === null ? user.employeeId : /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (employeeId === null) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  return employeeYear(await getEm(), user, employeeId, { year: url.searchParams.get("year"), week: url.searchParams.get("week") }, new Date()).catch(notFound);
}

export interface DeductionFailure {
  value: string;
  error: string;
}

/**
 * `intent=deduction`: adds a deduction (Post/Redirect/Get to the same page and year). A refused input comes back
 * in the form with its French error (400); another refusal is an alert. `intent=remove-deduction` with `deduction`
 * (its id), posted by the confirm step: removes it (decision 0069); one already removed is an alert.
 */
export async function deductionAction(request: Request, id: string | null) {
  const user = await requireUser(request);
  const employeeId = id === null ? user.employeeId : /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (employeeId === null) throw new Response(null, { status: 404 });
  const form = await request.formData();
  const value = String(form.get("newdeduction") ?? "");
  const session = await getSession(request);
  const intent = form.get("intent");
  try {
    if (intent === "remove-deduction") {
      const id = String(form.get("deduction") ?? "");
      if (!/^\d{1,9}$/.test(id)) throw new AppError(400, t("error.generic"));
      // Not found here is the deduction gone (a colleague removed it first), said on the page; an employee out of
      // scope gets the same words, then the page's own 404.
      const removed = await removeDeduction(await getEm(), user, employeeId, Number(id), new Date()).catch((error: unknown) => {
        throw error instanceof NotFoundError ? new AppError(404, t("overtime_screens.deduction.not_found")) : error;
      });
      pushAlert(session, "success", t("overtime_screens.deduction.removed", { hours: formatHoursMinutes(removed.seconds) }));
      if (removed.notice) pushAlert(session, "warning", removed.notice);
    } else {
      if (intent !== "deduction") throw new AppError(400, t("error.generic"));
      const added = await addDeduction(await getEm(), user, employeeId, value, new Date());
      pushAlert(session, "success", t("overtime_screens.deduction.added", { hours: formatHoursMinutes(added.seconds) }));
    }
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    if (error instanceof ValidationError) return data<DeductionFailure>({ value, error: error.violations[0]?.message ?? error.message }, { status: 400 });
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.message);
  }
  return redirect(pathWithSearch(request), { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * The correction a manager proposes from the team, division or agency views, and the /api suggestion body's target
 * (moved from services/time-clock/suggestions.server.ts, which keeps the list, edit, delete and validate).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import type { ClockType } from "~/domain/time-clock/clock-type";
import { formatFrDate } from "~/domain/shared/date-range";
import { isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { createSuggestion } from "./time-clock.server";
import type { ClockView } from "./views.server";
import { parseEntries, type EntryInput, type SuggestionInput } from "./suggestions.server";

// ---------------------------------------------------------------------------------------------------------------
// A correction proposed by a manager from the team, division or agency views

/** May this actor propose a correction of this employee's day? Management: anyone; heads: their division/team. */
async function assertCanCorrect(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  notFound: "badging.edit.error.employee_not_found" | "badging.edit.error.day_not_found" = "badging.edit.error.employee_not_found",
) {
  const [emp] = await em.execute<{ id: number; division_id: number | null; team_id: number | null }[]>(
    `select id, division_id, team_id from employee where id = ?`,
    [employeeId],
  );
  const allowed =
    !!emp &&
    (isManagement(actor.profileType) ||
      emp.id === actor.employeeId ||
      (actor.profileType === "ROLE_DEPARTMENT_HEAD" && actor.divisionId !== null && emp.division_id === actor.divisionId) ||
      (actor.profileType === "ROLE_TEAM_LEADER" && actor.teamId !== null && emp.team_id === actor.teamId));
  if (!allowed) throw new NotFoundError(t(notFound));
}

/** Whose day, and which, a /api suggestion body names (see suggestionTarget). */
export interface SuggestionTarget {
  employeeId: number;
  /** The day corrected, when the body names one. */
  originId: number | null;
  /** That day's date, when the body names one (the body's `date` must then be the same day). */
  date: CalendarDate | null;
}

/**
 * The day and the employee a `POST /api/timeclock/suggest` body is about (issue 29 item 2). A manager's client sends
 * the employee's day as read from `/api/timeclock/{id}`, with its `id` (or its `originSuggested`): the suggestion
 * belongs to that day and its employee, never to the sender's own day of the same date. Without a day, the
 * `employee` sent, else the sender. The day's employee must be in the sender's scope (404 otherwise, like an unknown
 * id); an `employee` that is not the day's is a 422 on `employee`.
 */
export async function suggestionTarget(
  em: EntityManager,
  actor: CurrentUser,
  body: { dayId: number | null; employeeId: number | null },
): Promise<SuggestionTarget> {
  if (body.dayId === null) return { employeeId: body.employeeId ?? actor.employeeId, originId: null, date: null };
  const [day] = await em.execute<{ employee_id: number; date: string; suggested: boolean; origin_suggested_id: number | null }[]>(
    `select employee_id, date::text as date, suggested, origin_suggested_id from time_clock where id = ?`,
    [body.dayId],
  );
  if (!day) throw new NotFoundError(t("badging.edit.error.day_not_found"));
  await assertCanCorrect(em, actor, day.employee_id, "badging.edit.error.day_not_found");
  if (body.employeeId !== null && body.employeeId !== day.employee_id) {
    throw new ValidationError([{ propertyPath: "employee", message: t("badging.edit.error.employee_not_day") }]);
  }
  // A copy of a suggestion corrects the same day as that suggestion.
  return { employeeId: day.employee_id, originId: day.suggested ? day.origin_suggested_id : body.dayId, date: day.date };
}

/**
 * Creates a suggestion for an employee's day (manager's edit control): `createSuggestion` with the form's rows.
 * The employee must be in the actor's scope (else 404 "employee not found"); the day must be a date and not in the
 * future; rows with neither time nor type are unused form rows and skipped; violations name `entries.N.time|type`
 * (the row's index in the form) like `parseEntries`. Returns the suggestion id.
 */
export async function suggestForEmployee(
  em: EntityManager,
  actor: CurrentUser,
  input: SuggestionInput & { employeeId: number; date: string },
  now: Date = new Date(),
): Promise<{ id: number }> {
  await assertCanCorrect(em, actor, input.employeeId);
  if (!isCalendarDate(input.date)) {
    throw new ValidationError([{ propertyPath: "date", message: t("badging.search.range_invalid") }]);
  }
  const rows = input.entries
    .map((entry, index) => ({ index, time: (entry.time ?? "").trim(), type: (entry.type ?? "").trim() }))
    .filter((row) => row.time || row.type);
  try {
    const clock = await createSuggestion(
      em,
      actor,
      {
        employeeId: input.employeeId,
        date: input.date,
        message: input.message ?? "",
        // An unknown type is refused by createSuggestion (`timeLogs.N.type`).
        logs: rows.map((row) => ({ time: row.time, type: row.type as ClockType })),
        openDayAllowed: true,
      },
      now,
    );
    return { id: clock.id };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The /api body's paths (`timeLogs`, `timeLogs.N.*`, N among the kept rows) as the form's (`entries.N.*`).
    throw new ValidationError(
      error.violations.map((v) => ({
        ...v,
        propertyPath: v.propertyPath.replace(/^timeLogs(?:\.(\d+))?/, (_, n: string | undefined) =>
          n === undefined ? "entries" : `entries.${rows[Number(n)]!.index}`,
        ),
      })),
    );
  }
}

/** Label of a suggestion in confirmations: "Camille DUPONT du 30/03/2026". */
export function suggestionLabel(s: Pick<ClockView, "employeeFullname" | "date">): string {
  return t("badging.edit.item", { name: s.employeeFullname, date: formatFrDate(s.date) });
}

/** Most rows a correction form may post (current entries plus blank rows). */
const MAX_FORM_ROWS = 30;

/** Reads a correction form (`message`, `time_N`, `type_N`) into a SuggestionInput; rows are kept by index. */
export function entriesFromForm(form: FormData): SuggestionInput {
  const entries: EntryInput[] = [];
  for (let i = 0; i < MAX_FORM_ROWS; i++) {
    const time = form.get(`time_${i}`);
    const type = form.get(`type_${i}`);
    if (time === null && type === null) break;
    entries.push({ time: String(time ?? ""), type: String(type ?? "") });
  }
  return { message: String(form.get("message") ?? ""), entries };
}

/** Violations as a map by property path, for the forms (first message of each field). */
export function violationMap(violations: readonly Violation[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of violations) out[v.propertyPath] ??= v.message;
  return out;
}

/** Outcome of a correction form posted from the team, division or agency views. */
export type SuggestFormOutcome =
  | { ok: true }
  | { ok: false; failure: { key: string; values: SuggestionInput; errors: Record<string, string> } };

/**
 * The views' `intent=suggest` form: employeeId, date, message, time_N/type_N. A validation failure comes back
 * for that day (key `${employeeId}:${date}`); other errors (404 out of scope) are thrown.
 */
export async function suggestFromForm(em: EntityManager, actor: CurrentUser, form: FormData, now: Date = new Date()): Promise<SuggestFormOutcome> {
  const employeeId = Number(form.get("employeeId"));
  const date = String(form.get("date") ?? "");
  if (!Number.isInteger(employeeId) || employeeId <= 0) throw new NotFoundError(t("badging.edit.error.employee_not_found"));
  const input = entriesFromForm(form);
  try {
    await suggestForEmployee(em, actor, { ...input, employeeId, date }, now);
    return { ok: true };
  } catch (error) {
    if (error instanceof ValidationError) {
      return { ok: false, failure: { key: `${employeeId}:${date}`, values: input, errors: violationMap(error.violations) } };
    }
    throw error;
  }
}

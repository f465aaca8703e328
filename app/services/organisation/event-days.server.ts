import type { EntityManager } from "@mikro-orm/postgresql";
import { fromBodyDate } from "~/domain/shared/api-dates";
import { isEventDayType, type EventDayType } from "~/domain/planning/planning";
import { eventDayRefusal, seesPlanningOf, type EventDayRefusal } from "~/domain/planning/rules";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { t, type MessageKey } from "~/i18n/fr";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { holidayAppliesSql } from "./holidays.server";
import { markWeekDirty } from "~/services/overtime/dirty.server";
import { recomputeEmployeesNow } from "~/services/overtime/run.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { planningOwner, type PlanningActor } from "~/services/planning/planning.server";

/**
 * Closing and travel days (DESIGN §9): only the employee adds or removes them, on their own planning; the rules
 * live in domain/planning/planning.ts (eventDayRefusal). Adding or removing one marks the ISO week dirty for the overtime
 * engine in the same transaction (a travel day counts its expected hours as worked; a closing day expects zero).
 */

export interface EventDayView {
  id: number;
  employeeId: number;
  date: CalendarDate;
  type: EventDayType;
}

/** An event day added or removed, and the late-change notice when its day is in a month closed for payroll (0122). */
export type EventDayChange = EventDayView & { notice: string | null };

const REFUSAL_MESSAGE: Record<EventDayRefusal, MessageKey> = {
  invalid_date: "planning.error.invalid_date",
  out_of_range: "planning.error.out_of_range",
  weekend: "planning.error.weekend",
  holiday: "planning.error.holiday",
  duplicate: "planning.error.duplicate",
  leave: "planning.error.leave",
};

/** The event days of an employee (oneself or in the viewer's planning scope; else NotFoundError), by date. */
export async function eventDaysOf(em: EntityManager, viewer: PlanningActor, employeeId: number, range?: { from: CalendarDate; to: CalendarDate }): Promise<EventDayView[]> {
  await planningOwner(em, viewer, employeeId);
  const rows = await em.execute<{ id: number; employee_id: number; date: string; type: string }[]>(
    `select id, employee_id, date::text as date, type from event_day
      where employee_id = ? and (?::date is null or date >= ?) and (?::date is null or date <= ?) order by date`,
    [employeeId, range?.from ?? null, range?.from ?? null, range?.to ?? null, range?.to ?? null],
  );
  return rows.map((r) => ({ id: r.id, employeeId: r.employee_id, date: r.date, type: r.type === "closed" ? "closed" : "moved" }));
}

/**
 * Adds a closing or travel day to the viewer's own planning. `date` is 'YYYY-MM-DD' (a form) or what an /api body
 * may hold (unix seconds too). Refusals are a ValidationError on `date` or `type` (422), nothing stored.
 */
export async function addEventDay(em: EntityManager, viewer: PlanningActor, input: { date: unknown; type: unknown }, today: CalendarDate): Promise<EventDayChange> {
  const violations: { propertyPath: string; message: string }[] = [];
  if (!isEventDayType(input.type)) violations.push({ propertyPath: "type", message: t("planning.error.type") });
  const date = input.date === undefined || input.date === null || input.date === "" ? null : fromBodyDate(input.date);
  if (input.date === undefined || input.date === null || input.date === "") violations.push({ propertyPath: "date", message: t("planning.error.date_required") });
  else if (date === null) violations.push({ propertyPath: "date", message: t("planning.error.invalid_date") });
  if (violations.length) throw new ValidationError(violations);
  const type = input.type as EventDayType;
  const day = date!;
  const employeeId = viewer.employeeId;
  const [facts] = await em.execute<{ holiday: boolean; taken: boolean; leaves: { start: string; end: string; state: string; halfDayMorning: boolean; halfDayAfternoon: boolean }[] }[]>(
    `select exists (select 1 from employee e left join subsidiary s on s.id = e.subsidiary_id
                      join holiday h on ${holidayAppliesSql("coalesce(e.country_id, s.country_id)", "e.subsidiary_id")}
                     where e.id = ? and h.date = ?::date) as holiday,
            exists (select 1 from event_day where employee_id = ? and date = ?::date) as taken,
            coalesce((select json_agg(json_build_object('start', start, 'end', "end", 'state', state,
                        'halfDayMorning', half_day_morning, 'halfDayAfternoon', half_day_afternoon))
                        from leave where employee_id = ? and state = 'accepted' and start <= ?::date and "end" >= ?::date), '[]'::json) as leaves`,
    [employeeId, day, employeeId, day, employeeId, day, day],
  );
  const refusal = eventDayRefusal(day, {
    today,
    holidays: new Set(facts?.holiday ? [day] : []),
    eventDays: new Set(facts?.taken ? [day] : []),
    leaves: facts?.leaves ?? [],
  });
  if (refusal === "duplicate") throw new ConflictError(t(REFUSAL_MESSAGE[refusal]));
  if (refusal) throw new ValidationError([{ propertyPath: "date", message: t(REFUSAL_MESSAGE[refusal]) }]);
  try {
    // A day of a month closed for payroll (a closing day entered late) is accepted: said, its week computed at once
    // (decision 0122).
    const done = await em.transactional(async (tx) => {
      const late = await lateChange(tx, { employeeIds: [employeeId] }, { dates: [day] });
      const [row] = await tx.execute<{ id: number }[]>(`insert into event_day (employee_id, date, type) values (?, ?, ?) returning id`, [employeeId, day, type]);
      await markWeekDirty(tx, employeeId, day);
      return { view: { id: row!.id, employeeId, date: day, type }, late };
    });
    if (done.late.recompute) await recomputeEmployeesNow(em, [employeeId], new Date());
    return { ...done.view, notice: done.late.notice };
  } catch (error) {
    // Two tabs at once: the unique (employee, date) constraint keeps one.
    if ((error as { code?: string }).code === "23505" || /unique/i.test(String((error as Error).message))) {
      throw new ConflictError(t("planning.error.duplicate"));
    }
    throw error;
  }
}

/**
 * Removes a closing or travel day from the viewer's own planning. Someone else's: 403 when the viewer may see that
 * planning, 404 otherwise (its existence is not revealed).
 */
export async function removeEventDay(em: EntityManager, viewer: PlanningActor, id: number): Promise<EventDayChange> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundError(t("error.not_found_item"));
  const [row] = await em.execute<
    { id: number; employee_id: number; date: string; type: string; subsidiary_id: number | null; division_id: number | null; team_id: number | null }[]
  >(
    `select d.id, d.employee_id, d.date::text as date, d.type, e.subsidiary_id, e.division_id, e.team_id
       from event_day d join employee e on e.id = d.employee_id where d.id = ?`,
    [id],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  if (row.employee_id !== viewer.employeeId) {
    const visible = seesPlanningOf(viewer, { employeeId: row.employee_id, subsidiaryId: row.subsidiary_id, divisionId: row.division_id, teamId: row.team_id });
    if (visible) throw new ForbiddenError(t("planning.error.not_own"));
    throw new NotFoundError(t("error.not_found_item"));
  }
  const late = await em.transactional(async (tx) => {
    const late = await lateChange(tx, { employeeIds: [row.employee_id] }, { dates: [row.date] });
    await tx.execute(`delete from event_day where id = ?`, [id]);
    await markWeekDirty(tx, row.employee_id, row.date);
    return late;
  });
  if (late.recompute) await recomputeEmployeesNow(em, [row.employee_id], new Date());
  return { id: row.id, employeeId: row.employee_id, date: row.date, type: row.type === "closed" ? "closed" : "moved", notice: late.notice };
}

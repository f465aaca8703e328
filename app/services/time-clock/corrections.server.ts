import type { EntityManager } from "@mikro-orm/postgresql";
import { boundedDateMessage } from "~/forms/dates.server";
import { SuggestionMessage } from "~/forms/time-clock.server";
import { frDate } from "~/domain/shared/api-dates";
import { checkClockSequence, MAX_SHIFT_SECONDS } from "~/domain/time-clock/clock-state";
import { isClockType, type ClockType } from "~/domain/time-clock/clock-type";
import { readBoundedDate, type BoundedDate } from "~/domain/shared/date-window";
import { addDays, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { instantAt, localDate } from "~/domain/shared/zoned-day";
import { t, type MessageKey } from "~/i18n/fr";
import { type CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError, NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import type { ClockView } from "./clock-rows.server";
import { clockEmployeeOn, dayTotals } from "./day-totals.server";
import { assertEmployeeInScope, loadClocks } from "./reads.server";
import { clockEmployee, clockFacts } from "./employee.server";
import { expectedFor } from "./facts.server";
import { clockRowValues } from "~/domain/history/values";
import { recordHistory } from "~/services/history/history.server";
/** Corrections: a proposed corrected day (spec 2 "Suggestion"), validated (422) and scoped (404). */
/** One proposed entry: a wall-clock time 'HH:MM' of the day (forms) or an instant (the /api's unix seconds). */
export interface SuggestedLog {
  time: string | Date;
  type: ClockType;
}

export interface SuggestionInput {
  /** The day corrected; found from employee and date when absent. */
  originId?: number | null;
  date: CalendarDate;
  employeeId: number;
  logs: SuggestedLog[];
  message: string;
  /**
   * A manager's correction from the team/division/agency views may target today's day before it is ended (the
   * 409 below is for the employee's own edit request and the /api).
   */
  openDayAllowed?: boolean;
}

/**
 * Proposes a corrected day (spec 2 "Suggestion"): a suggested clock copying the day with new entries and a
 * message, linked to the original. The employee for themselves (the edit request after END) or a manager for an
 * employee of their scope (NotFoundError otherwise). Violations (422): message required, at least one entry,
 * entries on that day and in an order the buttons allow, no future day. Today's day must be ended first (409).
 * Violation paths follow the /api body: `message`, `date`, `timeLogs`, `timeLogs.N.time`, `timeLogs.N.type`.
 */
export async function createSuggestion(
  em: EntityManager,
  actor: CurrentUser,
  input: SuggestionInput,
  now: Date = new Date(),
): Promise<ClockView> {
  await assertEmployeeInScope(em, actor, input.employeeId);
  const emp = await clockEmployee(em, input.employeeId);
  const today = localDate(now, emp.zone);
  const violations: Violation[] = [];
  const parsedMessage = SuggestionMessage.safeParse(input.message);
  if (!parsedMessage.success) violations.push({ propertyPath: "message", message: parsedMessage.error.issues[0]!.message });
  const message = parsedMessage.success ? parsedMessage.data : "";
  // A real day within today ± 2 years (docs/decisions/0015): a suggestion on 0001-01-01 is refused.
  const dateRead: BoundedDate = isCalendarDate(input.date) ? readBoundedDate(input.date, "near", today) : { ok: false, code: "invalid" };
  if (!dateRead.ok) {
    violations.push({ propertyPath: "date", message: boundedDateMessage(dateRead, "near")! });
    throw new ValidationError(violations);
  }
  if (input.date > today) violations.push({ propertyPath: "date", message: t("time_clock.edit_future_day") });
  if (input.logs.length === 0) violations.push({ propertyPath: "timeLogs", message: t("time_clock.edit_entries_required") });
  const entries: { index: number; time: Date; type: ClockType }[] = [];
  // A shift belongs to the day it started (decision 0075): a typed time earlier than the shift's first START (the
  // first START row as typed) is on the next morning; an instant (the /api) may be on the day or the next one.
  const anchor = nightAnchor(input.logs);
  const nextDay = addDays(input.date, 1);
  input.logs.forEach((log, index) => {
    let time: Date | null = null;
    if (typeof log.time === "string") {
      try {
        time = instantAt(anchor !== null && log.time < anchor ? nextDay : input.date, log.time, emp.zone);
      } catch {
        violations.push({ propertyPath: `timeLogs.${index}.time`, message: t("time_clock.edit_time_required") });
      }
    } else if (Number.isNaN(log.time.getTime()) || (localDate(log.time, emp.zone) !== input.date && localDate(log.time, emp.zone) !== nextDay)) {
      violations.push({ propertyPath: `timeLogs.${index}.time`, message: t("time_clock.edit_time_outside_day", { date: frDate(input.date) }) });
    } else {
      time = log.time;
    }
    if (!isClockType(log.type)) violations.push({ propertyPath: `timeLogs.${index}.type`, message: t("time_clock.edit_type_required") });
    else if (time) entries.push({ index, time, type: log.type });
  });
  if (violations.length === 0 && entries.length > 0) {
    const byTime = [...entries].sort((a, b) => a.time.getTime() - b.time.getTime() || a.index - b.index);
    const first = byTime[0]!;
    const last = byTime[byTime.length - 1]!;
    if (localDate(first.time, emp.zone) !== input.date) {
      violations.push({ propertyPath: `timeLogs.${first.index}.time`, message: t("time_clock.edit_time_outside_day", { date: frDate(input.date) }) });
    } else if (last.time.getTime() - first.time.getTime() > MAX_SHIFT_SECONDS * 1000) {
      violations.push({ propertyPath: `timeLogs.${last.index}.time`, message: t("time_clock.edit_shift_too_long", { hours: MAX_SHIFT_SECONDS / 3600 }) });
    }
  }
  if (violations.length === 0) {
    const ordered = [...entries].sort((a, b) => a.time.getTime() - b.time.getTime() || a.index - b.index);
    const check = checkClockSequence(ordered.map((e) => e.type));
    if (!check.ok) {
      const previous = ordered[check.index - 1];
      violations.push({
        propertyPath: `timeLogs.${ordered[check.index]!.index}.type`,
        message: t("time_clock.edit_sequence_invalid", { type: previous ? t(`time_clock.type.${previous.type}` as MessageKey) : "—" }),
      });
    }
  }
  if (violations.length > 0) throw new ValidationError(violations);

  const [origin] = await em.execute<{ id: number; type: string | null }[]>(
    input.originId != null
      ? "select id, type from time_clock where id = ? and employee_id = ? and date = ? and suggested = false"
      : "select id, type from time_clock where employee_id = ? and date = ? and suggested = false",
    input.originId != null ? [input.originId, input.employeeId, input.date] : [input.employeeId, input.date],
  );
  if (input.originId != null && !origin) throw new NotFoundError(t("error.not_found_item"));
  if (input.date === today && origin?.type !== "END" && !input.openDayAllowed) throw new ConflictError(t("time_clock.edit_day_not_ended"));

  // The proposal is counted as its day will be once validated (recomputeDay): the terms and the night period of that
  // day, not today's (decision 0143).
  const dayEmp = await clockEmployeeOn(em, emp, input.date);
  const facts = await clockFacts(em, dayEmp, input.date, input.date);
  const logs = entries.map((e) => ({ time: e.time, type: e.type }));
  const totals = dayTotals(logs, expectedFor(facts, input.date), { date: input.date, today, now, zone: dayEmp.zone, night: dayEmp.nightPeriod });
  const id = await em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into time_clock (employee_id, date, type, suggested, origin_suggested_id, message, working_time_seconds,
                               lunch_time_seconds, expected_seconds, overtime_seconds, anomaly, created_by_id, created_at, updated_at, night_seconds)
       values (?, ?, ?, true, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        input.employeeId,
        input.date,
        totals.type,
        origin?.id ?? null,
        message,
        totals.workingTimeSeconds,
        totals.lunchTimeSeconds,
        totals.expectedSeconds,
        totals.overtimeSeconds,
        totals.anomaly,
        actor.employeeId,
        now,
        now,
        totals.nightSeconds,
      ],
    );
    for (const log of logs) {
      await tx.execute("insert into time_log (time_clock_id, time, type, created_at, created_by_id) values (?, ?, ?, ?, ?)", [
        row!.id,
        log.time,
        log.type,
        now,
        actor.employeeId,
      ]);
    }
    await recordHistory(tx, {
      action: "correction.ask",
      employeeId: input.employeeId,
      actorId: actor.employeeId,
      at: now,
      details: { day: input.date, reason: message, after: clockRowValues(logs) },
    });
    return row!.id;
  });
  const [view] = await loadClocks(em, "c.id = ?", [id]);
  return view!;
}

/**
 * The wall-clock time of a typed shift's beginning: the first START row as typed (else the first row). Typed times
 * before it are on the next morning (22:00 START, 06:00 END is one night); null when no row has a string time.
 *
 * @example nightAnchor([{ time: "22:00", type: "START" }, { time: "06:00", type: "END" }]) // "22:00"
 */
function nightAnchor(logs: readonly SuggestedLog[]): string | null {
  const typed = logs.filter((l): l is SuggestedLog & { time: string } => typeof l.time === "string" && /^\d{2}:\d{2}$/.test(l.time));
  return (typed.find((l) => l.type === "START") ?? typed[0])?.time ?? null;
}

/**
 * The clock notifications job's use case (issue 4 item 6): one pass over every active employee with time
 * registration decides, from their schedule and today's clock, which reminder is due now (domain
 * `dueClockNotification`), and sets it on today's clock (`time_clock.new_notification`, shown by the badging
 * modal), creating the day's row if need be. A missed start also sends an e-mail.
 *
 * Idempotent: each reminder is recorded as a `job_run` row `notif:<employeeId>:<date>:<kind>` inserted with
 * ON CONFLICT DO NOTHING in the same transaction as the clock update, so a rerun (the 5-minute schedule, a retry,
 * two workers) notifies nobody twice. Queries: one read, one write transaction of two statements, whatever the
 * number of employees.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { dueClockNotification, notificationKey, type ClockNotificationKind, type LeaveCover } from "~/domain/time-clock/clock-notifications";
import { shiftIsOpen } from "~/domain/time-clock/clock-state";
import { isClockType } from "~/domain/time-clock/clock-type";
import { displayName } from "~/domain/employees/name";
import { expectedSeconds, weekForDate, type WeekSchedule } from "~/domain/planning/expected-time";
import { formatClock } from "~/domain/shared/number-format";
import { formatFrDate } from "~/domain/shared/date-range";
import { t } from "~/i18n/fr";
import { sendMail } from "~/server/operations/mail.server";
import { holidayAppliesSql } from "~/services/organisation/holidays.server";

interface CandidateRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  week_type: string;
  date: string;
  minutes: number;
  weeks: WeekSchedule[] | null;
  holiday: boolean;
  leave: { start: string; end: string; hm: boolean; ha: boolean } | null;
  type: string | null;
  working_seconds: number | null;
  /** Epoch seconds of the day's last active entry (the open interval's start when at work). */
  last_time: number | string | null;
  /** Yesterday's day: its type and the epoch seconds of its first active entry (a night shift still open, 0075). */
  night_type: string | null;
  night_first: number | string | null;
}

/**
 * Worked today up to `now`: the stored total holds the closed intervals; at work (START) the open one since the last
 * entry counts too (issue 28 item 2: the overtime alarms compare this with the expected time).
 */
export function workedUntil(type: string | null, storedSeconds: number | null, lastTime: number | string | null, now: Date): number {
  const open = type === "START" && lastTime !== null ? Math.max(0, Math.floor(now.getTime() / 1000) - Number(lastTime)) : 0;
  return (storedSeconds ?? 0) + open;
}

export interface DueNotification {
  employeeId: number;
  date: string;
  kind: ClockNotificationKind;
  type: string | null;
  expected: number;
  key: string;
  email: string;
  name: string;
  startMinutes: number | null;
}

function leaveCover(leave: CandidateRow["leave"]): LeaveCover {
  if (!leave) return "none";
  if (leave.start === leave.end && leave.hm) return "morning";
  if (leave.start === leave.end && leave.ha) return "afternoon";
  return "full";
}

/** Every reminder due at `now` (read only; one query). */
export async function findDueNotifications(em: EntityManager, now: Date): Promise<DueNotification[]> {
  const rows = await em.execute<CandidateRow[]>(
    `with emp as (
       select e.id, e.firstname, e.lastname, e.email, e.week_type, coalesce(e.country_id, s.country_id) as country_id, e.subsidiary_id,
              (?::timestamptz at time zone coalesce(s.timezone, co.timezone, 'Europe/Paris')) as local_ts
         from employee e
         left join subsidiary s on s.id = e.subsidiary_id
         left join country co on co.id = coalesce(e.country_id, s.country_id)
        where (e.fired_at is null or e.fired_at > current_date) and e.time_registration
     )
     select emp.id, emp.firstname, emp.lastname, emp.email, emp.week_type, emp.local_ts::date::text as date,
            (extract(hour from emp.local_ts) * 60 + extract(minute from emp.local_ts))::int as minutes,
            (select json_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = emp.id) as weeks,
            exists (select 1 from holiday h where ${holidayAppliesSql("emp.country_id", "emp.subsidiary_id")} and h.date = emp.local_ts::date) as holiday,
            (select json_build_object('start', lv.start::text, 'end', lv."end"::text, 'hm', lv.half_day_morning, 'ha', lv.half_day_afternoon)
               from leave lv where lv.employee_id = emp.id and lv.state = 'accepted'
                and lv.start <= emp.local_ts::date and lv."end" >= emp.local_ts::date
              order by (lv.start = lv."end" and (lv.half_day_morning or lv.half_day_afternoon)) limit 1) as leave,
            c.type, c.working_time_seconds as working_seconds,
            (select extract(epoch from max(l.time))::bigint from time_log l where l.time_clock_id = c.id and l.superseded_at is null) as last_time,
            y.type as night_type,
            (select extract(epoch from min(l.time))::bigint from time_log l where l.time_clock_id = y.id and l.superseded_at is null) as night_first
       from emp
       left join time_clock c on c.employee_id = emp.id and c.suggested = false and c.date = emp.local_ts::date
       left join time_clock y on y.employee_id = emp.id and y.suggested = false and y.date = emp.local_ts::date - 1`,
    [now],
  );
  const due: DueNotification[] = [];
  for (const r of rows) {
    const weeks = r.weeks ?? [];
    const weekType = r.week_type === "week_one_two" ? "week_one_two" : "unique_week";
    const weekday = new Date(`${r.date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
    const day = weekday >= 1 && weekday <= 5 ? (weekForDate(r.date, weekType, weeks)?.[weekday - 1] ?? null) : null;
    const type = isClockType(r.type) ? r.type : null;
    const leave = leaveCover(r.leave);
    const expected = expectedSeconds({
      date: r.date,
      weekType,
      weeks,
      holidays: new Set(r.holiday ? [r.date] : []),
      leave: leave === "none" ? null : { halfDay: leave !== "full" },
    });
    const workedSeconds = workedUntil(r.type, r.working_seconds, r.last_time, now);
    const night = isClockType(r.night_type) && r.night_first !== null ? { type: r.night_type, firstAt: new Date(Number(r.night_first) * 1000) } : null;
    const nightShiftOpen = shiftIsOpen(night, now);
    const kind = dueClockNotification({ day, minutes: Number(r.minutes), type, holiday: r.holiday, leave, workedSeconds, expectedSeconds: expected, nightShiftOpen });
    if (!kind) continue;
    due.push({
      employeeId: r.id,
      date: r.date,
      kind,
      type: r.type,
      expected,
      key: notificationKey(r.id, r.date, kind),
      email: r.email,
      name: displayName(r.firstname, r.lastname),
      startMinutes: leave === "morning" ? (day?.afternoonStart ?? null) : (day?.morningStart ?? day?.afternoonStart ?? null),
    });
  }
  return due;
}

export interface NotificationRunResult {
  due: number;
  notified: number;
  mails: number;
}

/**
 * Sets the reminders due at `now` that were not sent yet today, then mails the missed starts. A mail that fails
 * releases its record, so the next run tries again (the clock's notification is simply set again).
 */
export async function runClockNotifications(em: EntityManager, now: Date = new Date()): Promise<NotificationRunResult> {
  const due = await findDueNotifications(em, now);
  if (due.length === 0) return { due: 0, notified: 0, mails: 0 };
  const payload = JSON.stringify(
    due.map((d) => ({ employee_id: d.employeeId, date: d.date, kind: d.kind, type: d.type, expected: d.expected, key: d.key })),
  );
  const fresh = await em.transactional(async (tx) => {
    const inserted = await tx.execute<{ key: string }[]>(
      `insert into job_run (key, done_at)
       select d.key, ? from json_to_recordset(?::json) as d(key text)
       on conflict (key) do nothing returning key`,
      [now, payload],
    );
    const keys = new Set(inserted.map((r) => r.key));
    const toSet = due.filter((d) => keys.has(d.key));
    if (toSet.length > 0) {
      // The clock is only touched if its type is still the one the reminder was decided on (a badge may have
      // landed in between); a day without clock gets its row, like the first badge would create it.
      await tx.execute(
        `insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                                 overtime_seconds, anomaly, new_notification, created_at, updated_at)
         select d.employee_id, d.date, d.type, false, 0, 0, d.expected, 0, false, d.kind, ?, ?
           from json_to_recordset(?::json) as d(employee_id int, date date, kind text, type text, expected int)
         on conflict (employee_id, date) where suggested = false
         do update set new_notification = excluded.new_notification, updated_at = excluded.updated_at
         where time_clock.type is not distinct from excluded.type`,
        [
          now,
          now,
          JSON.stringify(toSet.map((d) => ({ employee_id: d.employeeId, date: d.date, kind: d.kind, type: d.type, expected: d.expected }))),
        ],
      );
    }
    return toSet;
  });
  let mails = 0;
  for (const d of fresh.filter((n) => n.kind === "start_missed")) {
    try {
      await sendMail({
        to: d.email,
        subject: t("badging.mail.start_missed_subject"),
        text: t("badging.mail.start_missed_text", {
          name: d.name,
          start: d.startMinutes !== null ? formatClock(d.startMinutes * 60) : "—",
          date: formatFrDate(d.date),
        }),
      });
      mails += 1;
    } catch (error) {
      console.warn(`[clock.notifications] mail for employee ${d.employeeId} failed: ${String(error)}`);
      await em.execute(`delete from job_run where key = ?`, [d.key]);
    }
  }
  return { due: due.length, notified: fresh.length, mails };
}

import type { EntityManager } from "@mikro-orm/postgresql";
import { instantAt } from "~/domain/shared/zoned-day";

/**
 * Factories for the clock correction and badging views tests: schedules and clocks written with SQL.
 * Times are 'HH:MM' wall-clock times in Europe/Paris (the zone of createOrg's subsidiary).
 */
const ZONE = "Europe/Paris";

export const NINE_TO_FIVE = {
  morningStart: 9 * 60,
  morningEnd: 12 * 60,
  afternoonStart: 13 * 60,
  afternoonEnd: 17 * 60,
};

/** A unique_week schedule with the same day Monday to Friday (7 h with the default). */
export async function createSchedule(em: EntityManager, employeeId: number, day = NINE_TO_FIVE) {
  await em.execute(`insert into week_schedule (employee_id, week_number, days) values (?, 1, ?::jsonb)`, [
    employeeId,
    JSON.stringify([day, day, day, day, day]),
  ]);
}

export type Entry = [hhmm: string, type: "START" | "PAUSE" | "LUNCH" | "END"];

/** A 9-hour day: 08:00–12:00 and 13:00–18:00, an hour of lunch (the overtime and payroll tests' usual day). */
export const NINE_HOURS: Entry[] = [
  ["08:00", "START"],
  ["12:00", "LUNCH"],
  ["13:00", "START"],
  ["18:00", "END"],
];

/** A clock row with its entries; totals are left for the code under test (or given). */
export async function createClock(
  em: EntityManager,
  employeeId: number,
  date: string,
  entries: Entry[],
  options: {
    suggested?: boolean;
    originId?: number | null;
    message?: string | null;
    createdById?: number | null;
    type?: string | null;
    overtimeSeconds?: number;
    workingSeconds?: number;
    anomaly?: boolean;
  } = {},
): Promise<number> {
  const last = entries.at(-1)?.[1] ?? null;
  const [row] = await em.execute<{ id: number }[]>(
    `insert into time_clock (employee_id, date, type, suggested, origin_suggested_id, message, working_time_seconds, lunch_time_seconds,
        expected_seconds, overtime_seconds, anomaly, created_by_id, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, now(), now()) returning id`,
    [
      employeeId,
      date,
      options.type !== undefined ? options.type : last,
      options.suggested ?? false,
      options.originId ?? null,
      options.message ?? null,
      options.workingSeconds ?? 0,
      options.overtimeSeconds ?? 0,
      options.anomaly ?? false,
      options.createdById ?? employeeId,
    ],
  );
  for (const [hhmm, type] of entries) {
    await em.execute(`insert into time_log (time_clock_id, time, type, created_at, created_by_id) values (?, ?, ?, now(), ?)`, [
      row!.id,
      instantAt(date, hhmm, ZONE),
      type,
      options.createdById ?? employeeId,
    ]);
  }
  return row!.id;
}

/** A suggestion correcting `originId` (or a day without clock when null). */
export async function createSuggestion(
  em: EntityManager,
  employeeId: number,
  date: string,
  entries: Entry[],
  options: { originId?: number | null; message?: string; createdById?: number } = {},
): Promise<number> {
  return createClock(em, employeeId, date, entries, {
    suggested: true,
    originId: options.originId ?? null,
    message: options.message ?? "J'ai oublié de badger.",
    createdById: options.createdById ?? employeeId,
  });
}

/** An accepted leave. */
export async function createAcceptedLeave(
  em: EntityManager,
  employeeId: number,
  start: string,
  end: string,
  half: { morning?: boolean; afternoon?: boolean } = {},
) {
  await em.execute(
    `insert into leave (employee_id, reason, start, "end", half_day_morning, half_day_afternoon, state, created_at, updated_at)
     values (?, 'PAID_LEAVE', ?, ?, ?, ?, 'accepted', now(), now())`,
    [employeeId, start, end, half.morning ?? false, half.afternoon ?? false],
  );
}

import { defineEntity, type InferEntity } from "@mikro-orm/core";
import { Employee } from "./employee";
import { Subsidiary } from "./organisation";

/**
 * The clock of one employee for one calendar day (in the employee's time zone).
 * A suggestion is a TimeClock with `suggested = true` and `originSuggested` pointing at the day it corrects;
 * only one non-suggested clock exists per employee and day.
 */
export const TimeClock = defineEntity({
  name: "TimeClock",
  tableName: "time_clock",
  uniques: [
    {
      name: "time_clock_employee_date_unique",
      expression:
        "create unique index time_clock_employee_date_unique on time_clock (employee_id, date) where suggested = false",
    },
  ],
  indexes: [
    { properties: ["date"] },
    {
      name: "time_clock_suggested_index",
      expression: "create index time_clock_suggested_index on time_clock (created_at) where suggested = true",
    },
    {
      // One employee's suggestions (decision 0113): the day's clocks go through the unique index above.
      name: "time_clock_suggested_employee_index",
      expression: "create index time_clock_suggested_employee_index on time_clock (employee_id, date) where suggested = true",
    },
    {
      // The dashboards' "to do": days left open (no END) or flagged (decision 0054; same predicate as the statement).
      name: "time_clock_open_day_index",
      expression:
        "create index time_clock_open_day_index on time_clock (date, employee_id) where suggested = false and (anomaly or (type is not null and type <> 'END'))",
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    date: p.date(),
    /** Last clock type of the day: START, PAUSE, LUNCH, END, or null for an empty day. */
    type: p.string().length(10).nullable(),
    suggested: p.boolean().default(false),
    originSuggested: () => p.manyToOne(TimeClock).nullable().index().deleteRule("set null"),
    message: p.text().nullable(),
    workingTimeSeconds: p.integer().default(0),
    lunchTimeSeconds: p.integer().default(0),
    expectedSeconds: p.integer().default(0),
    overtimeSeconds: p.integer().default(0),
    /** A past day left without END: counts no overtime until corrected. */
    anomaly: p.boolean().default(false),
    newNotification: p.string().length(40).nullable(),
    createdBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    timeLogs: () => p.oneToMany(TimeLog).mappedBy("timeClock").orderBy({ time: "asc" }),
  }),
});
export type TimeClock = InferEntity<typeof TimeClock>;

/** One clock entry. Append-only: a replaced entry is kept with `supersededAt` and `supersededBy`. */
export const TimeLog = defineEntity({
  name: "TimeLog",
  tableName: "time_log",
  indexes: [
    {
      // A day's active entries (every clock action reads them): superseded ones, left by resets and corrections,
      // are not scanned (decision 0049). The type is included: the legal checks of the overtime calendars read
      // (time, type) of months of days by an index-only scan (decision 0056).
      name: "time_log_active_index",
      expression: "create index time_log_active_index on time_log (time_clock_id, time) include (type) where superseded_at is null",
    },
    {
      // A terminal's last clockings, newest first (decision 0137): the rows typed at terminals only.
      name: "time_log_terminal_id_time_index",
      expression: 'create index "time_log_terminal_id_time_index" on "time_log" ("terminal_id", "time" desc, "id" desc) where "terminal_id" is not null',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    timeClock: () => p.manyToOne(TimeClock).index().deleteRule("cascade"),
    time: p.datetime(),
    type: p.string().length(10),
    createdAt: p.datetime().onCreate(() => new Date()),
    createdBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    supersededAt: p.datetime().nullable(),
    supersededBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    /** The shop-floor terminal the entry was typed at (issue 46), or null. */
    terminal: () => p.manyToOne(Terminal).nullable().deleteRule("set null"),
  }),
});
export type TimeLog = InferEntity<typeof TimeLog>;

/** Daily overtime as computed by the nightly job (seconds; negative = undertime). */
export const Overtime = defineEntity({
  name: "Overtime",
  tableName: "overtime",
  uniques: [{ properties: ["employee", "date"] }],
  indexes: [{ properties: ["date"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    date: p.date(),
    workedSeconds: p.integer().default(0),
    expectedSeconds: p.integer().default(0),
    overtimeSeconds: p.integer().default(0),
    anomaly: p.boolean().default(false),
  }),
});
export type Overtime = InferEntity<typeof Overtime>;

/** A manual deduction of an employee's overtime balance (seconds) on a day; a removed one keeps its row. */
export const Deduction = defineEntity({
  name: "Deduction",
  tableName: "deduction",
  indexes: [{ properties: ["employee", "date"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    date: p.date(),
    seconds: p.integer(),
    createdBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Removed (decision 0069): kept with who removed it and when; no read of the balance counts it. */
    removedAt: p.datetime().nullable(),
    removedBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
  }),
});
export type Deduction = InferEntity<typeof Deduction>;

/** A closing day or a travel day on an employee's planning. */
export const EventDay = defineEntity({
  name: "EventDay",
  tableName: "event_day",
  uniques: [{ properties: ["employee", "date"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    date: p.date(),
    /** "closed" (closing day) or "moved" (travel day). */
    type: p.string().length(10),
  }),
});
export type EventDay = InferEntity<typeof EventDay>;

/**
 * A shop-floor clocking terminal of one subsidiary (issue 46, decision 0136). Only hashes are stored: the enrolment
 * token's (single use, short-lived) and the device secret's (the device's cookie).
 */
export const Terminal = defineEntity({
  name: "Terminal",
  tableName: "terminal",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    subsidiary: () => p.manyToOne(Subsidiary).index().deleteRule("cascade"),
    name: p.string().length(100),
    place: p.string().length(100).default(""),
    enrolTokenHash: p.string().length(64).nullable().unique().hidden(),
    enrolExpiresAt: p.datetime().nullable(),
    secretHash: p.string().length(64).nullable().unique().hidden(),
    createdAt: p.datetime(),
    createdBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    enrolledAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    pausedAt: p.datetime().nullable(),
    failures: p.integer().default(0),
    failuresSince: p.datetime().nullable(),
  }),
});
export type Terminal = InferEntity<typeof Terminal>;

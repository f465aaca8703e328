import { defineEntity, type InferEntity } from "@mikro-orm/core";
import { Employee } from "./employee";

/**
 * A leave or absence request. `version` guards concurrent decisions (optimistic lock: the loser gets a 409).
 * `daysFromLastYear`/`daysFromThisYear` record how an accepted paid leave was taken from the counters, so that
 * a removal restores exactly that.
 */
export const Leave = defineEntity({
  name: "Leave",
  tableName: "leave",
  indexes: [
    { properties: ["employee", "start"] },
    { properties: ["state", "start"] },
    { properties: ["start", "end"] },
    {
      // The waiting lists and the menu counter: the viewer's key, in the lists' order (decision 0064).
      name: "leave_waiting_index",
      expression:
        'create index leave_waiting_index on leave (waiting_for, urgent desc, start, id) include (employee_id) where waiting_for is not null',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    reason: p.string().length(40),
    comment: p.text().nullable(),
    start: p.date(),
    end: p.date(),
    halfDayMorning: p.boolean().default(false),
    halfDayAfternoon: p.boolean().default(false),
    /** Hours of absence for a recovery leave. */
    nbHourAbsence: p.decimal("number").precision(6).scale(2).nullable(),
    numberDaysWork: p.decimal("number").precision(6).scale(1).default(0),
    urgent: p.boolean().default(false),
    /** Why a manager refused it (optional, at most 500 characters; Migration20261204100000). */
    refusalReason: p.string().length(500).nullable(),
    /** pending, prevalidate, validate, accepted, refused. */
    state: p.string().length(20).default("pending"),
    daysFromLastYear: p.decimal("number").precision(6).scale(2).default(0),
    daysFromThisYear: p.decimal("number").precision(6).scale(2).default(0),
    /**
     * Whom the leave awaits while in flight: 'M', 'D:<division id>' or 'T:<team id>' (null once decided). Kept by the
     * database (triggers on leave and employee, migration Migration20261126100000, decision 0064): never set by code.
     */
    waitingFor: p.string().length(16).nullable(),
    version: p.integer().version(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    steps: () => p.oneToMany(LeaveStep).mappedBy("leave").orderBy({ at: "asc" }),
  }),
});
export type Leave = InferEntity<typeof Leave>;

/** One step of a leave's workflow: who did what, when. */
export const LeaveStep = defineEntity({
  name: "LeaveStep",
  tableName: "leave_step",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    leave: () => p.manyToOne(Leave).index().deleteRule("cascade"),
    /** created, edited, prevalidate, validate, accepted, refused, removed. */
    step: p.string().length(20),
    actor: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    at: p.datetime(),
  }),
});
export type LeaveStep = InferEntity<typeof LeaveStep>;

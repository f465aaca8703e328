import { defineEntity, type InferEntity } from "@mikro-orm/core";
import { Country, Division, Subsidiary, Team } from "./organisation";

/**
 * The employee sheet (spec 1 §3). Hours and money are numeric columns read as numbers;
 * recovery balances are integer seconds.
 */
export const Employee = defineEntity({
  name: "Employee",
  tableName: "employee",
  indexes: [
    { properties: ["lastname", "firstname"] },
    { properties: ["subsidiary", "firedAt"] },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    // Identity
    matricule: p.integer().nullable().unique(),
    acronym: p.string().length(10).nullable(),
    firstname: p.string().length(120),
    lastname: p.string().length(120),
    birthday: p.date().nullable(),
    phone: p.string().length(40).nullable(),
    /** Professional e-mail, the login identifier (stored lower-case). */
    email: p.string().length(254).unique(),
    emailPersonal: p.string().length(254).nullable(),
    profileType: p.string().length(40).default("ROLE_USER"),
    position: p.string().length(120).nullable(),
    comments: p.text().nullable(),
    // Contract
    typeContract: p.string().length(20).nullable(),
    numberOfHoursPerWeek: p.decimal("number").precision(6).scale(2).nullable(),
    numberOfHoursPerMonth: p.decimal("number").precision(7).scale(2).nullable(),
    hiredAt: p.date().nullable(),
    firedAt: p.date().nullable().index(),
    /** When HR anonymised this archived employee (issue 32 §4, decision 0101). */
    anonymisedAt: p.datetime().nullable(),
    contractState: p.string().length(120).nullable(),
    annualSalary: p.decimal("number").precision(12).scale(2).nullable(),
    hourlyCost: p.decimal("number").precision(10).scale(2).nullable(),
    // Holiday counters (days)
    holidayEarnedLastYear: p.decimal("number").precision(6).scale(2).default(0),
    holidayTakenLastYear: p.decimal("number").precision(6).scale(2).default(0),
    holidayEarnedThisYear: p.decimal("number").precision(6).scale(2).default(0),
    holidayTakenThisYear: p.decimal("number").precision(6).scale(2).default(0),
    holidayTotalBalance: p.decimal("number").precision(6).scale(2).default(0),
    holidayMonthlyVacationAccrual: p.decimal("number").precision(5).scale(2).default(2.08),
    holidayWorkingTimeReduction: p.boolean().default(false),
    // Organisation
    country: () => p.manyToOne(Country).nullable().index(),
    subsidiary: () => p.manyToOne(Subsidiary).nullable().index(),
    division: () => p.manyToOne(Division).nullable().index(),
    departmentHead: p.boolean().default(false),
    team: () => p.manyToOne(Team).nullable().index(),
    teamLeader: p.boolean().default(false),
    timeRegistration: p.boolean().default(true),
    // Workflow and schedule
    leaveWorkflow: p.string().length(10).default("fast"),
    weekType: p.string().length(20).default("unique_week"),
    // Read-only extras maintained by the time and leave services
    lastStateTimeClock: p.string().length(20).default("unbadged"),
    theoreticalLunchTime: p.integer().nullable(),
    recoveryEarned: p.integer().default(0),
    recoveryTaken: p.integer().default(0),
    // The personal code typed at a shop-floor terminal (issue 46, decision 0136): argon2, never shown nor serialised.
    terminalCodeHash: p.string().length(255).nullable().hidden(),
    terminalCodeSetAt: p.datetime().nullable().hidden(),
    terminalCodeFailures: p.integer().default(0).hidden(),
    terminalCodeFailuresSince: p.datetime().nullable().hidden(),
    // The badge's QR (decision 0137): the SHA-256 of its secret only, and when it was issued.
    terminalBadgeHash: p.string().length(64).nullable().unique().hidden(),
    terminalBadgeIssuedAt: p.datetime().nullable().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
export type Employee = InferEntity<typeof Employee>;

/**
 * One weekly schedule of an employee: week 1, or week 2 for `week_one_two`.
 * `days` holds Monday..Friday, each with morning and afternoon start/end in minutes from midnight (null = blank).
 */
export interface ScheduleDay {
  morningStart: number | null;
  morningEnd: number | null;
  afternoonStart: number | null;
  afternoonEnd: number | null;
}
export const WeekSchedule = defineEntity({
  name: "WeekSchedule",
  tableName: "week_schedule",
  uniques: [{ properties: ["employee", "weekNumber"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    weekNumber: p.smallint().default(1),
    days: p.json<ScheduleDay[]>(),
  }),
});
export type WeekSchedule = InferEntity<typeof WeekSchedule>;

/**
 * A former contract of an employee (decision 0070): the terms in force for the weeks whose Monday is before
 * `validUntil`. Written by the sheet when the weekly hours, week type or schedule change; read by the overtime engine.
 */
export const ContractHistory = defineEntity({
  name: "ContractHistory",
  tableName: "contract_history",
  uniques: [{ properties: ["employee", "validUntil"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    validUntil: p.date(),
    numberOfHoursPerWeek: p.decimal("number").precision(6).scale(2).nullable(),
    weekType: p.string().length(20).default("unique_week"),
    /** The schedule's weeks as week_schedule holds them (its `days`, by week number). */
    weeks: p.json<ScheduleDay[][]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    createdBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
  }),
});
export type ContractHistory = InferEntity<typeof ContractHistory>;

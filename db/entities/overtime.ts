import { defineEntity, type InferEntity } from "@mikro-orm/core";
import type { ComplementaryRule, HolidayRate, OvertimeBand } from "../../app/domain/overtime/policy";
import { Employee } from "./employee";
import { Country } from "./organisation";

/**
 * The overtime policy of a country from a date on (DESIGN §8 "The policy is data"): a change of law or agreement
 * is a new row and a recompute. Rates and percentages are numeric percents (37.5 = +37.5 %), hours numeric hours.
 * Field meanings: app/domain/overtime/policy.ts (OvertimePolicy).
 */
export const CountryOvertimePolicy = defineEntity({
  name: "CountryOvertimePolicy",
  tableName: "overtime_policy",
  uniques: [{ properties: ["country", "effectiveFrom"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    country: () => p.manyToOne(Country).deleteRule("cascade"),
    effectiveFrom: p.date(),
    /** weekly (France) or daily (Portugal). */
    mode: p.string().length(10).default("weekly"),
    legalWeekHours: p.decimal("number").precision(5).scale(2).default(35),
    bands: p.json<OvertimeBand[]>(),
    restDayRate: p.decimal("number").precision(5).scale(2).nullable(),
    enhancedFromHours: p.decimal("number").precision(7).scale(2).nullable(),
    enhancedBands: p.json<OvertimeBand[]>(),
    enhancedRestDayRate: p.decimal("number").precision(5).scale(2).nullable(),
    complementary: p.json<ComplementaryRule>().nullable(),
    countedAbsences: p.json<string[]>(),
    holidaysCountAsWork: p.boolean().default(false),
    holidayRate: p.decimal("number").precision(5).scale(2).default(0),
    holidayRates: p.json<HolidayRate[]>(),
    sundayRate: p.decimal("number").precision(5).scale(2).default(0),
    annualQuotaHours: p.decimal("number").precision(7).scale(2).default(220),
    smallCompanyQuotaHours: p.decimal("number").precision(7).scale(2).nullable(),
    smallCompanyMaxEmployees: p.integer().default(20),
    mandatoryRestSmallPercent: p.decimal("number").precision(5).scale(2).default(50),
    mandatoryRestLargePercent: p.decimal("number").precision(5).scale(2).default(100),
    /** paid or all. */
    quotaCounts: p.string().length(10).default("paid"),
    paid: p.decimal("number").precision(5).scale(2).default(100),
    inRecuperation: p.decimal("number").precision(5).scale(2).default(0),
    employeeInitiatedRecuperation: p.decimal("number").precision(5).scale(2).default(50),
    employerInitiatedRecuperation: p.decimal("number").precision(5).scale(2).default(50),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});
export type CountryOvertimePolicy = InferEntity<typeof CountryOvertimePolicy>;

/**
 * The engine's result for one employee and one ISO week, written by upsert on (employee, iso_year, iso_week).
 * `dirty` marks a week whose facts changed since it was computed (a validated correction, a leave accepted or
 * removed, a deduction, an event day, a policy or contract change); the nightly job recomputes it. `provisional`
 * is a week not over when computed; `credited`/`creditedSeconds` record the recovery credited to the employee.
 */
export const OvertimeWeek = defineEntity({
  name: "OvertimeWeek",
  tableName: "overtime_week",
  uniques: [{ properties: ["employee", "isoYear", "isoWeek"] }],
  indexes: [
    { properties: ["isoYear", "isoWeek"] },
    { name: "overtime_week_dirty_index", expression: "create index overtime_week_dirty_index on overtime_week (monday) where dirty" },
    {
      // The dashboards' "to do": weeks at 80 % of the quota or beyond (decision 0054; same predicate as the statement).
      name: "overtime_week_near_quota_index",
      expression:
        "create index overtime_week_near_quota_index on overtime_week (iso_year, employee_id) where (explanation->'quota'->>'limitSeconds')::numeric > 0 and quota_after_seconds * 10 >= (explanation->'quota'->>'limitSeconds')::numeric * 8",
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    isoYear: p.smallint(),
    isoWeek: p.smallint(),
    monday: p.date(),
    policy: () => p.manyToOne(CountryOvertimePolicy).nullable().index().deleteRule("set null"),
    mode: p.string().length(10).default("weekly"),
    contractSeconds: p.integer().default(0),
    workedSeconds: p.integer().default(0),
    countedSeconds: p.integer().default(0),
    normalSeconds: p.integer().default(0),
    extraSeconds: p.integer().default(0),
    undertimeSeconds: p.integer().default(0),
    overtimeSeconds: p.integer().default(0),
    complementarySeconds: p.integer().default(0),
    paidSeconds: p.integer().default(0),
    recoverySeconds: p.integer().default(0),
    recoveryEarnedSeconds: p.integer().default(0),
    premiumSeconds: p.integer().default(0),
    quotaBeforeSeconds: p.integer().default(0),
    quotaWeekSeconds: p.integer().default(0),
    quotaAfterSeconds: p.integer().default(0),
    mandatoryRestSeconds: p.integer().default(0),
    anomalyCount: p.integer().default(0),
    /** Lines (bands, complementary, premiums) and totals per rate. */
    bands: p.json<unknown>(),
    /** Steps of the explanation, the days and the anomalies. */
    explanation: p.json<unknown>(),
    /** sha256 of the stored result: the same facts give the same checksum. */
    checksum: p.string().length(64).nullable(),
    provisional: p.boolean().default(true),
    credited: p.boolean().default(false),
    creditedSeconds: p.integer().default(0),
    creditedAt: p.datetime().nullable(),
    dirty: p.boolean().default(true),
    dirtyAt: p.datetime().nullable(),
    /** Bumped by every mark; a computation clears the mark only if it is still the version it read. */
    dirtyVersion: p.bigint("number").default(0),
    computedAt: p.datetime().nullable(),
  }),
});
export type OvertimeWeek = InferEntity<typeof OvertimeWeek>;

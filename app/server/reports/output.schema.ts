import { LEAVE_REASONS } from "~/domain/leave/days";
import * as z from "~/forms/z.server";
import { Id, Iri, UnixSeconds } from "~/server/api/api-answers.schema";

/**
 * The four reports' /api bodies (`leaveReportJson`, `overtimeReportJson`, `recoveryReportJson`, `costReportJson`
 * in services/reports/output.server.ts, spec 2 §3): hours as decimals, amounts in euros (null when unknown), dates unix seconds.
 */
const head = { identifier: z.string(), start: UnixSeconds, end: UnixSeconds };
const who = { employeeId: Id, employeeName: z.string(), matricule: z.number().int().nullable() };
const week = { weekNumber: z.number().int(), year: z.number().int() };
const euros = z.number().nullable();

export const LeaveReportAnswer = z.object({
  ...head,
  employees: z.array(
    z.object({
      ...who,
      leaves: z.array(
        z.object({
          id: Id,
          employee: Iri,
          // The report keys are the lower-case reasons (spec 2 §3).
          reason: z.enum(LEAVE_REASONS.map((r) => r.toLowerCase()) as [string, ...string[]]),
          start: UnixSeconds,
          end: UnixSeconds,
          halfDayMorning: z.boolean(),
          halfDayAfternoon: z.boolean(),
          createdAt: UnixSeconds,
          numberDaysWork: z.number(),
        }),
      ),
    }),
  ),
  totalItems: z.number().int().min(0),
});

const signed = { totalSeconds: z.number().int(), totalHours: z.number(), totalHourFormat: z.string() };

export const OvertimeReportAnswer = z.object({
  ...head,
  figure: z.literal("time_account"),
  figureLabel: z.string(),
  weeks: z.array(z.object({ ...week, monday: UnixSeconds, running: z.boolean() })),
  employees: z.array(
    z.object({
      employeeId: Id,
      employeeName: z.string(),
      overtimeWeeks: z.array(
        z.object({ ...week, totalOvertimeSeconds: z.number().int(), totalOvertimeHours: z.number(), totalOvertimeHourFormat: z.string(), running: z.boolean() }),
      ),
      ...signed,
      quotaUsedHours: z.number().nullable(),
      mandatoryRestHours: z.number(),
    }),
  ),
  totalByWeek: z.array(z.object({ ...week, running: z.boolean(), totalSeconds: z.number().int().nullable(), totalHours: z.number(), totalHourFormat: z.string() })),
  totalWeeks: z.object(signed),
  totalItems: z.number().int().min(0),
});

export const RecoveryReportAnswer = z.object({
  ...head,
  rates: z.array(z.number()),
  employees: z.array(
    z.object({
      ...who,
      recoveryNormal: euros,
      count: z.number().int(),
      weeks: z.array(
        z.object({
          ...week,
          monday: UnixSeconds,
          normalHours: z.number(),
          structuralHours: z.number(),
          totalOvertime: z.number(),
          recoveryPaid: z.number(),
          overtimeRates: z.array(
            z.object({ rateCalc: z.number(), hourNumber: z.number(), total: z.number(), seconds: z.number().int(), increasedSeconds: z.number().int() }),
          ),
          totalIncreased: z.number(),
          totalIncreasedSeconds: z.number().int(),
          totalIncreasedFormat: z.string(),
          recoveryEarned: z.number(),
          totalTaken: z.number(),
          quotaUsedHours: z.number(),
          mandatoryRestHours: z.number(),
        }),
      ),
      totalTaken: z.number(),
      recoveryEarned: z.number().nullable(),
      recoveryTaken: z.number().nullable(),
      recoveryBalance: z.number().nullable(),
    }),
  ),
  totalItems: z.number().int().min(0),
});

export const CostReportAnswer = z.object({
  ...head,
  rates: z.array(z.number()),
  employees: z.array(
    z.object({
      ...who,
      hourlyCostNormal: euros,
      count: z.number().int(),
      weeks: z.array(
        z.object({
          ...week,
          monday: UnixSeconds,
          normalHours: z.number(),
          normalCost: euros,
          overtimeRates: z.array(z.object({ rateCalc: z.number(), hourNumber: z.number(), total: euros })),
          totalToPay: euros,
          hourlyCostIncreased: euros,
        }),
      ),
      totalToPay: euros,
      averageCost: euros,
      differenceCost: euros,
    }),
  ),
  totalByWeek: z.array(z.object({ ...week, total: euros })),
  totalWeeks: euros,
  totalItems: z.number().int().min(0),
});

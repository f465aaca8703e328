import * as z from "~/forms/z.server";
import { HydraViewAnswer, Id, UnixSeconds } from "~/server/api/api-answers.schema";

/**
 * The overtime answers of /api (spec 2 §7): `deductionToApi` and `explainedToApi` of overtime-api.server.ts, the
 * bodies built in the overtime routes, and the add-recovery result. Durations are seconds, dates unix seconds.
 */

export const DeductionAnswer = z.object({
  "@type": z.literal("Deduction"),
  id: Id,
  date: UnixSeconds,
  deduction: z.number().int(),
  createdBy: z.string().nullable(),
});

/** POST /api/deduction: the deduction and whose it is. */
export const DeductionAddedAnswer = DeductionAnswer.extend({ employeeId: Id });
/** DELETE /api/deduction/{id}: the removed deduction. */
/** `notice`: a day of a month closed for payroll, the French sentence naming it and the payslip month (decision 0122). */
export const DeductionRemovedAnswer = DeductionAnswer.extend({ employeeId: Id, removed: z.literal(true), notice: z.string().nullable() });

const step = z.object({
  step: z.string(),
  seconds: z.number().optional(),
  rate: z.number().optional(),
  date: UnixSeconds.nullable().optional(),
  otherSeconds: z.number().optional(),
  percent: z.number().optional(),
  otherPercent: z.number().optional(),
  beyondCap: z.boolean().optional(),
});
const anomaly = z.object({ code: z.string(), date: UnixSeconds.nullable().optional(), seconds: z.number().optional(), capDivisor: z.number().int().optional() });
const legalCheck = z.object({
  code: z.string(),
  date: UnixSeconds.nullable().optional(),
  seconds: z.number(),
  article: z.string().optional(),
  source: z.string().optional(),
  dueBy: UnixSeconds.nullable().optional(),
  days: z.number().int().optional(),
});
/** One entry of the table of legal sources (app/domain/law/sources.ts). */
const citedSource = z.object({
  id: z.string(),
  country: z.enum(["FR", "PT"]),
  article: z.string(),
  title: z.string(),
  url: z.string(),
  readOn: UnixSeconds,
});

/** One ISO week explained (`explainedToApi`). */
export const OvertimeWeekAnswer = z.object({
  "@type": z.literal("OvertimeWeek"),
  employeeId: Id,
  year: z.number().int(),
  week: z.number().int().min(1).max(53),
  monday: UnixSeconds,
  source: z.enum(["stored", "live"]),
  provisional: z.boolean(),
  computedAt: UnixSeconds.nullable(),
  timeAccount: z.number().int(),
  totals: z.object({
    workedSeconds: z.number(),
    countedSeconds: z.number(),
    contractSeconds: z.number(),
    overtimeSeconds: z.number(),
    complementarySeconds: z.number(),
    paidSeconds: z.number(),
    recoverySeconds: z.number(),
    recoveryEarnedSeconds: z.number(),
    quotaUsedSeconds: z.number(),
    quotaSeconds: z.number(),
  }),
  steps: z.array(step),
  anomalies: z.array(anomaly),
  legalChecks: z.array(legalCheck),
  explanation: z.object({
    days: z.array(z.string()),
    // How the balance and the missing hours relate, when the week has missing hours (issue 41); else null.
    relation: z.string().nullable(),
    steps: z.array(z.string()),
    warnings: z.array(z.string()),
    quotaWarning: z.boolean(),
    quotaPercent: z.number().nullable(),
    // The sources of each line (decision 0125): daySources[i] for days[i], and so on.
    daySources: z.array(z.array(citedSource)),
    stepSources: z.array(z.array(citedSource)),
    warningSources: z.array(z.array(citedSource)),
  }),
});

/** GET /api/overtime/employee/{id} (routes/api.overtime.employee.$id.ts): the year of the screen. */
export const OvertimeYearAnswer = z.object({
  "@type": z.literal("EmployeeOvertimeYear"),
  employeeId: Id,
  employeeFullname: z.string(),
  year: z.number().int(),
  years: z.array(z.number().int()),
  recoveryBalance: z.number(),
  weeks: z.array(
    z.object({
      year: z.number().int(),
      weekNumber: z.number().int(),
      monday: UnixSeconds,
      days: z.array(z.object({ date: UnixSeconds, overtime: z.number().int().nullable() })),
      total: z.number().int().nullable(),
      deducted: z.number().int(),
      legalChecks: z.array(z.string()),
    }),
  ),
  deductions: z.array(DeductionAnswer),
  legalChecks: z.array(z.string()),
  explained: OvertimeWeekAnswer.nullable(),
});

/** GET /api/overtime/search (routes/api.overtime.search.ts): the weekly calendar of a screen. */
export const OvertimeSearchAnswer = z.object({
  view: z.enum(["team", "division", "subsidiary"]),
  start: UnixSeconds,
  end: UnixSeconds,
  subsidiaryId: Id.nullable(),
  divisionId: Id.nullable(),
  teamId: Id.nullable(),
  weeks: z.array(z.object({ year: z.number().int(), week: z.number().int(), monday: UnixSeconds })),
  "hydra:member": z.array(
    z.object({
      "@type": z.literal("EmployeeOvertime"),
      employeeId: Id,
      employeeFullname: z.string(),
      weeks: z.array(
        z.object({
          year: z.number().int(),
          weekNumber: z.number().int(),
          overtime: z.number().int().nullable(),
          hours: z.number().nullable(),
          legalChecks: z.array(z.string()),
        }),
      ),
    }),
  ),
  "hydra:totalItems": z.number().int().min(0),
  "hydra:view": HydraViewAnswer,
  page: z.number().int().positive(),
  pages: z.number().int().min(0),
});

/** GET /api/overtime (routes/api.overtime.ts): a day's overtime record (`day` is the same day as YYYY-MM-DD). */
export const OvertimeRecordAnswer = z.object({
  "@type": z.literal("Overtime"),
  employeeId: Id,
  date: UnixSeconds,
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  overtime: z.number().int(),
});

/** POST /api/add-recovery (`AddRecoveryResult` of services/overtime/recovery.server.ts). */
export const AddRecoveryAnswer = z.object({
  message: z.string(),
  week: z.number().int(),
  year: z.number().int(),
  employees: z.number().int().min(0),
  creditedWeeks: z.number().int().min(0),
  creditedSeconds: z.number().int(),
  /** The week has days in a month closed for payroll: their difference is a rappel on this payslip month (decision 0118). */
  notice: z.string().nullable(),
});

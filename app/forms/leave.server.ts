import * as z from "./z.server";
import { REFUSAL_REASON_MAX_LENGTH } from "~/domain/leave/decision-card";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { t } from "~/i18n/fr";

/**
 * The leave request form (ask and edit) and the /api leave body. The zod schemas only check shapes; the rules
 * that need data (balances, holidays, overlaps, the date limits) are validateLeaveRequest's (domain/leave/form.ts),
 * run by the service for both the form and the /api, so one rule gives one message everywhere.
 */

const ymd = z
  .string({ error: t("leave.error.required") })
  .regex(/^\d{4}-\d{2}-\d{2}$/, t("leave.error.invalid"));

export const LeaveRequestForm = z.object({
  reason: z.enum(LEAVE_REASONS, { error: t("leave.error.required") }),
  start: ymd,
  end: ymd,
  /** The "half day" box; its side is the halfDayPart radio (morning xor afternoon by construction). */
  halfDay: z.boolean().optional(),
  halfDayPart: z.enum(["morning", "afternoon"], { error: t("leave.error.invalid") }).optional(),
  nbHourAbsence: z.number({ error: t("leave.error.invalid") }).max(1000, t("leave.error.invalid")).optional(),
  comment: z.string().trim().max(2000, t("leave.error.invalid")).optional(),
  urgent: z.boolean().optional(),
});
export type LeaveRequestFormValue = z.infer<typeof LeaveRequestForm>;

/**
 * The form's fields as the service's input: the half-day side only counts when the box is ticked (the spec:
 * unchecking the box clears both options).
 */
export function leaveInputFromForm(value: LeaveRequestFormValue) {
  const halfDay = value.halfDay === true;
  return {
    reason: value.reason,
    start: value.start,
    end: value.end,
    halfDay,
    halfDayMorning: halfDay && value.halfDayPart === "morning",
    halfDayAfternoon: halfDay && value.halfDayPart === "afternoon",
    nbHourAbsence: value.nbHourAbsence ?? null,
    comment: value.comment ? value.comment : null,
    urgent: value.urgent === true,
  };
}

/**
 * The /api leave body (spec 2 §3): dates as unix seconds or YYYY-MM-DD (DESIGN §4). Dates stay `unknown` here and
 * are read by fromBodyDate in the service, so a bad date is a 422 violation on its field like any other rule.
 * `employee`, `state` and the counters are not the caller's to set: unknown keys are dropped.
 */
export const ApiLeaveBody = z.object({
  reason: z
    .string({ error: t("leave.error.invalid") })
    .max(40, t("leave.error.invalid"))
    .meta({ enum: [...LEAVE_REASONS], examples: ["PAID_LEAVE"] })
    .nullish(),
  start: z.bodyDate().optional(),
  end: z.bodyDate().optional(),
  halfDayMorning: z.boolean({ error: t("leave.error.invalid") }).nullish(),
  halfDayAfternoon: z.boolean({ error: t("leave.error.invalid") }).nullish(),
  nbHourAbsence: z.number({ error: t("leave.error.invalid") }).max(1000, t("leave.error.invalid")).nullish(),
  comment: z.string({ error: t("leave.error.invalid") }).max(2000, t("leave.error.invalid")).nullish(),
  urgent: z.boolean({ error: t("leave.error.invalid") }).nullish(),
});
export type ApiLeaveBodyValue = z.infer<typeof ApiLeaveBody>;

/** PATCH /api/leaves/{id}/valid|refuse|remove: optional version the caller saw (optimistic lock). */
/** The longest refusal reason (the column's length). */
export const REFUSAL_REASON_MAX = REFUSAL_REASON_MAX_LENGTH;

export const ApiLeaveDecisionBody = z.object({
  version: z.number({ error: t("leave.error.invalid") }).int().positive().optional(),
  /** Refusal only: why (issue 28 item 3), optional, at most REFUSAL_REASON_MAX characters. */
  reason: z
    .string({ error: t("leave.error.refusal_reason_too_long", { max: REFUSAL_REASON_MAX }) })
    .max(REFUSAL_REASON_MAX, { error: t("leave.error.refusal_reason_too_long", { max: REFUSAL_REASON_MAX }) })
    .nullable()
    .optional(),
});

/** The waiting list's GET filter (year 2020..current+2, month 1..12 or all, employee or all). */
export const WaitingFilter = z.object({
  year: z.coerce.number().int().min(2020).max(2100).optional().catch(undefined),
  month: z.union([z.literal("all"), z.coerce.number().int().min(1).max(12)]).optional().catch(undefined),
  employee: z.union([z.literal("all"), z.coerce.number().int().positive()]).optional().catch(undefined),
  name: z.string().max(200).optional().catch(undefined),
  tab: z.enum(["pending", "accepted", "rejected"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

/** The service's violations (propertyPath = form field) as conform field errors. */
export function leaveFieldErrors(violations: { propertyPath: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of violations) (out[v.propertyPath || ""] ??= []).push(v.message);
  return out;
}

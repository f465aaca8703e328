import { LEAVE_REASONS } from "~/domain/leave/days";
import { LEAVE_STATES } from "~/domain/leave/workflow";
import * as z from "~/forms/z.server";
import { Id, Iri, UnixSeconds } from "~/server/api/api-answers.schema";

/**
 * A leave as /api answers it (`leaveJson` in server/leave/api.server.ts, spec 2 §3): start and end as unix seconds of the
 * days, the employee embedded with their counters (null when the viewer may not see them, DESIGN §5).
 */
const counter = z.number().nullable();

export const LeaveAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("Leave"),
  id: Id,
  employee: z.object({
    "@id": Iri,
    id: Id,
    fullname: z.string(),
    recoveryEarned: counter,
    recoveryTaken: counter,
    holidayEarnedLastYear: counter,
    holidayTakenLastYear: counter,
    holidayEarnedThisYear: counter,
    holidayTakenThisYear: counter,
    hiredAt: UnixSeconds.nullable(),
  }),
  reason: z.enum(LEAVE_REASONS),
  comment: z.string().nullable(),
  start: UnixSeconds,
  end: UnixSeconds,
  halfDayMorning: z.boolean(),
  halfDayAfternoon: z.boolean(),
  nbHourAbsence: z.number().nullable(),
  numberDaysWork: z.number(),
  urgent: z.boolean(),
  // A validated leave withdrawn by its manager is kept as "removed" (spec 2 §5), outside the workflow's states.
  state: z.enum([...LEAVE_STATES, "removed"]),
  stateLabel: z.string(),
  version: z.number().int().positive(),
  createdAt: UnixSeconds,
  updatedAt: UnixSeconds,
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canRemove: z.boolean(),
  // A leave read alone (its detail, a decision's answer): who decided each step, and for whom when a deputy did
  // (decision 0105).
  steps: z
    .array(
      z.object({
        step: z.string(),
        label: z.string(),
        actor: z.string().nullable(),
        onBehalfOf: z.string().nullable(),
        at: UnixSeconds,
      }),
    )
    .optional(),
});

/**
 * PATCH /api/leaves/{id}/valid|refuse|remove: the leave, and `notice` when the change touched a month closed for
 * payroll (the French sentence naming it and the payslip carrying the difference, decision 0122), else null.
 */
export const LeaveDecisionAnswer = LeaveAnswer.extend({ notice: z.string().nullable() });

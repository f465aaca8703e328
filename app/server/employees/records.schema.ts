import { PROFILE_TYPES } from "~/domain/identity/access";
import { LEAVE_WORKFLOWS, WEEK_TYPES } from "~/domain/employees/sheet";
import { LEAVE_REASONS } from "~/domain/leave/days";
import * as z from "~/forms/z.server";
import { Id, Iri, UnixSeconds } from "~/server/api/api-answers.schema";

/**
 * An employee as /api answers it (`employeeToApi` in services/employees/records.server.ts, spec 1 §3): the sheet's fields,
 * flat, dates as unix seconds (decision 0088), relations embedded as {@id, id, name} with their parents' IRIs.
 */
const time = z.object({ hour: z.number().int().min(0).max(23), minute: z.number().int().min(0).max(59) }).nullable();
const half = z.object({ start: time, end: time });
const text = z.string().nullable();
const num = z.number().nullable();

export const EmployeeAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("Employee"),
  id: Id,
  matricule: z.number().int().nullable(),
  acronym: text,
  firstname: z.string(),
  lastname: z.string(),
  displayName: z.string(),
  birthday: UnixSeconds.nullable(),
  phone: text,
  email: text,
  emailPersonal: text,
  profileType: z.enum(PROFILE_TYPES),
  position: text,
  comments: text,
  typeContract: text,
  numberOfHoursPerWeek: num,
  numberOfHoursPerMonth: num,
  hiredAt: UnixSeconds.nullable(),
  firedAt: UnixSeconds.nullable(),
  contractState: text,
  annualSalary: num,
  hourlyCost: num,
  holidayEarnedLastYear: num,
  holidayTakenLastYear: num,
  holidayEarnedThisYear: num,
  holidayTakenThisYear: num,
  holidayTotalBalance: num,
  holidayMonthlyVacationAccrual: num,
  holidayWorkingTimeReduction: z.boolean().nullable(),
  country: z.object({ "@id": Iri, id: Id, name: z.string() }).nullable(),
  subsidiary: z.object({ "@id": Iri, id: Id, name: z.string() }).nullable(),
  division: z.object({ "@id": Iri, id: Id, name: z.string(), subsidiary: Iri }).nullable(),
  departmentHead: z.boolean(),
  team: z.object({ "@id": Iri, id: Id, name: z.string(), subsidiary: Iri, division: Iri }).nullable(),
  teamLeader: z.boolean(),
  timeRegistration: z.boolean(),
  leaveWorkflow: z.enum(LEAVE_WORKFLOWS),
  weekType: z.enum(WEEK_TYPES),
  weeks: z.array(z.array(z.object({ morning: half, afternoon: half }))),
  lastStateTimeClock: z.string(),
  theoreticalLunchTime: z.number().int().nullable(),
  recoveryEarned: z.number(),
  recoveryTaken: z.number(),
  isInLeave: z.boolean(),
  isInOvertime: z.boolean(),
  halfDayLeave: z.object({ reason: z.enum(LEAVE_REASONS), halfDayMorning: z.boolean(), halfDayAfternoon: z.boolean() }).nullable(),
  completion: z.number().min(0).max(100),
});

/** PUT /api/employees/{id}: the sheet, and `notice` for a change touching a month closed for payroll (decision 0122). */
export const EmployeeUpdatedAnswer = EmployeeAnswer.extend({ notice: z.string().nullable() });

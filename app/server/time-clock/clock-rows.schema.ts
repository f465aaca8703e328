import * as z from "~/forms/z.server";
import { CLOCK_TYPES } from "~/domain/time-clock/clock-type";
import { Id, Iri, UnixSeconds } from "~/server/api/api-answers.schema";

/**
 * A time clock day as /api answers it (`clockToApi` in services/time-clock/clock-rows.server.ts, spec 2 §3): `date` is the unix seconds
 * of the day's noon UTC, entry times unix seconds; `originSuggested` is the corrected day's IRI, or the day itself
 * embedded in the list of suggestions (GET /api/timeclock/suggested), or null.
 */
const clockType = z.enum(CLOCK_TYPES as unknown as [string, ...string[]]);

const clockFields = {
  "@id": Iri,
  "@type": z.literal("TimeClock"),
  id: Id,
  employeeId: Id,
  employeeFullname: z.string(),
  date: UnixSeconds,
  type: clockType.nullable(),
  suggested: z.boolean(),
  message: z.string().nullable(),
  workingTime: z.string().regex(/^\d{2,}:\d{2}$/),
  workingTimeInSecond: z.number().int(),
  lunchTime: z.number().int(),
  expectedTimeForDay: z.number().int(),
  overtime: z.number().int(),
  anomaly: z.boolean(),
  newNotification: z.string().nullable(),
  timeLogs: z.array(z.object({ id: Id, time: UnixSeconds, type: clockType })),
};

/** A day whose origin is named by its IRI (every answer but the suggestions' list). */
export const ClockAnswer = z.object({ ...clockFields, originSuggested: Iri.nullable() });

/** PATCH /api/timeclock/suggest/{id}/valid: the corrected day, and `notice` for a day of a month closed for payroll
 * (the French sentence naming it and the payslip carrying the difference, decision 0122), else null. */
export const CorrectionValidatedAnswer = ClockAnswer.extend({ notice: z.string().nullable() });

/** A suggestion of GET /api/timeclock/suggested: the day it corrects embedded. */
export const SuggestionAnswer = z.object({ ...clockFields, originSuggested: ClockAnswer.nullable() });

/** The week search result of spec 2 §3 (`searchToApi` in services/time-clock/badging-search.server.ts). */
export const WeekSearchAnswer = z.object({
  employeeId: Id,
  employeeFullname: z.string(),
  weeks: z.array(z.object({ number: z.number().int().min(1).max(53), year: z.number().int(), timeClocks: z.array(ClockAnswer) })),
});

import * as z from "./z.server";

/**
 * The bodies of the overtime /api calls (spec 2 §7), one schema each, used by their routes with `readJson` and by
 * the OpenAPI document (decision 0108). The types are the forms each call accepts; the rules on the values (a week
 * that exists and is over, a duration, a period of at most 6 months, an employee of the caller's scope) stay in
 * the domain and the services, which name the field at fault in French.
 */

const week = z.union([z.number().int(), z.string()]);

/** POST /api/add-recovery {week, year, force}: numbers or their text ("12", "2026"), force true/"true". */
export const ApiAddRecoveryBody = z
  .object({
    week: week.optional(),
    year: week.optional(),
    // "true"/"false" checked by the domain (its French message on `force`), like the week and the year.
    force: z.union([z.boolean(), z.string()]).optional().meta({ examples: [true, "true", "false"] }),
  })
  .meta({ required: ["week", "year"] });

/** An employee: an id, its text, or its IRI ("/api/employees/12"). */
const employeeId = z.union([z.number().int(), z.string()]);
/** A day: unix seconds or YYYY-MM-DD. */
const bodyDay = z.union([z.number(), z.string()]);

/** POST /api/deduction {newdeduction, employeeId}: a duration ("2", "1,5", "1h30") or hours as a number. */
export const ApiDeductionBody = z
  .object({ newdeduction: z.union([z.string(), z.number()]).optional(), employeeId: employeeId.optional() })
  .meta({ required: ["newdeduction", "employeeId"] });

/** POST /api/getdeduction {employeeId, start, end}. */
export const ApiGetDeductionBody = z
  .object({ employeeId: employeeId.optional(), start: bodyDay.optional(), end: bodyDay.optional() })
  .meta({ required: ["employeeId", "start", "end"] });

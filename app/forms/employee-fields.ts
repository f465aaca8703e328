import type { ScheduleDay } from "~/domain/employees/sheet";

/**
 * What the employee sheet's components need from its form at runtime, kept free of zod so the browser bundle does
 * not carry the schemas (DESIGN §6): the schemas are in employee.server.ts, validation is the server's.
 */

/** The names of the schedule inputs, shared with the editor: weeks[w][d].morningStartHour ... */
export function scheduleInputName(week: number, day: number, half: keyof ScheduleDay, unit: "Hour" | "Minute") {
  return `weeks[${week}][${day}].${half}${unit}`;
}

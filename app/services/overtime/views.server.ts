/**
 * The overtime screens and calls (spec 2 "Overtime screens", §7; DESIGN §8; issue 13 §5–8): the weekly calendars of
 * a team, a division or a subsidiary, an employee's year, the explained week, the legal checks and the deductions.
 * Shared by the HTML routes and the /api routes. One query per kind of data, whatever the rows shown: employees,
 * the time account per week, the clock entries of the legal checks, the stored weeks, the deductions.
 *
 * The numbers (DESIGN §8): a calendar cell and a weekly total are the time account (the days' worked − expected,
 * minus the week's deductions); the explanation is the legal overtime of the stored week (or the week computed now,
 * not stored, when the job has not stored it yet or it is marked dirty).
 */
// The module is split by verb group (STYLE.md, issue 25 §7); this file keeps the callers' import path.
export * from "./calendar.server";
export * from "./deductions.server";
export * from "./year.server";

import { alsaceMoselleHolidays, holidaysForCountry, type PublicHoliday } from "./holidays";

/**
 * Computed public holidays proposed to an administrator (decision 0097): which calendar a country or a subsidiary
 * follows, the days of a year, and what adding them would change next to the days already stored.
 */

/** A calendar Cadran computes: a country's national holidays, or Alsace-Moselle's extras for a subsidiary. */
export type HolidayCalendar = "national" | "alsace-moselle" | "alsace-moselle-good-friday";

export const HOLIDAY_CALENDARS: readonly HolidayCalendar[] = ["national", "alsace-moselle", "alsace-moselle-good-friday"];

export function isHolidayCalendar(value: unknown): value is HolidayCalendar {
  return typeof value === "string" && (HOLIDAY_CALENDARS as readonly string[]).includes(value);
}

/** Years an administrator may ask for: from last year to five years ahead (a plan rarely looks further). */
export function proposalYears(currentYear: number): number[] {
  return Array.from({ length: 7 }, (_, i) => currentYear - 1 + i);
}

/** Whether a country's national holidays are known (by its name, as the seeds name them). */
export function hasNationalCalendar(countryName: string): boolean {
  return holidaysForCountry(countryName, 2000).length > 0;
}

/** Alsace-Moselle's extras are French local law: offered for subsidiaries of a country named France only. */
export function offersAlsaceMoselle(countryName: string): boolean {
  return countryName.trim().toLowerCase() === "france";
}

/**
 * The days of a calendar in a year. `countryName` names the national calendar (France, Portugal); the Alsace-Moselle
 * calendars ignore it.
 *
 * @example computedHolidays("alsace-moselle", "France", 2026) // [{ date: "2026-12-26", name: "Saint-Étienne" }]
 */
export function computedHolidays(calendar: HolidayCalendar, countryName: string, year: number): PublicHoliday[] {
  switch (calendar) {
    case "national":
      return holidaysForCountry(countryName, year);
    case "alsace-moselle":
      return alsaceMoselleHolidays(year, { goodFriday: false });
    case "alsace-moselle-good-friday":
      return alsaceMoselleHolidays(year, { goodFriday: true });
  }
}

export type ProposalStatus = "add" | "present";

export interface ProposedHoliday extends PublicHoliday {
  status: ProposalStatus;
  /** The stored name of a day already there, when it differs from the computed one (never renamed). */
  storedName: string | null;
}

/**
 * Each computed day next to what is stored: to add, or already there (same date, whatever its name: nothing is
 * doubled, and a day an administrator renamed keeps their name).
 *
 * @example proposeHolidays([{ date: "2026-12-25", name: "Noël" }], [{ date: "2026-12-25", name: "Noël" }]) // status "present"
 */
export function proposeHolidays(computed: readonly PublicHoliday[], stored: readonly PublicHoliday[]): ProposedHoliday[] {
  const byDate = new Map(stored.map((h) => [h.date, h.name]));
  return computed.map((h) => {
    const name = byDate.get(h.date);
    if (name === undefined) return { ...h, status: "add", storedName: null };
    return { ...h, status: "present", storedName: name === h.name ? null : name };
  });
}

/** The days a proposal would add. */
export function holidaysToAdd(proposal: readonly ProposedHoliday[]): PublicHoliday[] {
  return proposal.filter((p) => p.status === "add").map(({ date, name }) => ({ date, name }));
}

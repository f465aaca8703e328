import { calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * A vacation year ("période de référence des congés payés"): 1 June to 31 May of the next year.
 * `label` names both calendar years, e.g. "2026-2027".
 */
export interface VacationYear {
  start: CalendarDate;
  end: CalendarDate;
  label: string;
}

/** The part of a period that falls inside one vacation year. */
export interface VacationYearSlice {
  vacationYear: VacationYear;
  start: CalendarDate;
  end: CalendarDate;
}

/** Month the vacation year starts in (June); its day is always the 1st. */
const FIRST_MONTH = 6;

function vacationYearStartingIn(year: number): VacationYear {
  return {
    start: `${year}-06-01`,
    end: `${year + 1}-05-31`,
    label: `${year}-${year + 1}`,
  };
}

/**
 * The vacation year a date belongs to. Before 1 June a date belongs to the period that began the
 * previous June.
 *
 * @example vacationYearOf("2026-06-01") // { start: "2026-06-01", end: "2027-05-31", label: "2026-2027" }
 * @example vacationYearOf("2026-05-31") // { start: "2025-06-01", end: "2026-05-31", label: "2025-2026" }
 */
export function vacationYearOf(date: CalendarDate): VacationYear {
  const day = calendarDay(date);
  return vacationYearStartingIn(day.month >= FIRST_MONTH ? day.year : day.year - 1);
}

/**
 * Cuts a period (both ends included) at each 1 June, so every slice lies in one vacation year.
 * An end before the start gives no slice.
 *
 * @example splitAcrossVacationYears("2026-05-28", "2026-06-03")
 *   // [{ vacationYear: 2025-2026, start: "2026-05-28", end: "2026-05-31" },
 *   //  { vacationYear: 2026-2027, start: "2026-06-01", end: "2026-06-03" }]
 */
export function splitAcrossVacationYears(start: CalendarDate, end: CalendarDate): VacationYearSlice[] {
  calendarDay(end); // a malformed end must throw even when the loop below would not run
  const slices: VacationYearSlice[] = [];
  let sliceStart = start;
  // 'YYYY-MM-DD' strings compare like the dates they name.
  while (sliceStart <= end) {
    const vacationYear = vacationYearOf(sliceStart);
    const sliceEnd = vacationYear.end < end ? vacationYear.end : end;
    slices.push({ vacationYear, start: sliceStart, end: sliceEnd });
    // The next slice starts on the next 1 June, which is the day after this vacation year's end.
    sliceStart = vacationYearStartingIn(Number(vacationYear.end.slice(0, 4))).start;
  }
  return slices;
}

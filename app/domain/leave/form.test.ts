import { describe, expect, it } from "vitest";
import {
  isLeaveRequestComplete,
  minEndDate,
  minStartDate,
  normaliseHalfDay,
  toHalfDay,
  validateLeaveRequest,
  type ExistingLeave,
  type HalfDayChoice,
  type LeaveRequestContext,
  type LeaveRequestInput,
  type LeaveRequestViolation,
} from "./form";

describe("normaliseHalfDay", () => {
  const choice = (start: string | null, end: string | null, halfDay: boolean, morning: boolean, afternoon: boolean): HalfDayChoice => ({
    start,
    end,
    halfDay,
    morning,
    afternoon,
  });
  const FRIDAY = "2026-07-17";

  it.each<[string, HalfDayChoice, "morning" | "afternoon" | undefined, [boolean, boolean, boolean]]>([
    ["half day on a Friday, morning", choice(FRIDAY, FRIDAY, true, true, false), "morning", [true, true, false]],
    ["ticking afternoon unticks morning", choice(FRIDAY, FRIDAY, true, true, true), "afternoon", [true, false, true]],
    ["ticking morning unticks afternoon", choice(FRIDAY, FRIDAY, true, true, true), "morning", [true, true, false]],
    ["both ticked without knowing which came last stay for the validation", choice(FRIDAY, FRIDAY, true, true, true), undefined, [true, true, true]],
    ["box ticked, no side yet", choice(FRIDAY, FRIDAY, true, false, false), undefined, [true, false, false]],
    ["unticking the box clears both sides", choice(FRIDAY, FRIDAY, false, true, false), undefined, [false, false, false]],
    ["dates that differ clear everything", choice("2026-07-16", FRIDAY, true, false, true), undefined, [false, false, false]],
    ["no end yet clears everything", choice(FRIDAY, null, true, true, false), undefined, [false, false, false]],
    ["no dates at all clears everything", choice(null, null, true, true, false), undefined, [false, false, false]],
  ])("%s", (_name, input, changed, [halfDay, morning, afternoon]) => {
    expect(normaliseHalfDay(input, changed)).toEqual({ start: input.start, end: input.end, halfDay, morning, afternoon });
  });
});

describe("toHalfDay", () => {
  it.each([
    [false, false, null],
    [true, false, "morning"],
    [false, true, "afternoon"],
    [true, true, null],
  ])("morning %s, afternoon %s -> %s", (halfDayMorning, halfDayAfternoon, expected) => {
    expect(toHalfDay({ halfDayMorning, halfDayAfternoon })).toBe(expected);
  });
});

describe("date-picker limits", () => {
  it.each([
    ["an ordinary day", "2026-07-15", "2026-07-14"],
    ["the first of a month", "2026-03-01", "2026-02-28"],
    ["1 March of a leap year", "2028-03-01", "2028-02-29"],
    ["new year's day", "2027-01-01", "2026-12-31"],
    ["the day after the spring DST change", "2026-03-30", "2026-03-29"],
  ])("minStartDate on %s is yesterday", (_name, today, expected) => {
    expect(minStartDate(today)).toBe(expected);
  });

  it.each([
    ["the start itself", "2026-07-20", "2026-07-15", "2026-07-20"],
    ["yesterday when no start is chosen", null, "2026-07-15", "2026-07-14"],
    ["yesterday when the start is empty", "", "2026-07-15", "2026-07-14"],
  ])("minEndDate is %s", (_name, start, today, expected) => {
    expect(minEndDate(start, today)).toBe(expected);
  });
});

describe("isLeaveRequestComplete", () => {
  const base: LeaveRequestInput = { reason: "PAID_LEAVE", start: "2026-07-13", end: "2026-07-17", halfDayMorning: false, halfDayAfternoon: false };

  it.each<[string, Partial<LeaveRequestInput>, boolean]>([
    ["everything filled", {}, true],
    ["no reason", { reason: "" }, false],
    ["no start", { start: null }, false],
    ["no end", { end: undefined }, false],
    ["a recovery leave without hours", { reason: "RECOVERY_LEAVE" }, false],
    ["a recovery leave with hours", { reason: "RECOVERY_LEAVE", nbHourAbsence: 2 }, true],
    ["hours are not needed for paid leave", { nbHourAbsence: null }, true],
  ])("%s: %s", (_name, over, expected) => {
    expect(isLeaveRequestComplete({ ...base, ...over })).toBe(expected);
  });
});

describe("validateLeaveRequest", () => {
  const TODAY = "2026-07-08"; // a Wednesday
  const HOLIDAYS = new Set(["2026-07-14", "2026-08-15", "2026-11-11"]);
  const existing: ExistingLeave[] = [
    { id: 1, start: "2026-08-03", end: "2026-08-07", halfDay: null, state: "accepted" },
    { id: 2, start: "2026-09-04", end: "2026-09-04", halfDay: "morning", state: "pending" },
    { id: 3, start: "2026-10-05", end: "2026-10-09", halfDay: null, state: "refused" },
    { id: 4, start: "2026-10-12", end: "2026-10-16", halfDay: null, state: "prevalidate" },
  ];
  const ctx = (over: Partial<LeaveRequestContext> = {}): LeaveRequestContext => ({
    today: TODAY,
    holidays: HOLIDAYS,
    existingLeaves: existing,
    balances: {
      vacation: { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 2.5, takenThisYear: 0 }, // 7.5 days
      recovery: { earned: 36_000, taken: 21_600 }, // 4 hours
    },
    ...over,
  });
  const request = (over: Partial<LeaveRequestInput> = {}): LeaveRequestInput => ({
    reason: "PAID_LEAVE",
    start: "2026-07-20",
    end: "2026-07-24",
    halfDayMorning: false,
    halfDayAfternoon: false,
    ...over,
  });
  const v = (field: LeaveRequestViolation["field"], code: LeaveRequestViolation["code"]): LeaveRequestViolation => ({ field, code });

  it.each<[string, Partial<LeaveRequestInput>, LeaveRequestViolation[]]>([
    ["a valid week of paid leave", {}, []],
    ["a leave that started yesterday", { start: "2026-07-07", end: "2026-07-07" }, []],
    ["a leave starting today", { start: TODAY, end: TODAY }, []],
    ["half day on a Friday", { start: "2026-07-17", end: "2026-07-17", halfDayAfternoon: true }, []],
    ["the afternoon next to a pending morning", { start: "2026-09-04", end: "2026-09-04", halfDayAfternoon: true }, []],
    ["a leave across 14 July", { start: "2026-07-13", end: "2026-07-17" }, []],
    ["a sick leave longer than the balance", { reason: "SICK_LEAVE", start: "2026-07-20", end: "2026-07-31" }, []],
    ["dates over a refused leave", { start: "2026-10-05", end: "2026-10-09" }, []],
    ["a recovery leave within the balance", { reason: "RECOVERY_LEAVE", nbHourAbsence: 4, start: "2026-07-20", end: "2026-07-20" }, []],
    ["nothing filled", { reason: null, start: null, end: "" }, [v("reason", "required"), v("start", "required"), v("end", "required")]],
    ["an unknown reason", { reason: "HOLIDAY_LEAVE" }, [v("reason", "invalid")]],
    ["a malformed date", { start: "20/07/2026" }, [v("start", "invalid")]],
    ["31 June", { end: "2026-06-31" }, [v("end", "invalid")]],
    ["a recovery leave without hours", { reason: "RECOVERY_LEAVE", start: "2026-07-20", end: "2026-07-20" }, [v("nbHourAbsence", "required")]],
    ["a recovery leave of half an hour", { reason: "RECOVERY_LEAVE", nbHourAbsence: 0.5, start: "2026-07-20", end: "2026-07-20" }, [v("nbHourAbsence", "hours_min_1")]],
    ["a recovery leave of NaN hours", { reason: "RECOVERY_LEAVE", nbHourAbsence: Number.NaN, start: "2026-07-20", end: "2026-07-20" }, [v("nbHourAbsence", "required")]],
    ["a recovery leave above the balance", { reason: "RECOVERY_LEAVE", nbHourAbsence: 5, start: "2026-07-20", end: "2026-07-20" }, [v("nbHourAbsence", "insufficient_recovery")]],
    ["an end before the start", { start: "2026-07-24", end: "2026-07-20" }, [v("end", "end_before_start")]],
    ["a start the day before yesterday", { start: "2026-07-06", end: "2026-07-06" }, [v("start", "start_too_early")]],
    ["morning and afternoon", { start: "2026-07-17", end: "2026-07-17", halfDayMorning: true, halfDayAfternoon: true }, [v("halfDay", "half_day_both")]],
    ["a half day on several days", { halfDayMorning: true }, [v("halfDay", "half_day_needs_same_day")]],
    ["the half-day box without a side", { start: "2026-07-17", end: "2026-07-17", halfDay: true }, [v("halfDay", "required")]],
    ["a leave on 14 July alone", { start: "2026-07-14", end: "2026-07-14" }, [v("start", "only_holiday")]],
    ["a leave starting on 14 July (spec 2 §5: working days only)", { start: "2026-07-14", end: "2026-07-17" }, []],
    ["a leave ending on 11 November (spec 2 §5: working days only)", { start: "2026-11-09", end: "2026-11-11" }, []],
    ["a leave starting on a Saturday", { start: "2026-07-18", end: "2026-07-21" }, []],
    ["a leave ending on a Sunday", { start: "2026-07-20", end: "2026-07-26" }, []],
    ["a weekend", { start: "2026-07-18", end: "2026-07-19" }, [v("start", "only_weekend")]],
    ["half day on a Saturday", { start: "2026-07-18", end: "2026-07-18", halfDayMorning: true }, [v("start", "only_weekend")]],
    ["half day on 14 July", { start: "2026-07-14", end: "2026-07-14", halfDayAfternoon: true }, [v("start", "only_holiday")]],
    ["a leave over an accepted leave", { start: "2026-08-06", end: "2026-08-10" }, [v("start", "overlap")]],
    ["the same morning as a pending leave", { start: "2026-09-04", end: "2026-09-04", halfDayMorning: true }, [v("start", "overlap")]],
    ["a whole day over a pending morning", { start: "2026-09-04", end: "2026-09-04" }, [v("start", "overlap")]],
    ["a leave over a prevalidated leave", { start: "2026-10-16", end: "2026-10-19" }, [v("start", "overlap")]],
    ["a paid leave longer than the balance", { start: "2026-07-20", end: "2026-07-30" }, [v("start", "insufficient_balance")]],
    ["exactly the balance (7.5 days)", { start: "2026-07-20", end: "2026-07-29" }, [v("start", "insufficient_balance")]],
    ["a year of sick leave (leap day included)", { reason: "SICK_LEAVE", start: "2027-07-01", end: "2028-06-30" }, []],
    ["a year and a day", { reason: "SICK_LEAVE", start: "2026-07-20", end: "2027-07-21" }, [v("end", "too_long")]],
    ["an end in 2200 (the issue's 45,024 working days)", { start: "2026-07-20", end: "2200-01-01" }, [v("end", "out_of_range")]],
    ["an end on 9999-12-31", { start: "2026-07-20", end: "9999-12-31" }, [v("end", "out_of_range")]],
    ["an end 2 years ahead is still near", { reason: "SICK_LEAVE", start: "2028-07-01", end: "2028-07-08" }, []],
    ["a start more than 2 years ahead", { start: "2028-07-10", end: "2028-07-11" }, [v("start", "out_of_range"), v("end", "out_of_range")]],
    ["a start in year 1", { start: "0001-01-01", end: "2026-07-20" }, [v("start", "start_too_early"), v("end", "too_long")]],
    ["a start and an end in year 1", { start: "0001-01-01", end: "0001-01-02" }, [v("start", "start_too_early"), v("end", "out_of_range")]],
    ["several mistakes at once", { reason: "", start: "2026-07-01", end: "2026-07-01", halfDayMorning: true, halfDayAfternoon: true }, [v("reason", "required"), v("halfDay", "half_day_both"), v("start", "start_too_early")]],
  ])("%s", (_name, over, expected) => {
    expect(validateLeaveRequest(request(over), ctx())).toEqual(expected);
  });

  it.each<[string, Partial<LeaveRequestInput>, LeaveRequestViolation[]]>([
    ["the Ascension bridge, Thursday 06/05/2027 to Friday 07/05/2027", { start: "2027-05-06", end: "2027-05-07" }, []],
    ["Tuesday 04/05/2027 to the Ascension 06/05/2027", { start: "2027-05-04", end: "2027-05-06" }, []],
    ["the Ascension alone", { start: "2027-05-06", end: "2027-05-06" }, [v("start", "only_holiday")]],
    ["the weekend of 09-10/01/2027 (a weekend, not a jour férié)", { start: "2027-01-09", end: "2027-01-10" }, [v("start", "only_weekend")]],
    ["Saturday 15/05/2027 to Whit Monday 17/05/2027", { start: "2027-05-15", end: "2027-05-17" }, [v("start", "only_weekend_and_holiday")]],
  ])("spec 2 §5, a leave may start or end on a non-working day: %s", (_name, over, expected) => {
    const holidays = new Set(["2027-01-01", "2027-05-06", "2027-05-17"]);
    expect(validateLeaveRequest(request(over), ctx({ today: "2026-11-26", holidays }))).toEqual(expected);
  });

  it("accepts exactly the whole balance", () => {
    // 2026-07-20 .. 2026-07-29 is 8 working days; with a balance of 8 it passes.
    const balances = { vacation: { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 3, takenThisYear: 0 }, recovery: { earned: 0, taken: 0 } };
    expect(validateLeaveRequest(request({ start: "2026-07-20", end: "2026-07-29" }), ctx({ balances }))).toEqual([]);
  });

  it("lets an edited request keep a start older than yesterday and ignore its own dates", () => {
    const stored: ExistingLeave = { id: 7, start: "2026-07-01", end: "2026-07-03", halfDay: null, state: "pending" };
    const edit = request({ start: "2026-07-01", end: "2026-07-06" });
    const context = ctx({ existingLeaves: [...existing, stored], editing: { id: 7, start: "2026-07-01" } });
    expect(validateLeaveRequest(edit, context)).toEqual([]);
  });

  it("still refuses an edited request moved to an older start", () => {
    const stored: ExistingLeave = { id: 7, start: "2026-07-01", end: "2026-07-03", halfDay: null, state: "pending" };
    const edit = request({ start: "2026-06-30", end: "2026-07-03" });
    const context = ctx({ existingLeaves: [stored], editing: { id: 7, start: "2026-07-01" } });
    expect(validateLeaveRequest(edit, context)).toEqual([v("start", "start_too_early")]);
  });

  it("refuses a far end without counting its days (no stall)", () => {
    const started = performance.now();
    const holidays = new Set(Array.from({ length: 60 }, (_, i) => `${2026 + i}-07-14`));
    expect(validateLeaveRequest(request({ end: "9999-12-31" }), ctx({ holidays }))).toEqual([v("end", "out_of_range")]);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("lets an edited request keep an old stored start, but not stretch it past a year", () => {
    const stored: ExistingLeave = { id: 7, start: "2024-01-10", end: "2024-01-12", halfDay: null, state: "pending" };
    const context = ctx({ existingLeaves: [stored], editing: { id: 7, start: "2024-01-10" } });
    expect(validateLeaveRequest(request({ reason: "SICK_LEAVE", start: "2024-01-10", end: "2024-01-15" }), context)).toEqual([v("end", "out_of_range")]);
    expect(validateLeaveRequest(request({ reason: "SICK_LEAVE", start: "2025-07-10", end: "2026-07-15" }), ctx({ editing: { id: 7, start: "2025-07-10" } }))).toEqual([v("end", "too_long")]);
  });

  it("counts a half day as 0.5 against the balance", () => {
    const balances = { vacation: { earnedLastYear: 0, takenLastYear: 0, earnedThisYear: 0.5, takenThisYear: 0 }, recovery: { earned: 0, taken: 0 } };
    const friday = { start: "2026-07-17", end: "2026-07-17" };
    expect(validateLeaveRequest(request({ ...friday, halfDayMorning: true }), ctx({ balances }))).toEqual([]);
    expect(validateLeaveRequest(request(friday), ctx({ balances }))).toEqual([v("start", "insufficient_balance")]);
  });
});

import { describe, expect, it } from "vitest";
import {
  backLink,
  completionPercent,
  dayTotalLabel,
  emptyWeek,
  fromHourMinute,
  importedSchedule,
  isArchived,
  isFilled,
  missingRequiredFields,
  missingSchedule,
  NEW_EMPLOYEE_DEFAULTS,
  normaliseWeek,
  scheduleAgainstContract,
  sheetBreadcrumb,
  toHourMinute,
  TRACKED_FIELDS,
  weekCount,
  weekTotalLabel,
  type ScheduleDay,
  type SheetPlace,
  type TrackedField,
} from "./sheet";

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const day = (ms: number | null, me: number | null, as: number | null, ae: number | null): ScheduleDay => ({
  morningStart: ms,
  morningEnd: me,
  afternoonStart: as,
  afternoonEnd: ae,
});

/** A sheet with every tracked field filled. */
const complete: Record<TrackedField, unknown> = {
  matricule: 1042,
  acronym: "CDU",
  firstname: "camille",
  lastname: "dupont",
  phone: "0601020304",
  emailPersonal: "camille@example.org",
  birthday: "1990-04-12",
  typeContract: "CDI",
  numberOfHoursPerWeek: 35,
  numberOfHoursPerMonth: 151.67,
  hiredAt: "2020-01-06",
  contractState: "En poste",
  annualSalary: 32000,
  hourlyCost: 21.5,
  holidayEarnedLastYear: 25,
  holidayTakenLastYear: 10,
  holidayEarnedThisYear: 12.48,
  holidayTakenThisYear: 0,
  leaveWorkflow: "full",
  holidayTotalBalance: 27.48,
  holidayMonthlyVacationAccrual: 2.08,
  holidayWorkingTimeReduction: false,
  country: 1,
  subsidiary: 1,
  position: "Imprimeur",
  timeRegistration: true,
  division: 2,
  departmentHead: false,
  teamLeader: false,
  weekType: "unique_week",
  email: "camille.dupont@cadran.test",
  profileType: "ROLE_EMPLOYEE",
};

describe("TRACKED_FIELDS", () => {
  it("holds the 32 fields spec 1 §5 requires, each once, and not the optional ones", () => {
    expect(TRACKED_FIELDS).toHaveLength(32);
    expect(new Set(TRACKED_FIELDS).size).toBe(32);
    for (const optional of ["firedAt", "comments", "team"]) expect(TRACKED_FIELDS).not.toContain(optional);
  });
});

describe("isFilled", () => {
  it.each<{ name: string; value: unknown; filled: boolean }>([
    { name: "null", value: null, filled: false },
    { name: "undefined", value: undefined, filled: false },
    { name: "empty text", value: "", filled: false },
    { name: "blank text", value: "   ", filled: false },
    { name: "the number zero (digits)", value: 0, filled: true },
    { name: "the text zero (digits)", value: "0", filled: true },
    { name: "NaN (a falsy value that is not digits)", value: Number.NaN, filled: false },
    { name: "a decimal", value: 2.08, filled: true },
    { name: "a yes/no answered no", value: false, filled: true },
    { name: "a yes/no answered yes", value: true, filled: true },
    { name: "some text", value: "CDI", filled: true },
  ])("$name -> $filled", ({ value, filled }) => {
    expect(isFilled(value)).toBe(filled);
  });
});

describe("completionPercent", () => {
  it.each<{ name: string; values: Partial<Record<TrackedField, unknown>>; percent: number }>([
    { name: "every tracked field filled", values: complete, percent: 100 },
    { name: "nothing filled", values: {}, percent: 0 },
    { name: "one field of 32 missing (31/32 = 96.9 %)", values: { ...complete, position: "" }, percent: 97 },
    { name: "counters at zero still count", values: { ...complete, holidayTakenLastYear: 0, holidayTotalBalance: 0 }, percent: 100 },
    { name: "half of the fields (16/32)", values: Object.fromEntries(TRACKED_FIELDS.slice(0, 16).map((f) => [f, complete[f]])), percent: 50 },
    { name: "one field (1/32 = 3.1 %)", values: { email: "a@b.c" }, percent: 3 },
    { name: "optional fields do not count", values: { ...complete, comments: null, team: null, firedAt: null } as never, percent: 100 },
  ])("$name -> $percent %", ({ values, percent }) => {
    expect(completionPercent(values)).toBe(percent);
  });

  it("a new sheet with its defaults is partly complete (defaults count as filled)", () => {
    // profileType, 5 counters, accrual, 4 yes/no, leaveWorkflow, weekType = 13 of 32
    expect(completionPercent(NEW_EMPLOYEE_DEFAULTS)).toBe(Math.round((13 / 32) * 100));
  });
});

describe("isArchived", () => {
  it.each([
    ["no departure date", null, false],
    ["an empty departure date", "", false],
    ["a departure date", "2026-03-31", true],
  ] as const)("%s -> %s", (_name, firedAt, archived) => {
    expect(isArchived(firedAt)).toBe(archived);
  });
});

describe("missingRequiredFields", () => {
  it("nothing is missing on a complete sheet", () => {
    expect(missingRequiredFields({ ...complete, firedAt: null })).toEqual([]);
  });
  it("lists every empty required field of an active employee, zero being filled", () => {
    expect(missingRequiredFields({ ...complete, acronym: " ", matricule: null, holidayTakenThisYear: 0 })).toEqual([
      "matricule",
      "acronym",
    ]);
  });
  it("an archived sheet only needs the professional e-mail, the profile type and the names", () => {
    expect(missingRequiredFields({ firedAt: "2026-01-31", email: "x@cadran.test", profileType: "ROLE_USER", firstname: "a", lastname: "b" })).toEqual([]);
    expect(missingRequiredFields({ firedAt: "2026-01-31", email: "", profileType: null, firstname: "a", lastname: "b" })).toEqual([
      "email",
      "profileType",
    ]);
  });
  it("an empty sheet misses all 32 tracked fields", () => {
    expect(missingRequiredFields({})).toHaveLength(32);
  });
});

describe("day totals (the 00:00 rule)", () => {
  it.each<{ name: string; d: ScheduleDay | null; label: string }>([
    { name: "09:00-12:00 and 13:00-17:00", d: day(h(9), h(12), h(13), h(17)), label: "07:00" },
    { name: "08:30-12:15 and 13:45-17:30", d: day(h(8, 30), h(12, 15), h(13, 45), h(17, 30)), label: "07:30" },
    { name: "morning only", d: day(h(8), h(12), null, null), label: "04:00" },
    { name: "blank template", d: day(null, null, null, null), label: "00:00" },
    { name: "morning ends before it starts", d: day(h(12), h(9), h(13), h(17)), label: "00:00" },
    { name: "afternoon ends before it starts", d: day(h(9), h(12), h(17), h(13)), label: "00:00" },
    { name: "no day", d: null, label: "00:00" },
  ])("$name -> $label", ({ d, label }) => {
    expect(dayTotalLabel(d)).toBe(label);
  });

  it("a week total adds the days (an inverted day adds nothing)", () => {
    const seven = day(h(9), h(12), h(13), h(17));
    expect(weekTotalLabel([seven, seven, seven, seven, day(h(9), h(12), null, null)])).toBe("31:00");
    expect(weekTotalLabel([seven, seven, seven, seven, day(h(12), h(9), null, null)])).toBe("28:00");
    expect(weekTotalLabel(emptyWeek())).toBe("00:00");
  });
});

describe("schedule values", () => {
  it.each<{ hour: number | null; minute: number | null; minutes: number | null }>([
    { hour: 9, minute: 30, minutes: 570 },
    { hour: 0, minute: 0, minutes: 0 },
    { hour: 23, minute: 59, minutes: 1439 },
    { hour: 9, minute: null, minutes: 540 },
    { hour: null, minute: 30, minutes: null },
    { hour: 24, minute: 0, minutes: null },
    { hour: 9, minute: 60, minutes: null },
    { hour: 9.5, minute: 0, minutes: null },
  ])("fromHourMinute($hour, $minute) -> $minutes", ({ hour, minute, minutes }) => {
    expect(fromHourMinute(hour, minute)).toBe(minutes);
  });

  it("toHourMinute splits minutes from midnight", () => {
    expect(toHourMinute(570)).toEqual({ hour: 9, minute: 30 });
    expect(toHourMinute(0)).toEqual({ hour: 0, minute: 0 });
    expect(toHourMinute(null)).toBeNull();
  });

  it("normaliseWeek always gives five days", () => {
    expect(normaliseWeek([day(h(9), h(12), null, null)])).toHaveLength(5);
    expect(normaliseWeek(null)[4]).toEqual(day(null, null, null, null));
  });

  it.each([
    ["unique_week", 1],
    ["week_one_two", 2],
    [null, 1],
  ] as const)("weekType %s shows %i week(s)", (type, count) => {
    expect(weekCount(type)).toBe(count);
  });
});

describe("breadcrumb and back link", () => {
  const sub = { id: 1, name: "3 Print" };
  const div = { id: 2, name: "Impression" };
  const team = { id: 3, name: "Offset" };
  it.each<{ name: string; place: SheetPlace; back: string }>([
    { name: "team known", place: { subsidiary: sub, division: div, team }, back: "/employees/subsidiary/1/division/2/team/3" },
    { name: "no team", place: { subsidiary: sub, division: div, team: null }, back: "/employees/subsidiary/1/division/2" },
    { name: "no division", place: { subsidiary: sub, division: null, team: null }, back: "/employees/subsidiary/1" },
    { name: "nothing", place: { subsidiary: null, division: null, team: null }, back: "/employees" },
    { name: "a team without its division is not linked", place: { subsidiary: sub, division: null, team }, back: "/employees/subsidiary/1" },
  ])("back link with $name -> $back", ({ place, back }) => {
    expect(backLink(place)).toBe(back);
  });

  it("breadcrumb: employee sheets > subsidiary > division > team > full name", () => {
    expect(sheetBreadcrumb("Fiches employés", { subsidiary: sub, division: div, team }, "Camille DUPONT")).toEqual([
      { label: "Fiches employés", href: "/employees" },
      { label: "3 Print", href: "/employees/subsidiary/1" },
      { label: "Impression", href: "/employees/subsidiary/1/division/2" },
      { label: "Offset", href: "/employees/subsidiary/1/division/2/team/3" },
      { label: "Camille DUPONT", href: null },
    ]);
    expect(sheetBreadcrumb("Fiches employés", { subsidiary: sub, division: null, team: null }, "X")).toHaveLength(3);
  });
});

describe("a time-registered employee needs a schedule (issue 29 item 4)", () => {
  const seven = day(h(9), h(12), h(13), h(17));
  const full = [seven, seven, seven, seven, seven];
  const four = [seven, seven, seven, seven, day(null, null, null, null)];
  const sheet = (over: Partial<Parameters<typeof missingSchedule>[0]>) => ({
    timeRegistration: true,
    firedAt: null,
    weekType: "unique_week",
    weeks: [full, emptyWeek()],
    ...over,
  });

  it.each<[string, Partial<Parameters<typeof missingSchedule>[0]>, ReturnType<typeof missingSchedule>]>([
    ["a 35 h week", {}, null],
    ["an empty week: every second would be overtime", { weeks: [emptyWeek()] }, { code: "schedule_required" }],
    ["no weeks at all", { weeks: [] }, { code: "schedule_required" }],
    ["only inverted days (they count 00:00)", { weeks: [[day(h(12), h(9), null, null), ...emptyWeek().slice(1)]] }, { code: "schedule_required" }],
    ["one morning is a schedule", { weeks: [[day(h(9), h(12), null, null), ...emptyWeek().slice(1)]] }, null],
    ["alternate weeks, both filled", { weekType: "week_one_two", weeks: [full, four] }, null],
    ["alternate weeks, week 2 empty", { weekType: "week_one_two", weeks: [full, emptyWeek()] }, { code: "schedule_week_required", week: 2 }],
    ["alternate weeks, week 1 empty", { weekType: "week_one_two", weeks: [emptyWeek(), full] }, { code: "schedule_week_required", week: 1 }],
    ["alternate weeks, both empty", { weekType: "week_one_two", weeks: [emptyWeek(), emptyWeek()] }, { code: "schedule_required" }],
    ["a single week ignores an empty week 2", { weekType: "unique_week", weeks: [full, emptyWeek()] }, null],
    ["no time registration, no schedule needed", { timeRegistration: false, weeks: [emptyWeek()] }, null],
    ["time registration not answered yet (a required field of its own)", { timeRegistration: null, weeks: [emptyWeek()] }, null],
    ["an archived sheet", { firedAt: "2026-01-30", weeks: [emptyWeek()] }, null],
  ])("%s", (_name, over, expected) => {
    expect(missingSchedule(sheet(over))).toEqual(expected);
  });

  it.each<[string, string, ScheduleDay[][], number | null, number, boolean]>([
    ["a 35 h week against 35 h", "unique_week", [full], 35, 35 * 3600, false],
    ["a 35 h week against 39 h", "unique_week", [full], 39, 35 * 3600, true],
    ["a 28 h week against 35 h", "unique_week", [four], 35, 28 * 3600, true],
    ["35 h 30 against 35,5 h", "unique_week", [[...full.slice(0, 4), day(h(9), h(12), h(13), h(17, 30))]], 35.5, 35.5 * 3600, false],
    ["alternate weeks 35 h and 28 h average 31 h 30", "week_one_two", [full, four], 31.5, 31.5 * 3600, false],
    ["alternate weeks against 35 h", "week_one_two", [full, four], 35, 31.5 * 3600, true],
    ["no contract hours: nothing to compare", "unique_week", [full], null, 35 * 3600, false],
    ["an empty schedule against 35 h", "unique_week", [emptyWeek()], 35, 0, true],
  ])("schedule against contract: %s", (_name, weekType, weeks, contract, weekly, differs) => {
    const check = scheduleAgainstContract(weekType, weeks, contract);
    expect(check.weeklySeconds).toBe(weekly);
    expect(check.differs).toBe(differs);
  });

  it("labels the weekly hours as the sheet shows them", () => {
    expect(scheduleAgainstContract("unique_week", [full], 35).weeklyLabel).toBe("35 h 00");
  });
});

describe("importedSchedule (decision 0098's addendum: an imported clocking employee gets the contract's hours)", () => {
  const base = { timeRegistration: true, firedAt: null, weekType: "unique_week", weeks: [emptyWeek()], numberOfHoursPerWeek: 35 } as const;
  it.each([
    ["35 h: 09:00–12:00 and 13:00–17:00, Monday to Friday", { ...base }, [540, 720, 780, 1020]],
    ["39 h: 09:00–12:00 and 13:00–17:48", { ...base, numberOfHoursPerWeek: 39 }, [540, 720, 780, 1068]],
    ["10 h part time: mornings only, 09:00–11:00", { ...base, numberOfHoursPerWeek: 10 }, [540, 660, null, null]],
    ["no weekly hours: 35 h", { ...base, numberOfHoursPerWeek: null }, [540, 720, 780, 1020]],
  ])("%s", (_name, values, [ms, me, as, ae]) => {
    const weeks = importedSchedule({ ...values, weeks: [emptyWeek()] });
    expect(weeks).toHaveLength(1);
    expect(weeks[0]).toHaveLength(5);
    expect(weeks[0]!.every((d) => d.morningStart === ms && d.morningEnd === me && d.afternoonStart === as && d.afternoonEnd === ae)).toBe(true);
    expect(missingSchedule({ ...values, weeks })).toBeNull();
  });
  it("leaves someone who does not clock, or already has hours, as they are", () => {
    const off = importedSchedule({ ...base, timeRegistration: false, weeks: [emptyWeek()] });
    expect(off).toEqual([emptyWeek()]);
    const filled = [emptyWeek().map(() => ({ morningStart: 480, morningEnd: 720, afternoonStart: null, afternoonEnd: null }))];
    expect(importedSchedule({ ...base, weeks: filled })).toBe(filled);
  });
  it("a two-week rotation gets both weeks", () => {
    expect(importedSchedule({ ...base, weekType: "week_one_two", weeks: [emptyWeek(), emptyWeek()] })).toHaveLength(2);
  });
});

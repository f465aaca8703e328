import { describe, expect, it } from "vitest";
import { leaveMessage, type LeaveMessage, type LeaveMessageFacts } from "./messages";

const facts: LeaveMessageFacts = {
  start: "2026-12-21",
  end: "2026-12-25",
  holidays: new Set(["2026-12-25"]),
  daysAsked: 4,
  daysAvailable: 2.5,
  recoveryAsked: 3 * 3600,
  recoveryAvailable: 5400,
};

describe("leaveMessage: messages that say what to fix (issue 28 item 4)", () => {
  it.each<[string, { field: string; code: string }, Partial<LeaveMessageFacts>, LeaveMessage]>([
    ["an end on Christmas names the public holiday", { field: "end", code: "holiday" }, {}, { key: "leave.error.holiday_on", params: { date: "25/12/2026" } }],
    [
      "a Saturday alone is a weekend, not a public holiday",
      { field: "start", code: "holiday" },
      { start: "2026-11-28", end: "2026-11-28", holidays: new Set() },
      { key: "leave.error.weekend_day", params: { date: "28/11/2026", day: "samedi" } },
    ],
    [
      "a Sunday alone",
      { field: "start", code: "holiday" },
      { start: "2026-11-29", end: "2026-11-29", holidays: new Set() },
      { key: "leave.error.weekend_day", params: { date: "29/11/2026", day: "dimanche" } },
    ],
    [
      "a whole weekend has no working day",
      { field: "start", code: "holiday" },
      { start: "2026-11-28", end: "2026-11-29", holidays: new Set() },
      { key: "leave.error.weekend_only", params: { start: "28/11/2026", end: "29/11/2026" } },
    ],
    ["not enough paid leave gives days asked and available", { field: "start", code: "insufficient_balance" }, {}, { key: "leave.error.insufficient_balance_days", params: { asked: "4", available: "2,5" } }],
    [
      "not enough recovery gives hours asked and available",
      { field: "nbHourAbsence", code: "insufficient_recovery" },
      {},
      { key: "leave.error.insufficient_recovery_hours", params: { asked: "3 h 00", available: "1 h 30" } },
    ],
    ["a half day without its half: choose morning or afternoon", { field: "halfDay", code: "required" }, {}, { key: "leave.error.half_day_choice" }],
    ["a missing reason stays 'required'", { field: "reason", code: "required" }, {}, { key: "leave.error.required" }],
    ["another code keeps its key", { field: "start", code: "overlap" }, {}, { key: "leave.error.overlap" }],
  ])("%s", (_name, v, over, expected) => {
    expect(leaveMessage(v, { ...facts, ...over })).toEqual(expected);
  });
});

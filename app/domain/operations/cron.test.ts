import { describe, expect, it } from "vitest";
import { cronMatches } from "./cron";

const at = (minute: number, hour: number, dayOfMonth = 15, month = 6, dayOfWeek = 1) => ({ minute, hour, dayOfMonth, month, dayOfWeek });

describe("cronMatches", () => {
  it.each([
    ["every five minutes, on a multiple", "*/5 * * * *", at(10, 3), true],
    ["every five minutes, off a multiple", "*/5 * * * *", at(11, 3), false],
    ["nightly 03:15 at 03:15", "15 3 * * *", at(15, 3), true],
    ["nightly 03:15 at 04:15", "15 3 * * *", at(15, 4), false],
    ["first of the month 01:00", "0 1 1 * *", at(0, 1, 1, 11), true],
    ["first of the month on the 2nd", "0 1 1 * *", at(0, 1, 2, 11), false],
    ["1 June roll-over", "0 0 1 6 *", at(0, 0, 1, 6), true],
    ["1 June roll-over on 1 July", "0 0 1 6 *", at(0, 0, 1, 7), false],
    ["weekdays range on Friday", "0 9 * * 1-5", at(0, 9, 15, 6, 5), true],
    ["weekdays range on Sunday", "0 9 * * 1-5", at(0, 9, 15, 6, 0), false],
    ["Sunday written as 7", "0 9 * * 7", at(0, 9, 15, 6, 0), true],
    ["a list", "0,30 * * * *", at(30, 12), true],
    ["a stepped range", "10-50/20 * * * *", at(30, 12), true],
    ["a stepped range off step", "10-50/20 * * * *", at(20, 12), false],
  ])("%s", (_name, pattern, moment, expected) => {
    expect(cronMatches(pattern, moment)).toBe(expected);
  });

  it.each([["* * * *"], ["61 * * * *"], ["*/0 * * * *"], ["a * * * *"]])("refuses the malformed pattern %s", (pattern) => {
    expect(() => cronMatches(pattern, at(0, 0))).toThrow();
  });
});

import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { ClockType } from "~/domain/time-clock/clock-type";
import { workingSeconds } from "~/domain/time-clock/working-time";
import {
  dayBounds,
  dayLengthSeconds,
  DEFAULT_TIME_ZONE,
  instantAt,
  localDate,
  minutesOfDay,
  resolveTimeZone,
  timeOfDay,
  type AmbiguousTime,
} from "./zoned-day";

const PARIS = "Europe/Paris";
const utc = (iso: string): Date => new Date(iso);
const hoursOf = ({ start, end }: { start: Date; end: Date }): number => (end.getTime() - start.getTime()) / 3_600_000;

describe("dayBounds", () => {
  it.each<{ name: string; date: string; zone: string; start: string; end: string; hours: number }>([
    {
      name: "Paris winter day",
      date: "2026-01-15",
      zone: PARIS,
      start: "2026-01-14T23:00:00.000Z",
      end: "2026-01-15T23:00:00.000Z",
      hours: 24,
    },
    {
      name: "Paris summer day",
      date: "2026-07-15",
      zone: PARIS,
      start: "2026-07-14T22:00:00.000Z",
      end: "2026-07-15T22:00:00.000Z",
      hours: 24,
    },
    {
      name: "Paris spring change, 29 March 2026, lasts 23 hours",
      date: "2026-03-29",
      zone: PARIS,
      start: "2026-03-28T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
      hours: 23,
    },
    {
      name: "Paris autumn change, 25 October 2026, lasts 25 hours",
      date: "2026-10-25",
      zone: PARIS,
      start: "2026-10-24T22:00:00.000Z",
      end: "2026-10-25T23:00:00.000Z",
      hours: 25,
    },
    {
      name: "the day before the spring change is a normal 24 hours",
      date: "2026-03-28",
      zone: PARIS,
      start: "2026-03-27T23:00:00.000Z",
      end: "2026-03-28T23:00:00.000Z",
      hours: 24,
    },
    {
      name: "the day after the autumn change is a normal 24 hours",
      date: "2026-10-26",
      zone: PARIS,
      start: "2026-10-25T23:00:00.000Z",
      end: "2026-10-26T23:00:00.000Z",
      hours: 24,
    },
    {
      name: "Lisbon spring change lasts 23 hours too",
      date: "2026-03-29",
      zone: "Europe/Lisbon",
      start: "2026-03-29T00:00:00.000Z",
      end: "2026-03-29T23:00:00.000Z",
      hours: 23,
    },
    {
      name: "Lisbon autumn change lasts 25 hours",
      date: "2026-10-25",
      zone: "Europe/Lisbon",
      start: "2026-10-24T23:00:00.000Z",
      end: "2026-10-26T00:00:00.000Z",
      hours: 25,
    },
    {
      name: "a zone without DST",
      date: "2026-03-29",
      zone: "UTC",
      start: "2026-03-29T00:00:00.000Z",
      end: "2026-03-30T00:00:00.000Z",
      hours: 24,
    },
    {
      name: "a day whose midnight never happened (São Paulo, 4 November 2018) starts at 01:00",
      date: "2018-11-04",
      zone: "America/Sao_Paulo",
      start: "2018-11-04T03:00:00.000Z",
      end: "2018-11-05T02:00:00.000Z",
      hours: 23,
    },
  ])("$name", ({ date, zone, start, end, hours }) => {
    const bounds = dayBounds(date, zone);
    expect(bounds.start.toISOString()).toBe(start);
    expect(bounds.end.toISOString()).toBe(end);
    expect(hoursOf(bounds)).toBe(hours);
  });

  it("consecutive days tile time with no gap and no overlap across both changes", () => {
    for (const [day, next] of [
      ["2026-03-28", "2026-03-29"],
      ["2026-03-29", "2026-03-30"],
      ["2026-10-24", "2026-10-25"],
      ["2026-10-25", "2026-10-26"],
    ] as const) {
      expect(dayBounds(day, PARIS).end).toEqual(dayBounds(next, PARIS).start);
    }
  });

  it.each([
    { name: "an unknown zone", date: "2026-03-29", zone: "Mars/Olympus" },
    { name: "a day that does not exist", date: "2026-02-30", zone: PARIS },
  ])("refuses $name", ({ date, zone }) => {
    expect(() => dayBounds(date, zone)).toThrow(RangeError);
  });
});

describe("localDate and timeOfDay", () => {
  it.each<{ name: string; instant: string; zone: string; date: string; time: string }>([
    { name: "late UTC evening is the next day in Paris", instant: "2026-03-28T23:30:00Z", zone: PARIS, date: "2026-03-29", time: "00:30" },
    { name: "last minute before the spring jump", instant: "2026-03-29T00:59:00Z", zone: PARIS, date: "2026-03-29", time: "01:59" },
    { name: "first minute after the spring jump", instant: "2026-03-29T01:00:00Z", zone: PARIS, date: "2026-03-29", time: "03:00" },
    { name: "first 02:30 of the autumn night", instant: "2026-10-25T00:30:00Z", zone: PARIS, date: "2026-10-25", time: "02:30" },
    { name: "second 02:30 of the autumn night", instant: "2026-10-25T01:30:00Z", zone: PARIS, date: "2026-10-25", time: "02:30" },
    { name: "last minute of the 25-hour day", instant: "2026-10-25T22:59:00Z", zone: PARIS, date: "2026-10-25", time: "23:59" },
    { name: "first minute after the 25-hour day", instant: "2026-10-25T23:00:00Z", zone: PARIS, date: "2026-10-26", time: "00:00" },
    { name: "same instant, Lisbon is an hour behind", instant: "2026-03-28T23:30:00Z", zone: "Europe/Lisbon", date: "2026-03-28", time: "23:30" },
  ])("$name", ({ instant, zone, date, time }) => {
    expect(localDate(utc(instant), zone)).toBe(date);
    expect(timeOfDay(utc(instant), zone)).toBe(time);
  });

  it("every instant of a day's bounds maps back to that day", () => {
    for (const date of ["2026-03-29", "2026-10-25"]) {
      const { start, end } = dayBounds(date, PARIS);
      expect(localDate(start, PARIS)).toBe(date);
      expect(localDate(new Date(end.getTime() - 1), PARIS)).toBe(date);
      expect(localDate(end, PARIS)).not.toBe(date);
    }
  });

  it("refuses an invalid instant", () => {
    expect(() => localDate(new Date(Number.NaN), PARIS)).toThrow(RangeError);
  });

  it("refuses an unknown zone", () => {
    expect(() => localDate(utc("2026-03-28T23:30:00Z"), "Not/AZone")).toThrow(RangeError);
    expect(() => timeOfDay(utc("2026-03-28T23:30:00Z"), "Not/AZone")).toThrow(RangeError);
  });

  // Offsets are remembered per quarter of an hour (decision 0057): every minute around each change of these zones,
  // twice (the second time from the cache), must read as luxon reads it: whole-hour, half-hour (Lord Howe moves by
  // 30 minutes, St John's is at -3:30), 45-minute (Kathmandu, Chatham) zones, both hemispheres, and a change at
  // midnight (Santiago).
  it.each<{ zone: string; around: string[] }>([
    { zone: PARIS, around: ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"] },
    { zone: "Europe/Lisbon", around: ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"] },
    { zone: "Australia/Lord_Howe", around: ["2026-04-04T15:00:00Z", "2026-10-03T15:30:00Z"] },
    { zone: "America/St_Johns", around: ["2026-03-08T05:30:00Z", "2026-11-01T04:30:00Z"] },
    { zone: "Asia/Kathmandu", around: ["2026-06-01T00:00:00Z"] },
    { zone: "Pacific/Chatham", around: ["2026-04-04T14:00:00Z", "2026-09-26T14:00:00Z"] },
    { zone: "America/Santiago", around: ["2026-04-05T03:00:00Z", "2026-09-06T04:00:00Z"] },
  ])("reads every minute around the changes of $zone as luxon does", ({ zone, around }) => {
    for (const iso of around) {
      const center = utc(iso).getTime();
      for (let pass = 0; pass < 2; pass++) {
        for (let m = -180; m <= 180; m++) {
          const instant = new Date(center + m * 60_000 + 17_000);
          const reference = DateTime.fromJSDate(instant, { zone });
          expect(localDate(instant, zone), `${instant.toISOString()} ${zone}`).toBe(reference.toISODate());
          expect(timeOfDay(instant, zone), `${instant.toISOString()} ${zone}`).toBe(reference.toFormat("HH:mm"));
        }
      }
    }
  });

  it("reads instants before 1970 and far years as luxon does", () => {
    for (const iso of ["1969-12-31T23:30:00Z", "1900-01-01T00:00:00Z", "0001-01-01T12:00:00Z", "9999-12-31T23:59:00Z", "2400-02-29T12:00:00Z"]) {
      const reference = DateTime.fromJSDate(utc(iso), { zone: PARIS });
      expect(localDate(utc(iso), PARIS), iso).toBe(reference.toISODate());
      expect(timeOfDay(utc(iso), PARIS), iso).toBe(reference.toFormat("HH:mm"));
    }
  });

  it("the remembered day per zone gives luxon's answer every 10 minutes across the DST nights (Paris, Lisbon)", () => {
    const mismatches: string[] = [];
    for (const zone of [PARIS, "Europe/Lisbon"]) {
      for (const [from, to] of [
        ["2026-03-28T00:00:00Z", "2026-03-31T00:00:00Z"],
        ["2026-10-24T00:00:00Z", "2026-10-27T00:00:00Z"],
      ] as const) {
        // Forwards, then backwards and jumping between zones: the remembered day must never answer for another day.
        const instants: number[] = [];
        for (let t = Date.parse(from); t < Date.parse(to); t += 10 * 60_000) instants.push(t);
        for (const t of [...instants, ...instants.reverse()]) {
          const expected = DateTime.fromMillis(t, { zone }).toISODate();
          if (localDate(new Date(t), zone) !== expected) mismatches.push(`${zone} ${new Date(t).toISOString()}`);
          localDate(new Date(t + 7 * 3_600_000), zone === PARIS ? "Europe/Lisbon" : PARIS);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("dayLengthSeconds", () => {
  it.each<{ date: string; zone: string; seconds: number }>([
    { date: "2026-03-29", zone: PARIS, seconds: 23 * 3600 },
    { date: "2026-10-25", zone: PARIS, seconds: 25 * 3600 },
    { date: "2026-03-29", zone: "Europe/Lisbon", seconds: 23 * 3600 },
    { date: "2026-10-25", zone: "Europe/Lisbon", seconds: 25 * 3600 },
    { date: "2026-03-30", zone: "Europe/Lisbon", seconds: 24 * 3600 },
    { date: "2026-07-14", zone: "UTC", seconds: 24 * 3600 },
  ])("$date in $zone lasts $seconds s", ({ date, zone, seconds }) => {
    expect(dayLengthSeconds(date, zone)).toBe(seconds);
    const { start, end } = dayBounds(date, zone);
    expect((end.getTime() - start.getTime()) / 1000).toBe(seconds);
  });

  it("refuses an unknown zone", () => {
    expect(() => dayLengthSeconds("2026-03-29", "Europe/Atlantis")).toThrow(RangeError);
  });
});

describe("minutesOfDay", () => {
  it.each<{ name: string; instant: string; minutes: number }>([
    { name: "noon in summer time", instant: "2026-03-30T10:00:00Z", minutes: 12 * 60 },
    { name: "noon in winter time", instant: "2026-01-15T11:00:00Z", minutes: 12 * 60 },
    { name: "wall clock after the spring jump", instant: "2026-03-29T01:15:00Z", minutes: 3 * 60 + 15 },
  ])("$name", ({ instant, minutes }) => {
    expect(minutesOfDay(utc(instant), PARIS)).toBe(minutes);
  });
});

describe("instantAt", () => {
  it.each<{ name: string; date: string; time: string; ambiguous?: AmbiguousTime; instant: string }>([
    { name: "winter morning", date: "2026-01-15", time: "08:00", instant: "2026-01-15T07:00:00.000Z" },
    { name: "summer morning", date: "2026-07-15", time: "08:00", instant: "2026-07-15T06:00:00.000Z" },
    { name: "before the spring jump", date: "2026-03-29", time: "01:30", instant: "2026-03-29T00:30:00.000Z" },
    { name: "a skipped time moves forward to 03:30", date: "2026-03-29", time: "02:30", instant: "2026-03-29T01:30:00.000Z" },
    { name: "after the spring jump", date: "2026-03-29", time: "03:30", instant: "2026-03-29T01:30:00.000Z" },
    { name: "a repeated time reads as the first by default", date: "2026-10-25", time: "02:30", instant: "2026-10-25T00:30:00.000Z" },
    { name: "a repeated time read as the second", date: "2026-10-25", time: "02:30", ambiguous: "later", instant: "2026-10-25T01:30:00.000Z" },
    { name: "an unambiguous time ignores the choice", date: "2026-10-25", time: "08:00", ambiguous: "later", instant: "2026-10-25T07:00:00.000Z" },
    { name: "midnight", date: "2026-10-25", time: "00:00", instant: "2026-10-24T22:00:00.000Z" },
  ])("$name", ({ date, time, ambiguous, instant }) => {
    expect(instantAt(date, time, PARIS, ambiguous).toISOString()).toBe(instant);
  });

  it.each([
    { name: "hour 24", time: "24:00" },
    { name: "minute 60", time: "08:60" },
    { name: "single-digit hour", time: "8:00" },
    { name: "with seconds", time: "08:00:00" },
  ])("refuses $name", ({ time }) => {
    expect(() => instantAt("2026-03-30", time, PARIS)).toThrow(RangeError);
  });
});

describe("working time across the DST changes (entries typed as Paris wall-clock times)", () => {
  const entries = (date: string, ...logs: [string, ClockType, AmbiguousTime?][]) =>
    logs.map(([time, type, ambiguous]) => ({ time: instantAt(date, time, PARIS, ambiguous), type }));

  it.each<{ name: string; date: string; logs: [string, ClockType, AmbiguousTime?][]; hours: number }>([
    {
      name: "29 March: 01:30 to 03:30 is one hour (02:00-03:00 does not exist)",
      date: "2026-03-29",
      logs: [["01:30", "START"], ["03:30", "END"]],
      hours: 1,
    },
    {
      name: "29 March: 02:00 to 04:00 is one hour",
      date: "2026-03-29",
      logs: [["02:00", "START"], ["04:00", "END"]],
      hours: 1,
    },
    {
      name: "29 March: midnight to 06:00 is five hours",
      date: "2026-03-29",
      logs: [["00:00", "START"], ["06:00", "END"]],
      hours: 5,
    },
    {
      name: "25 October: 01:30 to 03:30 is three hours (02:00-03:00 happens twice)",
      date: "2026-10-25",
      logs: [["01:30", "START"], ["03:30", "END"]],
      hours: 3,
    },
    {
      name: "25 October: 02:00 to 04:00 is three hours",
      date: "2026-10-25",
      logs: [["02:00", "START"], ["04:00", "END"]],
      hours: 3,
    },
    {
      name: "25 October: a pause at the second 02:30",
      date: "2026-10-25",
      logs: [["02:00", "START"], ["02:30", "PAUSE", "later"], ["03:00", "START"], ["04:00", "END"]],
      hours: 2.5,
    },
    {
      name: "an ordinary day for comparison",
      date: "2026-10-26",
      logs: [["01:30", "START"], ["03:30", "END"]],
      hours: 2,
    },
  ])("$name", ({ date, logs, hours }) => {
    expect(workingSeconds(entries(date, ...logs))).toBe(hours * 3600);
  });

  it("an open START on 29 March counts up to now across the jump", () => {
    const logs = entries("2026-03-29", ["01:30", "START"]);
    expect(workingSeconds(logs, instantAt("2026-03-29", "04:00", PARIS))).toBe(1.5 * 3600);
  });

  it("all entries of the 25-hour day fall inside its bounds", () => {
    const { start, end } = dayBounds("2026-10-25", PARIS);
    for (const log of entries("2026-10-25", ["00:00", "START"], ["02:30", "PAUSE", "later"], ["23:59", "END"])) {
      expect(log.time >= start && log.time < end).toBe(true);
    }
  });
});

describe("resolveTimeZone", () => {
  it.each<{ name: string; candidates: (string | null | undefined)[]; zone: string }>([
    { name: "subsidiary zone first", candidates: ["Europe/Lisbon", PARIS], zone: "Europe/Lisbon" },
    { name: "country zone when the subsidiary has none", candidates: [null, "Europe/Lisbon"], zone: "Europe/Lisbon" },
    { name: "an unknown name is skipped", candidates: ["Europe/Atlantis", "Europe/Lisbon"], zone: "Europe/Lisbon" },
    { name: "empty string is skipped", candidates: ["", undefined], zone: DEFAULT_TIME_ZONE },
    { name: "nothing at all: Paris", candidates: [], zone: "Europe/Paris" },
  ])("$name", ({ candidates, zone }) => {
    expect(resolveTimeZone(...candidates)).toBe(zone);
  });
});

describe("instantAt remembered (decision 0146)", () => {
  /** luxon's reading, written out here independently of the cache. */
  const reference = (date: string, time: string, zone: string, ambiguous: "earlier" | "later") => {
    const [year, month, day] = date.split("-").map(Number);
    const [hour, minute] = time.split(":").map(Number);
    const readings = DateTime.fromObject({ year, month, day, hour, minute }, { zone })
      .getPossibleOffsets()
      .sort((a, b) => a.toMillis() - b.toMillis());
    return (ambiguous === "earlier" ? readings[0] : readings[readings.length - 1])!.toMillis();
  };
  const days = ["2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26", "2026-07-14"];
  const zones = ["Europe/Paris", "Europe/Lisbon", "Atlantic/Azores", "America/Sao_Paulo", "UTC"];
  it("answers as luxon does, asked once or three times, for every quarter hour of DST days in five zones", () => {
    for (const zone of zones)
      for (const date of days)
        for (let m = 0; m < 24 * 60; m += 15) {
          const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
          for (const ambiguous of ["earlier", "later"] as const) {
            const expected = reference(date, time, zone, ambiguous);
            for (let i = 0; i < 3; i++) expect(instantAt(date, time, zone, ambiguous).getTime(), `${zone} ${date} ${time} ${ambiguous}`).toBe(expected);
          }
        }
  });
  it("a fresh Date each time: changing one answer changes no later one", () => {
    const first = instantAt("2026-01-05", "21:00", "Europe/Paris");
    first.setTime(0);
    expect(instantAt("2026-01-05", "21:00", "Europe/Paris").toISOString()).toBe("2026-01-05T20:00:00.000Z");
  });
  it("a bad time still throws, every time", () => {
    expect(() => instantAt("2026-01-05", "24:00", "Europe/Paris")).toThrow(RangeError);
    expect(() => instantAt("2026-01-05", "24:00", "Europe/Paris")).toThrow(RangeError);
  });
});

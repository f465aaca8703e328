import { beforeAll, describe, expect, it } from "vitest";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { AppError } from "~/services/shared/errors";
import { shellCounters } from "~/services/shell/shell.server";
import {
  deleteSuggestion,
  listSuggestions,
  listSuggestionsPage,
  updateSuggestion,
  validateSuggestion,
} from "~/services/time-clock/suggestions.server";
import { suggestForEmployee } from "~/services/time-clock/suggest-for.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion } from "~tests/support/factories-badging";

const db = useTestDatabase();
const NOW = new Date("2026-03-30T10:00:00Z"); // Monday 30 March 2026, 12:00 in Paris

let org: Org;
let direction: CurrentUser;
let leader: CurrentUser;
let employeeId: number;
let otherTeamEmployeeId: number;

async function user(userId: number) {
  return (await loadCurrentUser(db.em(), userId))!;
}

async function expectAppError(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  return error as AppError;
}

beforeAll(async () => {
  org = await createOrg(db.em());
  direction = await user((await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" })).userId);
  leader = await user((await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" })).userId);
  employeeId = (await createEmployee(db.em(), org, { firstname: "alice", lastname: "martin" })).employeeId;
  otherTeamEmployeeId = (await createEmployee(db.em(), org, { teamId: org.otherTeamId })).employeeId;
  await createSchedule(db.em(), employeeId); // 7 h a day
});

describe("validateSuggestion", () => {
  it("replaces the day's entries in one go: old ones kept as superseded, totals and overtime row recomputed", async () => {
    const date = "2026-03-23";
    const originId = await createClock(
      db.em(),
      employeeId,
      date,
      [
        ["09:00", "START"],
        ["12:00", "LUNCH"],
        ["13:00", "START"],
      ],
      { anomaly: true },
    );
    await db.sql(`insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly) values (?, ?, 0, 25200, 0, true)`, [
      employeeId,
      date,
    ]);
    const suggestionId = await createSuggestion(
      db.em(),
      employeeId,
      date,
      [
        ["09:00", "START"],
        ["12:00", "LUNCH"],
        ["13:00", "START"],
        ["18:00", "END"],
      ],
      { originId },
    );
    expect((await shellCounters(db.em(), direction)).suggestedClocks).toBe(1);

    const result = await validateSuggestion(db.em(), direction, suggestionId, NOW);
    expect(result.timeClockId).toBe(originId);

    const logs = await db.sql<{ type: string; superseded_at: Date | null; superseded_by_id: number | null }>(
      `select type, superseded_at, superseded_by_id from time_log where time_clock_id = ? order by superseded_at nulls last, time`,
      [originId],
    );
    const superseded = logs.filter((l) => l.superseded_at !== null);
    const live = logs.filter((l) => l.superseded_at === null);
    expect(superseded.map((l) => l.type)).toEqual(["START", "LUNCH", "START"]);
    expect(superseded.every((l) => l.superseded_by_id === direction.employeeId)).toBe(true);
    expect(live.map((l) => l.type)).toEqual(["START", "LUNCH", "START", "END"]);

    const [clock] = await db.sql<{ type: string; working_time_seconds: number; expected_seconds: number; overtime_seconds: number; anomaly: boolean }>(
      `select type, working_time_seconds, expected_seconds, overtime_seconds, anomaly from time_clock where id = ?`,
      [originId],
    );
    expect(clock).toEqual({ type: "END", working_time_seconds: 8 * 3600, expected_seconds: 7 * 3600, overtime_seconds: 3600, anomaly: false });
    const [overtime] = await db.sql<{ worked_seconds: number; overtime_seconds: number; anomaly: boolean }>(
      `select worked_seconds, overtime_seconds, anomaly from overtime where employee_id = ? and date = ?`,
      [employeeId, date],
    );
    expect(overtime).toEqual({ worked_seconds: 8 * 3600, overtime_seconds: 3600, anomaly: false });

    expect(await db.sql(`select id from time_clock where id = ?`, [suggestionId])).toEqual([]);
    expect((await shellCounters(db.em(), direction)).suggestedClocks).toBe(0);
    // Only one real clock for that day.
    expect(await db.sql(`select id from time_clock where employee_id = ? and date = ?`, [employeeId, date])).toHaveLength(1);
  });

  it("creates the day when the suggestion has no origin", async () => {
    const date = "2026-03-24";
    const suggestionId = await createSuggestion(db.em(), employeeId, date, [
      ["08:00", "START"],
      ["15:00", "END"],
    ]);
    const { timeClockId } = await validateSuggestion(db.em(), direction, suggestionId, NOW);
    const [clock] = await db.sql<{ suggested: boolean; type: string; overtime_seconds: number }>(
      `select suggested, type, overtime_seconds from time_clock where id = ?`,
      [timeClockId],
    );
    expect(clock).toEqual({ suggested: false, type: "END", overtime_seconds: 0 });
  });

  it("validating twice at once: one wins, the other finds nothing (404)", async () => {
    const suggestionId = await createSuggestion(db.em(), employeeId, "2026-03-25", [
      ["09:00", "START"],
      ["17:00", "END"],
    ]);
    const outcomes = await Promise.allSettled([
      validateSuggestion(db.em(), direction, suggestionId, NOW),
      validateSuggestion(db.em(), direction, suggestionId, NOW),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as AppError).status).toBe(404);
    const live = await db.sql(
      `select l.id from time_log l join time_clock c on c.id = l.time_clock_id
        where c.employee_id = ? and c.date = '2026-03-25' and c.suggested = false and l.superseded_at is null`,
      [employeeId],
    );
    expect(live).toHaveLength(2);
  });

  it("is refused to anyone but management", async () => {
    const suggestionId = await createSuggestion(db.em(), employeeId, "2026-03-26", [["09:00", "START"]]);
    await expectAppError(validateSuggestion(db.em(), leader, suggestionId, NOW), 403);
    await expectAppError(deleteSuggestion(db.em(), leader, suggestionId), 403);
    await expectAppError(listSuggestions(db.em(), leader), 403);
    await deleteSuggestion(db.em(), direction, suggestionId);
    await expectAppError(deleteSuggestion(db.em(), direction, suggestionId), 404);
  });

  it("counts the DST day right: 01:30 to 03:30 on 29 March is one hour", async () => {
    const suggestionId = await createSuggestion(db.em(), employeeId, "2026-03-29", [
      ["01:30", "START"],
      ["03:30", "END"],
    ]);
    const { timeClockId } = await validateSuggestion(db.em(), direction, suggestionId, NOW);
    const [clock] = await db.sql<{ working_time_seconds: number; overtime_seconds: number }>(
      `select working_time_seconds, overtime_seconds from time_clock where id = ?`,
      [timeClockId],
    );
    expect(clock).toEqual({ working_time_seconds: 3600, overtime_seconds: 3600 }); // a Sunday: nothing expected
  });
});

describe("listSuggestions and updateSuggestion", () => {
  it("lists cards with the old and new entries, and edits a card", async () => {
    const date = "2026-03-16";
    const originId = await createClock(db.em(), employeeId, date, [
      ["09:10", "START"],
      ["17:00", "END"],
    ]);
    const suggestionId = await createSuggestion(db.em(), employeeId, date, [["09:00", "START"], ["17:00", "END"]], {
      originId,
      message: "La badgeuse était en panne.",
    });
    const cards = await listSuggestions(db.em(), direction);
    const card = cards.find((c) => c.suggestion.id === suggestionId)!;
    expect(card.suggestion.employeeFullname).toBe("Alice MARTIN");
    expect(card.suggestion.message).toBe("La badgeuse était en panne.");
    expect(card.origin?.logs.map((l) => l.hhmm)).toEqual(["09:10", "17:00"]);
    expect(card.suggestion.logs.map((l) => `${l.hhmm} ${l.type}`)).toEqual(["09:00 START", "17:00 END"]);

    await updateSuggestion(
      db.em(),
      direction,
      suggestionId,
      { message: "Corrigé", entries: [{ time: "08:45", type: "START" }, { time: "", type: "" }, { time: "16:45", type: "END" }] },
      NOW,
    );
    const [after] = (await listSuggestions(db.em(), direction)).filter((c) => c.suggestion.id === suggestionId);
    expect(after!.suggestion.message).toBe("Corrigé");
    expect(after!.suggestion.logs.map((l) => `${l.hhmm} ${l.type}`)).toEqual(["08:45 START", "16:45 END"]);
    expect(after!.suggestion.workingTimeSeconds).toBe(8 * 3600);
  });

  it.each([
    ["no message", { message: " ", entries: [{ time: "09:00", type: "START" }] }, ["message"]],
    ["a time without type", { message: "x", entries: [{ time: "09:00", type: "" }] }, ["entries.0.type"]],
    ["a type without time", { message: "x", entries: [{ time: "", type: "END" }] }, ["entries.0.time"]],
    ["no entry at all", { message: "x", entries: [{ time: "", type: "" }] }, ["entries"]],
    ["an END straight after a LUNCH", { message: "x", entries: [{ time: "09:00", type: "START" }, { time: "12:00", type: "LUNCH" }, { time: "17:00", type: "END" }] }, ["entries.2.type"]],
  ])("refuses %s with 422 violations", async (_name, input, paths) => {
    const suggestionId = await createSuggestion(db.em(), employeeId, "2026-03-17", [["09:00", "START"]]);
    const error = await expectAppError(updateSuggestion(db.em(), direction, suggestionId, input, NOW), 422);
    expect(error.violations.map((v) => v.propertyPath)).toEqual(paths);
    await deleteSuggestion(db.em(), direction, suggestionId);
  });
});

describe("suggestForEmployee", () => {
  it("lets a team leader propose a correction for a member of their team, linked to the day", async () => {
    const date = "2026-03-18";
    const originId = await createClock(db.em(), employeeId, date, [["09:00", "START"]]);
    const { id } = await suggestForEmployee(
      db.em(),
      leader,
      { employeeId, date, message: "Oubli de fin de journée", entries: [{ time: "09:00", type: "START" }, { time: "17:00", type: "END" }] },
      NOW,
    );
    const [row] = await db.sql<{ suggested: boolean; origin_suggested_id: number; created_by_id: number; working_time_seconds: number }>(
      `select suggested, origin_suggested_id, created_by_id, working_time_seconds from time_clock where id = ?`,
      [id],
    );
    expect(row).toEqual({ suggested: true, origin_suggested_id: originId, created_by_id: leader.employeeId, working_time_seconds: 8 * 3600 });
  });

  it("answers 404 for an employee outside the leader's team and 422 for a day to come", async () => {
    const input = { message: "x", entries: [{ time: "09:00", type: "START" }] };
    await expectAppError(suggestForEmployee(db.em(), leader, { ...input, employeeId: otherTeamEmployeeId, date: "2026-03-18" }, NOW), 404);
    const future = await expectAppError(suggestForEmployee(db.em(), leader, { ...input, employeeId, date: "2026-03-31" }, NOW), 422);
    expect(future.violations[0]!.propertyPath).toBe("date");
  });
});

describe("listSuggestionsPage (the corrections page, 10 cards a page)", () => {
  it("pages the suggestions oldest first, end to end the same as the whole list, the page clamped", async () => {
    await db.sql(`delete from time_clock where suggested = true`);
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const date = `2026-02-${String(1 + i).padStart(2, "0")}`;
      ids.push(await createSuggestion(db.em(), i % 2 ? employeeId : otherTeamEmployeeId, date, [["09:00", "START"], ["17:00", "END"]]));
    }
    const whole = (await listSuggestions(db.em(), direction)).map((c) => c.suggestion.id);
    expect(whole).toEqual(ids);

    const pages = await Promise.all(["1", "2", "3"].map((p) => listSuggestionsPage(db.em(), direction, p)));
    expect(pages.map((p) => [p.page, p.pages, p.total, p.cards.length])).toEqual([
      [1, 3, 23, 10],
      [2, 3, 23, 10],
      [3, 3, 23, 3],
    ]);
    expect(pages.flatMap((p) => p.cards.map((c) => c.suggestion.id))).toEqual(whole);

    // Past the end: the last page (a card validated from the last page leaves the viewer on what remains).
    const past = await listSuggestionsPage(db.em(), direction, "99");
    expect([past.page, past.cards.map((c) => c.suggestion.id)]).toEqual([3, ids.slice(20)]);
    // Absent, zero, out of bounds or malformed: the first.
    for (const raw of [null, "0", "-2", "abc", "1e3", "99999"]) {
      const first = await listSuggestionsPage(db.em(), direction, raw);
      expect([raw, first.page, first.cards[0]?.suggestion.id]).toEqual([raw, 1, ids[0]]);
    }

    await db.sql(`delete from time_clock where suggested = true`);
    expect(await listSuggestionsPage(db.em(), direction, "2")).toEqual({ cards: [], page: 1, pages: 1, total: 0 });
    await expectAppError(listSuggestionsPage(db.em(), leader, "1"), 403);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import {
  DEPUTY_WAITING_CONDITION_SQL,
  deputiesOf,
  deputyWaitingParams,
  endDeputy,
  nameDeputy,
  standingInFor,
  standingInForToday,
} from "~/services/identity/deputies.server";
import { AppError } from "~/services/shared/errors";
import { useTestDatabase } from "~tests/support/db";
import { createLeave, createLeaveCast, currentUserOf } from "~tests/support/factories-leave";

/** Deputies (issue 32 §2, decision 0102): naming a deputy, and what awaits them during the period. */
const db = useTestDatabase();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;
let employeeLeave: number;
let colleagueLeave: number;
const TODAY = "2026-12-09";

async function awaitingDeputy(who: { employeeId: number }, day: string): Promise<number[]> {
  const rows = await db.sql<{ id: number }>(
    `select l.id from leave l where ${DEPUTY_WAITING_CONDITION_SQL} order by l.id`,
    deputyWaitingParams(who, day)
  );
  return rows.map((r) => r.id);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Suppléance");
  employeeLeave = await createLeave(db.em(), cast.employee.employeeId, { start: "2026-12-28" });
  colleagueLeave = await createLeave(db.em(), cast.colleague.employeeId, { start: "2026-12-29" });
  const leader = await currentUserOf(db.em(), cast.teamLeader);
  await nameDeputy(db.em(), leader, { deputyId: cast.colleague.employeeId, startsOn: "2026-12-14", endsOn: "2026-12-31" }, TODAY);
});

describe("what awaits a deputy", () => {
  it("the stored steps are the team leader's (decision 0064)", async () => {
    expect(await db.sql(`select waiting_for from leave where id in (?, ?) order by id`, [employeeLeave, colleagueLeave])).toEqual([
      { waiting_for: `T:${cast.org.teamId}` },
      { waiting_for: `T:${cast.org.teamId}` },
    ]);
  });

  it.each([
    ["before the period: nothing", "2026-12-13", false],
    ["the first day: the manager's waiting leave, never the deputy's own", "2026-12-14", true],
    ["the last day", "2026-12-31", true],
    ["after the period: nothing", "2027-01-01", false],
  ])("%s", async (_name, day, during) => {
    expect(await awaitingDeputy(cast.colleague, day)).toEqual(during ? [employeeLeave] : []);
    const colleague = await currentUserOf(db.em(), cast.colleague);
    expect(await standingInFor(db.em(), colleague, employeeLeave, day)).toBe(during ? cast.teamLeader.employeeId : null);
    expect(await standingInFor(db.em(), colleague, colleagueLeave, day)).toBeNull();
  });

  it("someone who is not a deputy sees nothing of the team leader's", async () => {
    expect(await awaitingDeputy(cast.otherTeamLeader, "2026-12-20")).toEqual([]);
  });

  it("lists the deputies named and whom one stands in for", async () => {
    const named = await deputiesOf(db.em(), cast.teamLeader.employeeId, TODAY);
    expect(named.map((d) => [d.deputyId, d.startsOn, d.endsOn])).toEqual([[cast.colleague.employeeId, "2026-12-14", "2026-12-31"]]);
    expect((await standingInForToday(db.em(), cast.colleague.employeeId, "2026-12-20")).map((d) => d.managerId)).toEqual([
      cast.teamLeader.employeeId,
    ]);
  });
});

describe("naming a deputy", () => {
  it.each([
    ["an overlapping period: 409", () => cast.teamLeader, () => cast.host.employeeId, "2026-12-30", "2027-01-05", 409, t("deputy.error.overlap")],
    ["oneself: 422", () => cast.teamLeader, () => cast.teamLeader.employeeId, "2027-02-01", "2027-02-05", 422, t("deputy.error.self")],
    [
      "an employee has nothing to delegate: 422",
      () => cast.employee,
      () => cast.colleague.employeeId,
      "2027-02-01",
      "2027-02-05",
      422,
      t("deputy.error.not_a_manager"),
    ],
    [
      "a period already over: 422",
      () => cast.departmentHead,
      () => cast.teamLeader.employeeId,
      "2026-11-01",
      "2026-11-30",
      422,
      t("deputy.error.in_the_past"),
    ],
    ["an unknown deputy: 422", () => cast.departmentHead, () => 99999999, "2027-02-01", "2027-02-05", 422, t("deputy.error.unknown_deputy")],
  ])("%s", async (_name, who, deputyId, startsOn, endsOn, status, message) => {
    const actor = await currentUserOf(db.em(), who());
    const before = await db.sql(`select count(*)::int as n from deputy`);
    const error = await refusal(nameDeputy(db.em(), actor, { deputyId: deputyId(), startsOn, endsOn }, TODAY));
    expect(error.status).toBe(status);
    expect(error.status === 422 ? error.violations.map((v) => v.message) : [error.message]).toEqual([message]);
    expect(await db.sql(`select count(*)::int as n from deputy`)).toEqual(before);
  });

  it("ending a period: one not started is removed, one running is cut to yesterday; another manager's is a 404", async () => {
    const head = await currentUserOf(db.em(), cast.departmentHead);
    const future = await nameDeputy(db.em(), head, { deputyId: cast.teamLeader.employeeId, startsOn: "2027-03-01", endsOn: "2027-03-10" }, TODAY);
    const running = await nameDeputy(db.em(), head, { deputyId: cast.teamLeader.employeeId, startsOn: "2026-12-01", endsOn: "2026-12-20" }, TODAY);
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    expect((await refusal(endDeputy(db.em(), leader, running.id, TODAY))).status).toBe(404);
    await endDeputy(db.em(), head, future.id, TODAY);
    await endDeputy(db.em(), head, running.id, TODAY);
    expect(
      await db.sql(`select id, ends_on::text as ends_on from deputy where manager_id = ? order by id`, [cast.departmentHead.employeeId])
    ).toEqual([{ id: running.id, ends_on: "2026-12-08" }]);
  });
});

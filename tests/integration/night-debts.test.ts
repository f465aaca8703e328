import { beforeAll, describe, expect, it } from "vitest";
import { loadDashboard } from "~/services/dashboard.server";
import { clockAction } from "~/services/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { at, createClockEmployee, currentUser } from "~tests/support/factories-time";

/** Debts of the night work (issue 26, decisions 0075 and 0103). */
const db = useTestDatabase();

describe("the dashboard's to do (decision 0103)", () => {
  let toDoAt: (when: Date) => Promise<number>;
  let worker: Awaited<ReturnType<typeof createClockEmployee>>;
  beforeAll(async () => {
    const org = await createOrg(db.em(), " A faire nuit");
    worker = await createClockEmployee(db.em(), org);
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" });
    toDoAt = async (when) => {
      const dashboard = await loadDashboard(db.em(), await currentUser(db.em(), leader.userId), {}, {}, when);
      if (dashboard.variant !== "team") throw new Error(`unexpected variant ${dashboard.variant}`);
      return dashboard.toDo.counts.anomalies ?? -1;
    };
    await clockAction(db.em(), worker.user, "start", at("2026-06-01", "22:00"));
  });

  it.each([
    ["at 03:00 the night shift started at 22:00 is still open: not an anomaly", "03:00", 0],
    ["at 13:59 it is still within its 16 h", "13:59", 0],
    ["at 14:00, 16 h after its start, it is a day without END", "14:00", 1],
  ])("%s", async (_name, hhmm, count) => {
    expect(await toDoAt(at("2026-06-02", hhmm))).toBe(count);
  });
});

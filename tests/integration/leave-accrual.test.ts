import { describe, expect, it } from "vitest";
import { juneRollover as juneRolloverRule } from "~/domain/leave/balance";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { counters, setCounters } from "~tests/support/factories-leave";
import { juneRollover, monthlyAccrual } from "~/jobs/leave-accrual.server";
import { runJob } from "~/jobs/registry.server";

const db = useTestDatabase();

describe("monthly accrual and 1 June roll-over (worker jobs)", () => {
  it("adds the monthly accrual once per month to active employees only; a rerun adds nothing", async () => {
    const org = await createOrg(db.em(), " Accrual");
    const active = await createEmployee(db.em(), org);
    const gone = await createEmployee(db.em(), org, { firedAt: "2026-10-15" });
    const future = await createEmployee(db.em(), org);
    await db.sql("update employee set hired_at = '2026-11-01' where id = ?", [future.employeeId]);
    await setCounters(db.em(), active.employeeId, { earnedThisYear: 8.32, accrual: 2.08 });
    await setCounters(db.em(), gone.employeeId, { earnedThisYear: 8.32 });
    // 1 November 2026, 01:00 in Paris.
    const now = new Date("2026-11-01T00:00:00Z");
    const first = await monthlyAccrual(db.em(), now);
    expect(first).toMatchObject({ key: "accrual:2026-11", done: true });
    const again = await monthlyAccrual(db.em(), new Date("2026-11-01T08:00:00Z"));
    expect(again).toEqual({ key: "accrual:2026-11", done: false, employees: 0 });
    expect((await counters(db.em(), active.employeeId)).earnedThisYear).toBe(10.4);
    expect((await counters(db.em(), gone.employeeId)).earnedThisYear).toBe(8.32);
    expect((await counters(db.em(), future.employeeId)).earnedThisYear).toBe(0);
    expect(await db.sql("select key from job_run where key = 'accrual:2026-11'")).toHaveLength(1);
    // Two runs at once (two workers): still one accrual.
    await Promise.all([monthlyAccrual(db.em(), new Date("2026-12-01T00:00:00Z")), monthlyAccrual(db.em(), new Date("2026-12-01T00:00:00Z"))]);
    expect((await counters(db.em(), active.employeeId)).earnedThisYear).toBe(12.48);
  });

  it("rolls over on 1 June like the domain rule, once; the June accrual runs after it", async () => {
    const org = await createOrg(db.em(), " Rollover");
    const a = await createEmployee(db.em(), org);
    const b = await createEmployee(db.em(), org);
    const start = [
      { employee: a, c: { earnedLastYear: 25, takenLastYear: 20, earnedThisYear: 24.96, takenThisYear: 3 } },
      { employee: b, c: { earnedLastYear: 2, takenLastYear: 3.5, earnedThisYear: 10, takenThisYear: 0 } },
    ];
    for (const s of start) await setCounters(db.em(), s.employee.employeeId, { ...s.c, accrual: 2.08 });
    // The June accrual (01:00 on 1 June 2027 in Paris) runs the roll-over first, then adds June to the new year.
    const res = await monthlyAccrual(db.em(), new Date("2027-05-31T23:00:00Z"));
    expect(res.key).toBe("accrual:2027-06");
    for (const s of start) {
      const expected = juneRolloverRule(s.c);
      expect(await counters(db.em(), s.employee.employeeId)).toMatchObject({ ...expected, earnedThisYear: 2.08 });
    }
    // The scheduled roll-over job (00:00) and reruns add nothing more.
    expect((await juneRollover(db.em(), new Date("2027-06-01T00:30:00Z"))).done).toBe(false);
    expect((await juneRollover(db.em(), new Date("2027-06-15T10:00:00Z"))).done).toBe(false);
    expect((await monthlyAccrual(db.em(), new Date("2027-06-30T10:00:00Z"))).done).toBe(false);
    const after = await counters(db.em(), a.employeeId);
    expect(after.earnedLastYear).toBe(juneRolloverRule(start[0]!.c).earnedLastYear);
    expect(await db.sql("select key from job_run where key like 'rollover:2027'")).toHaveLength(1);
  });

  it("the worker routes the job names to these processors and refuses a bad payload", async () => {
    await expect(runJob("leave.monthly-accrual", { nope: 1 })).resolves.toMatchObject({ key: expect.stringMatching(/^accrual:\d{4}-\d{2}$/) });
    await expect(runJob("mail.leave-step", { leaveId: "x" })).rejects.toThrow(/Bad payload/);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import { removeCorrection, validateCorrection } from "~/services/time-clock/clock-corrections.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { loadDashboard } from "~/services/home/dashboard.server";
import { deputyToday, nameDeputy } from "~/services/identity/deputies.server";
import { AppError } from "~/services/shared/errors";
import { decideLeave } from "~/services/leave/decision.server";
import { decisionPanel } from "~/services/leave/decision-views.server";
import { waitingLeaves, waitingPage } from "~/services/leave/lists.server";
import { sendLeaveDecisionMail, sendLeaveStepMail } from "~/services/leave/mail.server";
import { getLeave } from "~/services/leave/leave.server";
import { shellCounters } from "~/services/shell/shell.server";
import { listSuggestions } from "~/services/time-clock/suggestions.server";
import { useTestDatabase } from "~tests/support/db";
import { createSuggestion } from "~tests/support/factories-badging";
import { createLeave, createLeaveCast, currentUserOf, setCounters } from "~tests/support/factories-leave";
import { startSmtpCapture } from "~tests/support/smtp";
import { resetEnvCache } from "~/server/shared/env.server";

/**
 * Deputies at work (issue 32 §2, decision 0105), on real PostgreSQL and a real SMTP server: what awaits the manager
 * reaches the deputy's list, counter and dashboard; the deputy decides with the manager's step, recorded "par X pour
 * Y"; the manager keeps their rights; the deputy of management decides corrections; mails go to the deputy.
 */
const db = useTestDatabase();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;
let deputy: CurrentUser;
let leader: CurrentUser;
let employeeLeave: number;
let secondLeave: number;
let deputyOwnLeave: number;
let hostLeave: number;
const today = deputyToday();

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
  cast = await createLeaveCast(db.em(), " Suppléance travail");
  employeeLeave = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-03-04" });
  secondLeave = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-04-08" });
  deputyOwnLeave = await createLeave(db.em(), cast.colleague.employeeId, { start: "2030-03-05" });
  hostLeave = await createLeave(db.em(), cast.host.employeeId, { start: "2030-03-06" });
  await setCounters(db.em(), cast.host.employeeId, { earnedThisYear: 25 });
  leader = await currentUserOf(db.em(), cast.teamLeader);
  // The team leader and head management both name the colleague, a plain employee, from yesterday to next week.
  const period = { deputyId: cast.colleague.employeeId, startsOn: today, endsOn: addDays(today, 7) };
  await nameDeputy(db.em(), leader, period, today);
  await nameDeputy(db.em(), await currentUserOf(db.em(), cast.head), period, today);
  deputy = await currentUserOf(db.em(), cast.colleague);
});

describe("what awaits the deputy", () => {
  it("reads whom they stand in for with their row: no query of its own", () => {
    expect([...(deputy.deputyFor ?? [])].sort()).toEqual(["ROLE_HEAD_MANAGEMENT", "ROLE_TEAM_LEADER"]);
    expect(leader.deputyFor).toEqual([]);
  });

  it("lists the manager's waiting leaves, never the deputy's own, in the list, the /api list and the counter", async () => {
    const ids = (await waitingLeaves(db.em(), deputy)).map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([employeeLeave, secondLeave, hostLeave]));
    expect(ids).not.toContain(deputyOwnLeave);
    const page = await waitingPage(db.em(), deputy, {});
    expect(page.leaves.map((l) => l.id).sort()).toEqual([...ids].sort());
    expect((await shellCounters(db.em(), deputy)).waitingLeaves).toBe(ids.length);
  });

  it("shows the first five on the dashboard of a manager who is also a deputy, counted once", async () => {
    const otherLeader = await currentUserOf(db.em(), cast.otherTeamLeader);
    await db.sql(`insert into deputy (manager_id, deputy_id, starts_on, ends_on) values (?, ?, ?, ?)`, [
      cast.departmentHead.employeeId,
      cast.otherTeamLeader.employeeId,
      today,
      today,
    ]);
    const asDeputy = await currentUserOf(db.em(), cast.otherTeamLeader);
    expect(otherLeader.deputyFor).toEqual([]);
    expect(asDeputy.deputyFor).toEqual(["ROLE_DEPARTMENT_HEAD"]);
    const counters = await shellCounters(db.em(), asDeputy);
    const dashboard = await loadDashboard(db.em(), asDeputy, counters, {});
    expect(dashboard.variant).toBe("team");
    expect("waiting" in dashboard && dashboard.waiting).toBeTruthy();
    await db.sql(`delete from deputy where deputy_id = ?`, [cast.otherTeamLeader.employeeId]);
  });

  it("someone who stands in for nobody sees nothing more", async () => {
    const employee = await currentUserOf(db.em(), cast.employee);
    expect(employee.deputyFor).toEqual([]);
    expect(await shellCounters(db.em(), employee)).toEqual({});
  });
});

describe("the deputy decides", () => {
  it("opens the leave, may decide it, and decides with the team leader's step, recorded 'par X pour Y'", async () => {
    expect((await decisionPanel(db.em(), deputy, employeeLeave)).canDecide).toBe(true);
    const done = await decideLeave(db.em(), deputy, employeeLeave, "validate");
    expect(done.state).toBe("prevalidate");
    expect(done.forWhom).toBe(leader.fullName);
    expect(await db.sql(`select actor_id, on_behalf_of_id from leave_step where leave_id = ? and step = 'prevalidate'`, [employeeLeave])).toEqual([
      { actor_id: cast.colleague.employeeId, on_behalf_of_id: cast.teamLeader.employeeId },
    ]);
    // The change history says it too (decision 0106): the deputy acted, for the manager.
    expect(
      await db.sql(`select actor_id, details->>'onBehalfOfId' as for_whom from audit_log where action = 'leave.approve' and (details->>'leaveId')::int = ?`, [
        employeeLeave,
      ]),
    ).toEqual([{ actor_id: cast.colleague.employeeId, for_whom: String(cast.teamLeader.employeeId) }]);
    const leave = await getLeave(db.em(), deputy, employeeLeave);
    expect(leave.steps.at(-1)).toMatchObject({ step: "prevalidate", actor: deputy.fullName, onBehalfOf: leader.fullName });
    // The next step is the department head's: not the deputy's any more.
    expect((await waitingLeaves(db.em(), deputy)).map((l) => l.id)).not.toContain(employeeLeave);
    expect((await refusal(decideLeave(db.em(), deputy, employeeLeave, "validate"))).status).toBe(403);
  });

  it("never decides their own request", async () => {
    expect((await refusal(decideLeave(db.em(), deputy, deputyOwnLeave, "validate"))).status).toBe(403);
  });

  it("leaves the manager their rights: the team leader decides in their own name meanwhile", async () => {
    const done = await decideLeave(db.em(), leader, secondLeave, "refuse", { refusalReason: "Période chargée" });
    expect(done.forWhom).toBeNull();
    expect(await db.sql(`select actor_id, on_behalf_of_id from leave_step where leave_id = ? and step = 'refused'`, [secondLeave])).toEqual([
      { actor_id: cast.teamLeader.employeeId, on_behalf_of_id: null },
    ]);
  });

  it("a step no longer in the period grants nothing", async () => {
    const other = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-05-06" });
    expect((await refusal(decideLeave(db.em(), deputy, other, "validate", { now: new Date(`${addDays(today, 30)}T12:00:00Z`) }))).status).toBe(403);
  });
});

describe("mails", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    return async () => {
      await smtp.close();
      delete process.env.SMTP_URL;
      resetEnvCache();
    };
  });

  it("tells the deputy when a request awaits the manager they stand in for, naming the manager", async () => {
    const fresh = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-06-03" });
    await sendLeaveStepMail(db.em(), fresh);
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.startsWith("collegue.")));
    expect(mail.subject).toBe(t("deputy.mail.step_subject", { manager: leader.fullName }));
    expect(mail.text).toContain("03/06/2030");
    expect(smtp.messages.filter((m) => m.to.some((to) => to.startsWith("collegue."))).length).toBe(1);
  });

  it("the decision mail says who decided for whom", async () => {
    const done = await decideLeave(db.em(), deputy, hostLeave, "validate");
    expect(done.state).toBe("accepted");
    expect(done.forWhom).toBe((await currentUserOf(db.em(), cast.head)).fullName);
    await sendLeaveDecisionMail(db.em(), hostLeave);
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.startsWith("accueil.")));
    expect(mail.text).toContain(t("leave.mail.decided_by_for", { name: deputy.fullName, forWhom: done.forWhom! }));
  });
});

describe("corrections: the deputy of management", () => {
  it("lists and validates someone else's correction, never their own; a deputy of a team leader only may not", async () => {
    const others = await createSuggestion(db.em(), cast.employee.employeeId, "2030-02-04", [
      ["09:00", "START"],
      ["17:00", "END"],
    ]);
    const own = await createSuggestion(db.em(), cast.colleague.employeeId, "2030-02-05", [
      ["09:00", "START"],
      ["17:00", "END"],
    ]);
    expect((await listSuggestions(db.em(), deputy)).map((c) => c.suggestion.id)).toEqual(expect.arrayContaining([others, own]));
    expect((await shellCounters(db.em(), deputy)).suggestedClocks).toBeGreaterThanOrEqual(2);
    expect((await refusal(validateCorrection(db.em(), deputy, own))).status).toBe(403);
    expect(await removeCorrection(db.em(), deputy, own)).toBe("withdrawn");
    await validateCorrection(db.em(), deputy, others);
    expect(await db.sql(`select id from time_clock where id = ?`, [others])).toEqual([]);
    // The history names whom the deputy decided for ("par X pour Y"); their own withdrawal names no one.
    expect(
      await db.sql(
        `select action, details->>'onBehalfOfId' as for_whom from audit_log where action like 'correction.%' and actor_id = ? order by id`,
        [deputy.employeeId],
      ),
    ).toEqual([
      { action: "correction.delete", for_whom: null },
      { action: "correction.validate", for_whom: String(cast.head.employeeId) },
    ]);
    await db.sql(`delete from deputy where manager_id = ?`, [cast.head.employeeId]);
    const onlyTeam = await currentUserOf(db.em(), cast.colleague);
    expect((await refusal(listSuggestions(db.em(), onlyTeam))).status).toBe(403);
  });
});

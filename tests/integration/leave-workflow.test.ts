import { beforeAll, describe, expect, it } from "vitest";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { decideLeave, removeLeave } from "~/services/leave/decision.server";
import { getLeave } from "~/services/leave/leave.server";
import { deleteLeave, editLeave, requestLeave, type LeaveInput } from "~/services/leave/requests.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { addHoliday, counters, createLeave, createLeaveCast, currentUserOf, setCounters } from "~tests/support/factories-leave";
import { useInlineMail } from "~tests/support/smtp";

const db = useTestDatabase();
const inbox = useInlineMail();

/** Wednesday 1 July 2026, 10:00 in Paris. */
const NOW = new Date("2026-07-01T08:00:00Z");

const ask = (over: Partial<LeaveInput> = {}): LeaveInput => ({
  reason: "PAID_LEAVE",
  start: "2026-07-13",
  end: "2026-07-17",
  halfDayMorning: false,
  halfDayAfternoon: false,
  ...over,
});

async function violationsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).violations;
}

describe("asking for leave", () => {
  let cast: Awaited<ReturnType<typeof createLeaveCast>>;
  beforeAll(async () => {
    cast = await createLeaveCast(db.em(), " Ask");
    await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 3, earnedThisYear: 10, recoveryEarned: 3 * 3600 });
    await addHoliday(db.em(), cast.org.countryId, "2026-07-14", "Fête nationale");
  });

  it("stores a pending request across the 14 July holiday with its working days and a 'created' step", async () => {
    const user = await currentUserOf(db.em(), cast.employee);
    const { id } = await requestLeave(db.em(), user, ask({ comment: " Vacances ", urgent: true }), NOW);
    const [row] = await db.sql<{ state: string; number_days_work: string; urgent: boolean; comment: string }>(
      "select state, number_days_work, urgent, comment from leave where id = ?",
      [id],
    );
    expect(row).toMatchObject({ state: "pending", urgent: true, comment: "Vacances" });
    expect(Number(row!.number_days_work)).toBe(4);
    const steps = await db.sql<{ step: string; actor_id: number }>("select step, actor_id from leave_step where leave_id = ?", [id]);
    expect(steps).toEqual([{ step: "created", actor_id: cast.employee.employeeId }]);
    // The next validator of a full workflow is the team leader: they get the mail.
    await drainInlineJobs();
    const mail = await inbox.capture.waitFor((m) => m.to.includes(cast.teamLeader.email));
    // (the capture's header decoder may split an encoded word with a space)
    expect(mail.subject.replace(/\s+/g, "")).toBe("Cadran:unedemandedecongéattendvotredécision");
    expect(mail.text).toContain("13/07/2026");
    await deleteLeave(db.em(), user, id);
  });

  it.each<[string, Partial<LeaveInput>, { propertyPath: string; message: string }]>([
    ["a leave on a public holiday alone", { start: "2026-07-14", end: "2026-07-14" }, { propertyPath: "start", message: "Cette période ne tombe que sur un jour férié : elle ne compte aucun jour ouvré à poser." }],
    ["the weekend of 09-10/01/2027 (named a weekend, not a jour férié)", { start: "2027-01-09", end: "2027-01-10" }, { propertyPath: "start", message: "Cette période ne tombe que sur un week-end : elle ne compte aucun jour ouvré à poser." }],
    ["more days than the balance (13)", { start: "2026-07-01", end: "2026-07-21" }, { propertyPath: "start", message: "Pas assez de congés : 14 j demandés, 13 j disponibles." }],
    ["a recovery leave under one hour", { reason: "RECOVERY_LEAVE", start: "2026-07-13", end: "2026-07-13", nbHourAbsence: 0.5 }, { propertyPath: "nbHourAbsence", message: "Une récupération dure au moins 1 heure." }],
    ["more recovery hours than earned", { reason: "RECOVERY_LEAVE", start: "2026-07-13", end: "2026-07-13", nbHourAbsence: 4 }, { propertyPath: "nbHourAbsence", message: "Pas assez d'heures de récupération : 4 h 00 demandée(s), 3 h 00 disponible(s)." }],
    ["a half day over several days", { halfDayMorning: true }, { propertyPath: "halfDay", message: "Une demi-journée n'est possible que pour un congé d'un seul jour." }],
    ["an end before the start", { start: "2026-07-17", end: "2026-07-13" }, { propertyPath: "end", message: "La date de fin doit être postérieure ou égale à la date de début." }],
    ["a start before yesterday", { start: "2026-06-29", end: "2026-06-29" }, { propertyPath: "start", message: "La date de début ne peut pas être antérieure à hier." }],
  ])("refuses %s with the French message and stores nothing", async (_name, over, violation) => {
    const user = await currentUserOf(db.em(), cast.employee);
    const before = await db.sql<{ n: string }>("select count(*) as n from leave where employee_id = ?", [cast.employee.employeeId]);
    expect(await violationsOf(requestLeave(db.em(), user, ask(over), NOW))).toContainEqual(violation);
    const after = await db.sql<{ n: string }>("select count(*) as n from leave where employee_id = ?", [cast.employee.employeeId]);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each<[string, string, string, number]>([
    ["the Ascension bridge, Thursday 06/05/2027 to Friday 07/05/2027", "2027-05-06", "2027-05-07", 1],
    ["Tuesday 04/05/2027 to the Ascension 06/05/2027", "2027-05-04", "2027-05-06", 2],
  ])("stores %s with its working days only (spec 2 §5)", async (_name, start, end, days) => {
    await addHoliday(db.em(), cast.org.countryId, "2027-05-06", "Ascension");
    const user = await currentUserOf(db.em(), cast.employee);
    const { id } = await requestLeave(db.em(), user, ask({ start, end }), NOW);
    expect((await getLeave(db.em(), user, id)).numberDaysWork).toBe(days);
    await deleteLeave(db.em(), user, id);
    await db.sql("delete from holiday where country_id = ? and date = '2027-05-06'", [cast.org.countryId]);
  });

  it("refuses a request overlapping a pending one, but not a morning next to an afternoon", async () => {
    const user = await currentUserOf(db.em(), cast.employee);
    const { id } = await requestLeave(db.em(), user, ask({ start: "2026-07-20", end: "2026-07-20", halfDayMorning: true }), NOW);
    expect(await violationsOf(requestLeave(db.em(), user, ask({ start: "2026-07-20", end: "2026-07-21" }), NOW))).toContainEqual({
      propertyPath: "start",
      message: "Un congé existe déjà sur cette période.",
    });
    const pm = await requestLeave(db.em(), user, ask({ start: "2026-07-20", end: "2026-07-20", halfDayAfternoon: true }), NOW);
    const detail = await getLeave(db.em(), user, pm.id);
    expect(detail).toMatchObject({ halfDayAfternoon: true, halfDayMorning: false, numberDaysWork: 0.5, canEdit: true, canDelete: true });
    await deleteLeave(db.em(), user, id);
    await deleteLeave(db.em(), user, pm.id);
  });

  it("edits and deletes only one's own pending request", async () => {
    const user = await currentUserOf(db.em(), cast.employee);
    const { id } = await requestLeave(db.em(), user, ask({ start: "2026-08-03", end: "2026-08-04" }), NOW);
    await editLeave(db.em(), user, id, ask({ start: "2026-08-03", end: "2026-08-05", comment: "un jour de plus" }), NOW);
    const edited = await getLeave(db.em(), user, id);
    expect(edited).toMatchObject({ end: "2026-08-05", numberDaysWork: 3, comment: "un jour de plus", version: 2 });
    expect(edited.steps.map((s) => s.step)).toEqual(["created", "edited"]);
    // The team leader sees it (scope) but may not edit it; a colleague does not even see it.
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    await expect(editLeave(db.em(), leader, id, ask(), NOW)).rejects.toBeInstanceOf(ForbiddenError);
    const colleague = await currentUserOf(db.em(), cast.colleague);
    await expect(getLeave(db.em(), colleague, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteLeave(db.em(), colleague, id)).rejects.toBeInstanceOf(NotFoundError);
    // Once prevalidated, the employee can no longer change it.
    await decideLeave(db.em(), leader, id, "validate", { now: NOW });
    await expect(editLeave(db.em(), user, id, ask({ start: "2026-08-03", end: "2026-08-03" }), NOW)).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteLeave(db.em(), user, id)).rejects.toBeInstanceOf(ConflictError);
    await decideLeave(db.em(), await currentUserOf(db.em(), cast.head), id, "refuse", { now: NOW });
  });
});

describe("the three workflows", () => {
  let cast: Awaited<ReturnType<typeof createLeaveCast>>;
  beforeAll(async () => {
    cast = await createLeaveCast(db.em(), " Flow");
  });

  it("full: team leader prevalidates, department head validates, management accepts and the balance drops (last year first)", async () => {
    await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 2, takenLastYear: 0, earnedThisYear: 10, takenThisYear: 0 });
    const employee = await currentUserOf(db.em(), cast.employee);
    const { id } = await requestLeave(db.em(), employee, ask({ start: "2026-07-06", end: "2026-07-10" }), NOW);
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    const otherLeader = await currentUserOf(db.em(), cast.otherTeamLeader);
    const departmentHead = await currentUserOf(db.em(), cast.departmentHead);
    const otherHead = await currentUserOf(db.em(), cast.otherDepartmentHead);
    const head = await currentUserOf(db.em(), cast.head);

    // Scope: another team's leader and another division's head do not see it (404); the department head may not
    // skip the team leader's step (403).
    await expect(decideLeave(db.em(), otherLeader, id, "validate", { now: NOW })).rejects.toBeInstanceOf(NotFoundError);
    await expect(decideLeave(db.em(), otherHead, id, "validate", { now: NOW })).rejects.toBeInstanceOf(NotFoundError);
    await expect(decideLeave(db.em(), departmentHead, id, "validate", { now: NOW })).rejects.toBeInstanceOf(ForbiddenError);

    expect(await decideLeave(db.em(), leader, id, "validate", { now: NOW })).toMatchObject({ id, state: "prevalidate" });
    await expect(decideLeave(db.em(), leader, id, "validate", { now: NOW })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await decideLeave(db.em(), departmentHead, id, "validate", { now: NOW })).toMatchObject({ id, state: "validate" });
    expect(await counters(db.em(), cast.employee.employeeId)).toMatchObject({ takenLastYear: 0, takenThisYear: 0 });
    expect(await decideLeave(db.em(), head, id, "validate", { now: NOW })).toMatchObject({ id, state: "accepted" });

    expect(await counters(db.em(), cast.employee.employeeId)).toMatchObject({ takenLastYear: 2, takenThisYear: 3 });
    const [leave] = await db.sql<{ days_from_last_year: string; days_from_this_year: string }>(
      "select days_from_last_year, days_from_this_year from leave where id = ?",
      [id],
    );
    expect([Number(leave!.days_from_last_year), Number(leave!.days_from_this_year)]).toEqual([2, 3]);
    const detail = await getLeave(db.em(), employee, id);
    expect(detail.steps.map((s) => [s.step, s.actor])).toEqual([
      ["created", detail.employee.fullname],
      ["prevalidate", leader.fullName],
      ["validate", departmentHead.fullName],
      ["accepted", head.fullName],
    ]);
    expect(detail).toMatchObject({ status: "accepted", canEdit: false, canDelete: false, canRemove: false });
    await drainInlineJobs();
    const mail = await inbox.capture.waitFor((m) => m.to.includes(cast.employee.email) && m.subject.includes("acceptée"));
    expect(mail.text).toContain("06/07/2026");

    // Removal after validation: management only, counters restored.
    await expect(removeLeave(db.em(), departmentHead, id, { now: NOW })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await removeLeave(db.em(), head, id, { now: NOW })).toMatchObject({ id, state: "removed" });
    expect(await counters(db.em(), cast.employee.employeeId)).toMatchObject({ takenLastYear: 0, takenThisYear: 0 });
    await expect(removeLeave(db.em(), head, id, { now: NOW })).rejects.toBeInstanceOf(ConflictError);
    expect((await getLeave(db.em(), head, id)).steps.at(-1)).toMatchObject({ step: "removed", actor: head.fullName });
  });

  it("partial: department head validates then management accepts; recovery hours are charged in seconds", async () => {
    const partial = await createEmployee(db.em(), cast.org, { leaveWorkflow: "partial", email: "partial.flow@cadran.test" });
    await setCounters(db.em(), partial.employeeId, { recoveryEarned: 10 * 3600, recoveryTaken: 3600 });
    const user = await currentUserOf(db.em(), partial);
    const { id } = await requestLeave(
      db.em(),
      user,
      ask({ reason: "RECOVERY_LEAVE", start: "2026-07-07", end: "2026-07-07", nbHourAbsence: 3.5 }),
      NOW,
    );
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    await expect(decideLeave(db.em(), leader, id, "validate", { now: NOW })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await decideLeave(db.em(), await currentUserOf(db.em(), cast.departmentHead), id, "validate", { now: NOW })).state).toBe("validate");
    expect((await decideLeave(db.em(), await currentUserOf(db.em(), cast.financial), id, "validate", { now: NOW })).state).toBe("accepted");
    expect((await counters(db.em(), partial.employeeId)).recoveryTaken).toBe(3600 + 3.5 * 3600);
    await removeLeave(db.em(), await currentUserOf(db.em(), cast.financial), id, { now: NOW });
    expect((await counters(db.em(), partial.employeeId)).recoveryTaken).toBe(3600);
  });

  it("fast: management accepts at once; a refusal mails the employee and charges nothing", async () => {
    const fast = await createEmployee(db.em(), cast.org, { leaveWorkflow: "fast", email: "fast.flow@cadran.test" });
    await setCounters(db.em(), fast.employeeId, { earnedThisYear: 5 });
    const user = await currentUserOf(db.em(), fast);
    const a = await requestLeave(db.em(), user, ask({ start: "2026-07-06", end: "2026-07-06" }), NOW);
    const b = await requestLeave(db.em(), user, ask({ start: "2026-07-07", end: "2026-07-07" }), NOW);
    const financial = await currentUserOf(db.em(), cast.financial);
    expect((await decideLeave(db.em(), financial, a.id, "validate", { now: NOW })).state).toBe("accepted");
    expect((await decideLeave(db.em(), financial, b.id, "refuse", { now: NOW })).state).toBe("refused");
    expect(await counters(db.em(), fast.employeeId)).toMatchObject({ takenThisYear: 1 });
    await drainInlineJobs();
    await inbox.capture.waitFor((m) => m.to.includes("fast.flow@cadran.test") && m.subject.includes("refusée"));
  });

  it("splits an accepted leave to the hundredth (accruals of 2.08) and a removal gives back exactly that", async () => {
    const emp = await createEmployee(db.em(), cast.org, { leaveWorkflow: "fast", email: "hundredths@cadran.test" });
    await setCounters(db.em(), emp.employeeId, { earnedLastYear: 1.04, takenLastYear: 0, earnedThisYear: 2.08, takenThisYear: 0 });
    const user = await currentUserOf(db.em(), emp);
    const leave = await requestLeave(db.em(), user, ask({ start: "2026-07-06", end: "2026-07-07" }), NOW);
    const head = await currentUserOf(db.em(), cast.financial);
    expect((await decideLeave(db.em(), head, leave.id, "validate", { now: NOW })).state).toBe("accepted");
    const [split] = await db.sql<{ last: number; this: number }>(
      "select days_from_last_year::float8 as last, days_from_this_year::float8 as this from leave where id = ?",
      [leave.id],
    );
    expect(split).toEqual({ last: 1.04, this: 0.96 });
    expect(await counters(db.em(), emp.employeeId)).toMatchObject({ takenLastYear: 1.04, takenThisYear: 0.96 });
    await removeLeave(db.em(), head, leave.id, { now: NOW });
    expect(await counters(db.em(), emp.employeeId)).toMatchObject({ takenLastYear: 0, takenThisYear: 0 });
  });

  it("management is company-wide: a Lisbon leave is accepted by 3 Print's head of management", async () => {
    const lisbon = await createOrg(db.em(), " Lisboa");
    const ana = await createEmployee(db.em(), lisbon, { leaveWorkflow: "fast", email: "ana.lisboa@cadran.test" });
    await setCounters(db.em(), ana.employeeId, { earnedThisYear: 5 });
    const { id } = await requestLeave(db.em(), await currentUserOf(db.em(), ana), ask({ start: "2026-07-08", end: "2026-07-08" }), NOW);
    const head = await currentUserOf(db.em(), cast.head);
    expect(head.subsidiaryId).not.toBe(lisbon.subsidiaryId);
    expect((await decideLeave(db.em(), head, id, "validate", { now: NOW })).state).toBe("accepted");
  });

  it("nobody decides their own leave, management included", async () => {
    const headUser = await currentUserOf(db.em(), cast.head);
    await setCounters(db.em(), cast.head.employeeId, { earnedThisYear: 5 });
    const { id } = await requestLeave(db.em(), headUser, ask({ start: "2026-07-09", end: "2026-07-09" }), NOW);
    await expect(decideLeave(db.em(), headUser, id, "validate", { now: NOW })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await decideLeave(db.em(), await currentUserOf(db.em(), cast.financial), id, "validate", { now: NOW })).state).toBe("accepted");
  });

  it("refuses the acceptance when the balance no longer covers the leave, leaving the request in flight", async () => {
    const short = await createEmployee(db.em(), cast.org, { leaveWorkflow: "fast", email: "short.flow@cadran.test" });
    await setCounters(db.em(), short.employeeId, { earnedThisYear: 2 });
    const { id } = await requestLeave(db.em(), await currentUserOf(db.em(), short), ask({ start: "2026-07-06", end: "2026-07-07" }), NOW);
    await setCounters(db.em(), short.employeeId, { takenThisYear: 1.5 });
    const head = await currentUserOf(db.em(), cast.head);
    await expect(decideLeave(db.em(), head, id, "validate", { now: NOW })).rejects.toMatchObject({
      status: 422,
      message: "L'employé n'a plus assez de congés pour cette période.",
    });
    const [row] = await db.sql<{ state: string; version: number }>("select state, version from leave where id = ?", [id]);
    expect(row).toEqual({ state: "pending", version: 1 });
  });

  it("two managers deciding at once: exactly one wins, the other gets a conflict", async () => {
    const fast = await createEmployee(db.em(), cast.org, { leaveWorkflow: "fast", email: "race.flow@cadran.test" });
    await setCounters(db.em(), fast.employeeId, { earnedThisYear: 10 });
    const head = await currentUserOf(db.em(), cast.head);
    const financial = await currentUserOf(db.em(), cast.financial);
    for (let round = 0; round < 5; round++) {
      const id = await createLeave(db.em(), fast.employeeId, { start: `2026-09-0${round + 1}`, numberDaysWork: 1 });
      const results = await Promise.allSettled([
        decideLeave(db.em(), head, id, "validate", { now: NOW, expectedVersion: 1 }),
        decideLeave(db.em(), financial, id, round % 2 ? "refuse" : "validate", { now: NOW, expectedVersion: 1 }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(rejected).toHaveLength(1);
      expect(rejected[0]!.reason).toBeInstanceOf(ConflictError);
      const steps = await db.sql("select step from leave_step where leave_id = ? and step <> 'created'", [id]);
      expect(steps).toHaveLength(1);
    }
    // Each accepted leave was charged exactly once: rounds 0, 2, 4 are two validations (one wins), others validate or refuse.
    const taken = (await counters(db.em(), fast.employeeId)).takenThisYear;
    const accepted = await db.sql<{ n: string }>("select count(*) as n from leave where employee_id = ? and state = 'accepted'", [fast.employeeId]);
    expect(taken).toBe(Number(accepted[0]!.n));
  });

  it("a team without leader: the department head takes the first step and moves the request straight to 'validate'", async () => {
    const noLeader = await createEmployee(db.em(), cast.org, { teamId: cast.org.otherTeamId, leaveWorkflow: "full", email: "noleader.flow@cadran.test" });
    await db.sql("update employee set fired_at = '2026-01-01' where id = ?", [cast.otherTeamLeader.employeeId]);
    await setCounters(db.em(), noLeader.employeeId, { earnedThisYear: 5 });
    const { id } = await requestLeave(db.em(), await currentUserOf(db.em(), noLeader), ask({ start: "2026-07-06", end: "2026-07-06" }), NOW);
    expect((await decideLeave(db.em(), await currentUserOf(db.em(), cast.departmentHead), id, "validate", { now: NOW })).state).toBe("validate");
    await db.sql("update employee set fired_at = null where id = ?", [cast.otherTeamLeader.employeeId]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { isAwaitingActor, type LeaveState, type LeaveWorkflow } from "~/domain/leave/workflow";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { deciderOf, DIVISION_HAS_HEAD_SQL, TEAM_HAS_LEADER_SQL, underDecision } from "~/services/leave/scope.server";
import { shellCounters } from "~/services/shell/shell.server";
import { requestState } from "~/server/shared/request-state.server";
import { commitSession, sessionStorage } from "~/server/identity/session.server";
import { EMPLOYEE_OPTIONS_MAX, PENDING_PAGE_SIZE, waitingLeaves, waitingPage } from "~/services/leave/lists.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createLeave, createLeaveCast, currentUserOf } from "~tests/support/factories-leave";

const db = useTestDatabase();
const STARTS = ["2030-07-01", "2025-12-15", "2027-03-02"];

/**
 * The waiting list and the menu counter are SQL (WAITING_CONDITION_SQL on the stored leave.waiting_for, decision
 * 0064); the rule is domain isAwaitingActor. For
 * every workflow x state x viewer, including a team without leader and a division without head, both must agree.
 */
describe("waiting list = isAwaitingActor, and the menu counter counts it", () => {
  let viewers: CurrentUser[];
  const leaveIds: number[] = [];

  beforeAll(async () => {
    const cast = await createLeaveCast(db.em(), " Wait");
    const org = cast.org;
    // A second division without head, with a team without leader.
    const [div] = await db.sql<{ id: number }>("insert into division (name, subsidiary_id) values ('Sans chef', ?) returning id", [org.subsidiaryId]);
    const [team] = await db.sql<{ id: number }>("insert into team (name, subsidiary_id, division_id) values ('Sans chef', ?, ?) returning id", [
      org.subsidiaryId,
      div!.id,
    ]);
    const lisbon = await createOrg(db.em(), " Wait Lisboa");
    const places = [
      { teamId: org.teamId, divisionId: org.divisionId },
      { teamId: org.otherTeamId, divisionId: org.divisionId },
      { teamId: team!.id, divisionId: div!.id },
      { teamId: null, divisionId: org.divisionId },
    ];
    const workflows: LeaveWorkflow[] = ["fast", "partial", "full"];
    const states: LeaveState[] = ["pending", "prevalidate", "validate", "accepted", "refused"];
    let n = 0;
    for (const place of places) {
      for (const workflow of workflows) {
        const e = await createEmployee(db.em(), org, { ...place, leaveWorkflow: workflow, email: `wait${n++}@cadran.test` });
        for (const state of states) {
          const k = leaveIds.length;
          leaveIds.push(await createLeave(db.em(), e.employeeId, { state, start: STARTS[k % STARTS.length], urgent: k % 4 === 0 }));
        }
      }
    }
    const ana = await createEmployee(db.em(), lisbon, { leaveWorkflow: "full", email: "wait.ana@cadran.test" });
    for (const state of states) leaveIds.push(await createLeave(db.em(), ana.employeeId, { state }));
    // The managers' own requests never await themselves.
    leaveIds.push(await createLeave(db.em(), cast.teamLeader.employeeId, { state: "pending" }));
    leaveIds.push(await createLeave(db.em(), cast.head.employeeId, { state: "pending" }));
    leaveIds.push(await createLeave(db.em(), cast.departmentHead.employeeId, { state: "pending" }));
    viewers = [];
    for (const who of [cast.head, cast.financial, cast.departmentHead, cast.teamLeader, cast.otherTeamLeader, cast.otherDepartmentHead]) {
      viewers.push(await currentUserOf(db.em(), who));
    }
  });

  it("agrees with the domain rule for every leave and viewer", async () => {
    const rows = await db.sql<Parameters<typeof underDecision>[0] & { id: number }>(
      `select l.id, l.state, l.employee_id, e.leave_workflow, e.team_id, e.division_id, e.subsidiary_id,
              ${TEAM_HAS_LEADER_SQL} as team_has_leader, ${DIVISION_HAS_HEAD_SQL} as division_has_head
         from leave l join employee e on e.id = l.employee_id where l.id in (${leaveIds.join(",")})`,
    );
    let awaiting = 0;
    for (const viewer of viewers) {
      const expected = rows.filter((r) => isAwaitingActor({ actor: deciderOf(viewer), leave: underDecision(r) })).map((r) => r.id).sort((a, b) => a - b);
      const listed = (await waitingLeaves(db.em(), viewer)).map((l) => l.id).sort((a, b) => a - b);
      expect(listed, viewer.email).toEqual(expected);
      expect((await shellCounters(db.em(), viewer)).waitingLeaves, viewer.email).toBe(expected.length);
      // The one-query shell of every page (session + user + counters) counts the same.
      expect((await shellStateOf(viewer.userId)).counters.waitingLeaves, viewer.email).toBe(expected.length);
      awaiting += expected.length;
    }
    // The table is not trivially empty: management sees fast, validated and head-less requests, including Lisbon's.
    expect(awaiting).toBeGreaterThan(10);
  });

  it("the pending tab of /leave/waiting lists what the counter counts, whatever the month, urgent first then by start", async () => {
    // The requests (beforeAll) start in 2025, 2027 and 2030, never in the page's default month, some urgent.
    for (const viewer of viewers) {
      const counter = (await shellCounters(db.em(), viewer)).waitingLeaves ?? 0;
      const page = await waitingPage(db.em(), viewer, { tab: "pending" }, new Date("2026-11-24T10:00:00Z"));
      expect(page.leaves.length, viewer.email).toBe(counter);
      expect(page.leaves.map((l) => l.id).sort((a, b) => a - b), viewer.email).toEqual((await waitingLeaves(db.em(), viewer)).map((l) => l.id).sort((a, b) => a - b));
      const order = page.leaves.map((l) => `${l.urgent ? 0 : 1}${l.start}`);
      expect(order, viewer.email).toEqual([...order].sort());
      // The month filter narrows the decided tabs only.
      const otherMonth = await waitingPage(db.em(), viewer, { tab: "pending", year: 2021, month: 2 }, new Date("2026-11-24T10:00:00Z"));
      expect(otherMonth.leaves.length, viewer.email).toBe(counter);
    }
  });
});

describe("the pending tab pages what the counter counts", () => {
  it("every request the counter announces is on one of the pages, in order, none twice; a page past the end is the last", async () => {
    const cast = await createLeaveCast(db.em(), " Pages");
    // More requests awaiting management than a page holds (validated by the department head: management's step).
    for (let i = 0; i < PENDING_PAGE_SIZE + 3; i++) {
      await createLeave(db.em(), cast.colleague.employeeId, { state: "validate", start: `2031-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}` });
    }
    const viewer = await currentUserOf(db.em(), cast.head);
    const counter = (await shellCounters(db.em(), viewer)).waitingLeaves ?? 0;
    expect(counter).toBeGreaterThan(PENDING_PAGE_SIZE);
    const now = new Date("2026-11-24T10:00:00Z");
    const first = await waitingPage(db.em(), viewer, { tab: "pending" }, now);
    expect(first.pager).toEqual({ page: 1, pages: Math.ceil(counter / PENDING_PAGE_SIZE), total: counter });
    expect(first.leaves).toHaveLength(PENDING_PAGE_SIZE);
    const listed: number[] = [];
    for (let p = 1; p <= first.pager.pages; p++) {
      const page = await waitingPage(db.em(), viewer, { tab: "pending", page: p }, now);
      expect(page.pager.page).toBe(p);
      listed.push(...page.leaves.map((l) => l.id));
    }
    // The pages laid end to end are the counter's list, in its order (urgent first, then by start).
    expect(listed).toEqual((await waitingLeaves(db.em(), viewer)).map((l) => l.id));
    expect(listed).toHaveLength(counter);
    const beyond = await waitingPage(db.em(), viewer, { tab: "pending", page: 999 }, now);
    expect(beyond.pager.page).toBe(first.pager.pages);
    expect(beyond.leaves.map((l) => l.id)).toEqual(listed.slice((first.pager.pages - 1) * PENDING_PAGE_SIZE));
  });
});

/** The shell state a signed-in request of this user gets (a real session row, its signed cookie). */
async function shellStateOf(userId: number) {
  const session = await sessionStorage().getSession();
  session.set("userId", userId);
  const cookie = (await commitSession(session)).split(";")[0]!;
  return requestState(new Request("http://localhost/", { headers: { Cookie: cookie } }));
}

describe("a scope of thousands: the employee filter is a name field, every tab is paged (decision 0065)", () => {
  it("lists the options for a team, searches by name for management, and pages the decided tabs", async () => {
    const cast = await createLeaveCast(db.em(), " Crowd");
    const now = new Date("2026-11-24T10:00:00Z");
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    const small = await waitingPage(db.em(), leader, { tab: "pending" }, now);
    expect(small.employeeSearch).toBe(false);
    expect(small.employees.map((e) => e.id)).toContain(cast.employee.employeeId);

    // Management's scope grows past a list's size.
    const [{ n }] = (await db.sql<{ n: number }>(`select count(*)::int as n from employee where fired_at is null`)) as [{ n: number }];
    for (let i = n; i <= EMPLOYEE_OPTIONS_MAX; i++) {
      await createEmployee(db.em(), cast.org, { firstname: `p${i}`, lastname: "FOULE", email: `foule${i}@cadran.test` });
    }
    const marie = await createEmployee(db.em(), cast.org, { firstname: "marie", lastname: "dupré", email: "marie.dupre@cadran.test" });
    const axb = await createEmployee(db.em(), cast.org, { firstname: "jean", lastname: "axb", email: "jean.axb@cadran.test" });
    const marieLeave = await createLeave(db.em(), marie.employeeId, { state: "validate", start: "2031-02-02" });
    const axbLeave = await createLeave(db.em(), axb.employeeId, { state: "validate", start: "2031-02-03" });
    const head = await currentUserOf(db.em(), cast.head);
    const all = await waitingPage(db.em(), head, { tab: "pending" }, now);
    expect([all.employeeSearch, all.employees]).toEqual([true, []]);
    const found = async (input: Parameters<typeof waitingPage>[2]) =>
      (await waitingPage(db.em(), head, { tab: "pending", ...input }, now)).leaves.map((l) => l.id);
    expect(await found({ name: "Marie Dup" })).toEqual([marieLeave]);
    expect(await found({ name: "  DUPRÉ ma " })).toEqual([marieLeave]); // last name first, any case, trimmed
    expect(await found({ name: "xb" })).toEqual([axbLeave]);
    expect(await found({ name: "a%b" })).toEqual([]); // the LIKE wildcards are taken literally
    expect(await found({ name: "a_b" })).toEqual([]);
    expect(await found({ employee: axb.employeeId })).toEqual([axbLeave]); // an id (a link from elsewhere) still narrows
    expect((await waitingPage(db.em(), head, { tab: "pending", name: "marie" }, now)).filter.name).toBe("marie");
    // A list (small scope) ignores a name: its filter is the select.
    expect((await waitingPage(db.em(), leader, { tab: "pending", name: "zzz" }, now)).filter.name).toBe("");

    // The decided tabs are paged as the pending one, most recently decided first.
    for (let i = 0; i < PENDING_PAGE_SIZE + 3; i++) {
      await createLeave(db.em(), cast.colleague.employeeId, { state: "accepted", start: `2028-05-${String(1 + (i % 28)).padStart(2, "0")}` });
    }
    const accepted = await waitingPage(db.em(), head, { tab: "accepted", year: 2028, month: 5 }, now);
    expect(accepted.pager).toEqual({ page: 1, pages: 2, total: PENDING_PAGE_SIZE + 3 });
    expect(accepted.leaves).toHaveLength(PENDING_PAGE_SIZE);
    const second = await waitingPage(db.em(), head, { tab: "accepted", year: 2028, month: 5, page: 2 }, now);
    expect(second.leaves).toHaveLength(3);
    expect(new Set([...accepted.leaves, ...second.leaves].map((l) => l.id)).size).toBe(PENDING_PAGE_SIZE + 3);
  });
});

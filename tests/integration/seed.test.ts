/**
 * The demo seed against a real, throwaway PostgreSQL database (the harness clones the migrated template on the
 * server the global setup found: DATABASE_URL, else the embedded one, and drops it afterwards): the organisation
 * of DESIGN §3, consistent clocks, leaves and counters, and the same result when run twice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EntityManager } from "@mikro-orm/postgresql";
import { DateTime } from "luxon";
import { buildDemoData, DEMO_ACCOUNTS, DEMO_CLOCK_DAYS, DEMO_PASSWORD, DEMO_TABLES, seedDemo } from "../../db/seeds/demo";
import { verifyPassword } from "../../app/server/identity/password.server";
import { useTestDatabase } from "../support/db";

/** A Wednesday after Ascension and before Whit Monday: the clock window holds Easter Monday, 1, 8 and 14 May. */
const TODAY = "2026-05-20";
const LAST_CLOCK_DAY = "2026-05-19";
const WINDOW_START = DateTime.fromISO(TODAY).minus({ days: DEMO_CLOCK_DAYS }).toISODate() as string;

const db = useTestDatabase();

function em(): EntityManager {
  return db.em();
}

async function q<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  return em().execute<T[]>(sql);
}

const TABLES = [...DEMO_TABLES, "job_run"];

async function snapshot(): Promise<Record<string, unknown>> {
  const counts = TABLES.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(", ");
  const [row] = await q<Record<string, unknown>>(
    `select ${counts},
       (select md5(string_agg(concat_ws('|', id, time_clock_id, time, type, superseded_at), ',' order by id)) from time_log) as logs,
       (select md5(string_agg(concat_ws('|', id, employee_id, reason, start, "end", state, number_days_work), ',' order by id)) from leave) as leaves,
       (select md5(string_agg(concat_ws('|', id, email, holiday_taken_last_year, recovery_earned), ',' order by id)) from employee) as employees`,
  );
  return row ?? {};
}

let first: Record<string, unknown> = {};
let second: Record<string, unknown> = {};

beforeAll(async () => {
  // The template is migrated already; this must find nothing left to apply.
  expect(await db.orm.getMigrator().up()).toEqual([]);
  await seedDemo(em(), { today: TODAY });
  first = await snapshot();
  await seedDemo(em(), { today: TODAY });
  second = await snapshot();
});

describe("seedDemo", () => {
  it("is idempotent and deterministic: a second run gives the same rows", () => {
    expect(first.employee).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it("moves the id sequences past the seeded rows", async () => {
    const [row] = await q<{ id: number }>(
      `insert into country (name, timezone) values ('Belgique', 'Europe/Brussels') returning id`,
    );
    expect(row?.id).toBe(3);
    await q(`delete from country where name = 'Belgique'`);
  });

  it("holds the two countries, subsidiaries and their holidays", async () => {
    const countries = await q<{ name: string; timezone: string; paid: number; recup: number }>(
      `select name, timezone, overtime_paid::float8 as paid, overtime_in_recuperation::float8 as recup from country order by id`,
    );
    expect(countries.map((c) => [c.name, c.timezone])).toEqual([
      ["France", "Europe/Paris"],
      ["Portugal", "Europe/Lisbon"],
    ]);
    for (const c of countries) expect(c.paid + c.recup).toBe(100);
    const subs = await q<{ name: string; city: string; timezone: string; country: string }>(
      `select s.name, s.city, s.timezone, c.name as country from subsidiary s join country c on c.id = s.country_id order by s.id`,
    );
    expect(subs).toEqual([
      { name: "3 Print", city: "Paris", timezone: "Europe/Paris", country: "France" },
      { name: "Lisboa Print", city: "Lisbonne", timezone: "Europe/Lisbon", country: "Portugal" },
    ]);
    const holidays = await q<{ country: string; year: string; n: number }>(
      `select c.name as country, extract(year from h.date)::text as year, count(*)::int as n
         from holiday h join country c on c.id = h.country_id group by 1, 2 order by 1, 2`,
    );
    expect(holidays).toContainEqual({ country: "France", year: "2026", n: 11 });
    expect(holidays).toContainEqual({ country: "France", year: "2027", n: 11 });
    expect(holidays).toContainEqual({ country: "Portugal", year: "2026", n: 13 });
    expect(holidays).toContainEqual({ country: "Portugal", year: "2027", n: 13 });
    const [ascension] = await q<{ name: string }>(`select name from holiday where country_id = 1 and date = '2026-05-14'`);
    expect(ascension?.name).toBe("Ascension");
  });

  it("has two divisions per subsidiary, teams in most and exactly one division without teams", async () => {
    const divisions = await q<{ subsidiary: string; name: string; teams: number }>(
      `select s.name as subsidiary, d.name, (select count(*) from team t where t.division_id = d.id)::int as teams
         from division d join subsidiary s on s.id = d.subsidiary_id order by d.id`,
    );
    expect(divisions.filter((d) => d.subsidiary === "3 Print")).toHaveLength(2);
    expect(divisions.filter((d) => d.subsidiary === "Lisboa Print")).toHaveLength(2);
    expect(divisions.filter((d) => d.teams === 0)).toHaveLength(1);
    const [mismatch] = await q<{ n: number }>(
      `select count(*)::int as n from team t join division d on d.id = t.division_id where d.subsidiary_id <> t.subsidiary_id`,
    );
    expect(mismatch?.n).toBe(0);
  });

  it("has about 40 employees, each with an account, and archived ones in 3 Print", async () => {
    const [row] = await q<{ employees: number; users: number; archived: number; archivedParis: number }>(
      `select (select count(*) from employee)::int as employees,
              (select count(*) from app_user u join employee e on e.id = u.employee_id and u.email = e.email
                 where u.roles = array[e.profile_type]::text[])::int as users,
              (select count(*) from employee where fired_at is not null)::int as archived,
              (select count(*) from employee where fired_at is not null and subsidiary_id = 1)::int as "archivedParis"`,
    );
    expect(row?.employees).toBeGreaterThanOrEqual(35);
    expect(row?.employees).toBeLessThanOrEqual(45);
    expect(row?.users).toBe(row?.employees);
    expect(row?.archivedParis).toBeGreaterThanOrEqual(2);
    expect(row?.archivedParis).toBeLessThanOrEqual(3);
    const [schedules] = await q<{ missing: number; twoWeeks: number }>(
      `select (select count(*) from employee e where (select count(*) from week_schedule w where w.employee_id = e.id)
                 <> case when e.week_type = 'week_one_two' then 2 else 1 end)::int as missing,
              (select count(*) from employee where week_type = 'week_one_two')::int as "twoWeeks"`,
    );
    expect(schedules?.missing).toBe(0);
    expect(schedules?.twoWeeks).toBeGreaterThanOrEqual(2);
  });

  it("has the seven demo accounts with their roles, places and the demo password", async () => {
    const rows = await q<{
      email: string;
      profile_type: string;
      roles: string[];
      password_hash: string;
      subsidiary: string;
      division_id: number;
      team_id: number | null;
      department_head: boolean;
      team_leader: boolean;
      time_registration: boolean;
      leave_workflow: string;
      fired_at: string | null;
    }>(
      `select u.email, e.profile_type, u.roles, u.password_hash, s.name as subsidiary, e.division_id, e.team_id,
              e.department_head, e.team_leader, e.time_registration, e.leave_workflow, e.fired_at::text
         from app_user u join employee e on e.id = u.employee_id join subsidiary s on s.id = e.subsidiary_id`,
    );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const account of DEMO_ACCOUNTS) {
      const row = byEmail.get(account.email);
      expect(row, account.email).toBeDefined();
      expect(row?.profile_type).toBe(account.profileType);
      expect(row?.roles).toEqual([account.profileType]);
      expect(row?.subsidiary).toBe("3 Print");
      expect(row?.fired_at).toBeNull();
      expect(await verifyPassword(row?.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    expect(await verifyPassword(byEmail.get("employe@cadran.test")?.password_hash, "wrong")).toBe(false);

    const head = byEmail.get("chef.division@cadran.test");
    const leader = byEmail.get("chef.equipe@cadran.test");
    const employee = byEmail.get("employe@cadran.test");
    expect(head?.department_head).toBe(true);
    const [teamsOfHead] = await q<{ n: number }>(`select count(*)::int as n from team where division_id = ${Number(head?.division_id)}`);
    expect(teamsOfHead?.n).toBeGreaterThan(0);
    expect(leader?.team_leader).toBe(true);
    expect(leader?.team_id).not.toBeNull();
    expect(leader?.division_id).toBe(head?.division_id);
    const [leaderTeam] = await q<{ division_id: number }>(`select division_id from team where id = ${Number(leader?.team_id)}`);
    expect(leaderTeam?.division_id).toBe(head?.division_id);
    expect(employee?.team_id).toBe(leader?.team_id);
    expect(employee?.team_leader).toBe(false);
    expect(employee?.time_registration).toBe(true);
    expect(employee?.leave_workflow).toBe("full");
    expect(byEmail.get("commercial@cadran.test")?.division_id).toBeTruthy();
  });

  it("has 8 weeks of clocks on working days only, one per employee and day", async () => {
    const [span] = await q<{ min: string; max: string; weeks: number; days: number }>(
      `select min(date)::text as min, max(date)::text as max, count(distinct date_trunc('week', date))::int as weeks,
              count(distinct date)::int as days
         from time_clock where not suggested`,
    );
    expect(span?.min && span.min >= WINDOW_START).toBe(true);
    expect(span?.min && span.min <= DateTime.fromISO(WINDOW_START).plus({ days: 3 }).toISODate()!).toBe(true);
    expect(span?.max).toBe(LAST_CLOCK_DAY);
    expect(span?.weeks).toBeGreaterThanOrEqual(8);
    expect(span?.days).toBeGreaterThanOrEqual(35);

    const duplicates = await q(
      `select employee_id, date from time_clock where not suggested group by 1, 2 having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);

    const [bad] = await q<{ weekend: number; holiday: number; leave: number; event: number; outside: number; untracked: number }>(
      `select
         (select count(*) from time_clock where extract(isodow from date) > 5)::int as weekend,
         (select count(*) from time_clock c join employee e on e.id = c.employee_id
            join holiday h on h.country_id = e.country_id and h.date = c.date)::int as holiday,
         (select count(*) from time_clock c join leave l on l.employee_id = c.employee_id and l.state = 'accepted'
            and c.date between l.start and l."end" and not l.half_day_morning and not l.half_day_afternoon)::int as leave,
         (select count(*) from time_clock c join event_day v on v.employee_id = c.employee_id and v.date = c.date)::int as event,
         (select count(*) from time_clock c join employee e on e.id = c.employee_id
            where c.date < e.hired_at or (e.fired_at is not null and c.date >= e.fired_at))::int as outside,
         (select count(*) from time_clock c join employee e on e.id = c.employee_id where not e.time_registration)::int as untracked`,
    );
    expect(bad).toEqual({ weekend: 0, holiday: 0, leave: 0, event: 0, outside: 0, untracked: 0 });
    for (const holiday of ["2026-04-06", "2026-05-01", "2026-05-08", "2026-05-14"]) {
      const [row] = await q<{ n: number }>(
        `select count(*)::int as n from time_clock c join employee e on e.id = c.employee_id
           where c.date = '${holiday}' and e.country_id = 1`,
      );
      expect(row?.n, holiday).toBe(0);
    }

    const [employee] = await q<{ n: number }>(
      `select count(*)::int as n from time_clock c join employee e on e.id = c.employee_id
         where e.email = 'employe@cadran.test' and not c.suggested`,
    );
    expect(employee?.n).toBeGreaterThanOrEqual(25);
  });

  it("computes working, lunch and overtime from the entries, with matching overtime rows", async () => {
    const clocks = await q<{
      id: number;
      employee_id: number;
      date: string;
      type: string | null;
      suggested: boolean;
      working_time_seconds: number;
      lunch_time_seconds: number;
      expected_seconds: number;
      overtime_seconds: number;
      anomaly: boolean;
    }>(
      `select id, employee_id, date::text, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
              overtime_seconds, anomaly from time_clock order by id`,
    );
    const logs = await q<{ time_clock_id: number; t: number; type: string }>(
      `select time_clock_id, extract(epoch from time)::float8 as t, type from time_log
         where superseded_at is null order by time_clock_id, time`,
    );
    const byClock = new Map<number, { t: number; type: string }[]>();
    for (const l of logs) {
      const list = byClock.get(l.time_clock_id) ?? [];
      list.push(l);
      byClock.set(l.time_clock_id, list);
    }
    for (const c of clocks) {
      const list = byClock.get(c.id) ?? [];
      expect(list.length, `clock ${c.id}`).toBeGreaterThanOrEqual(2);
      let working = 0;
      let lunch = 0;
      for (let i = 0; i < list.length - 1; i++) {
        const a = list[i]!;
        const b = list[i + 1]!;
        if (a.type === "START" && b.type !== "START") working += Math.round(b.t - a.t);
        if (a.type === "LUNCH" && b.type === "START") lunch += Math.round(b.t - a.t);
      }
      expect(c.working_time_seconds, `clock ${c.id}`).toBe(working);
      expect(c.lunch_time_seconds, `clock ${c.id}`).toBe(lunch);
      expect(c.type).toBe(list[list.length - 1]!.type);
      expect(c.expected_seconds).toBeGreaterThan(0);
      if (c.anomaly) {
        expect(c.type).toBe("START");
        expect(c.overtime_seconds).toBe(0);
      } else {
        expect(c.type).toBe("END");
        expect(c.overtime_seconds).toBe(c.working_time_seconds - c.expected_seconds);
        // "some variation": a day stays within a couple of hours of its schedule
        expect(Math.abs(c.overtime_seconds)).toBeLessThan(2.5 * 3600);
      }
    }
    const anomalies = clocks.filter((c) => c.anomaly);
    expect(anomalies.length).toBeGreaterThanOrEqual(2);

    const [mismatch] = await q<{ missing: number; different: number; orphans: number }>(
      `select
         (select count(*) from time_clock c left join overtime o on o.employee_id = c.employee_id and o.date = c.date
            where not c.suggested and o.id is null)::int as missing,
         (select count(*) from time_clock c join overtime o on o.employee_id = c.employee_id and o.date = c.date
            where not c.suggested and (o.worked_seconds <> c.working_time_seconds or o.expected_seconds <> c.expected_seconds
              or o.overtime_seconds <> c.overtime_seconds or o.anomaly <> c.anomaly))::int as different,
         (select count(*) from overtime o left join time_clock c on c.employee_id = o.employee_id and c.date = o.date
            and not c.suggested where c.id is null)::int as orphans`,
    );
    expect(mismatch).toEqual({ missing: 0, different: 0, orphans: 0 });

    // The expected time follows the schedule (odd ISO weeks use week 1) and is halved on a half-day leave.
    const expected = await q<{ id: number; expected: number; days: unknown; half: boolean }>(
      `select c.id, c.expected_seconds as expected, w.days,
              exists (select 1 from leave l where l.employee_id = c.employee_id and l.state = 'accepted'
                and c.date between l.start and l."end" and (l.half_day_morning or l.half_day_afternoon)) as half
         from time_clock c join employee e on e.id = c.employee_id
         join week_schedule w on w.employee_id = e.id
           and w.week_number = case when e.week_type = 'week_one_two' and extract(week from c.date)::int % 2 = 0 then 2 else 1 end
        where not c.suggested`,
    );
    expect(expected.length).toBe(clocks.filter((c) => !c.suggested).length);
    const dates = new Map(clocks.map((c) => [c.id, c.date]));
    for (const row of expected) {
      const days = (typeof row.days === "string" ? JSON.parse(row.days) : row.days) as {
        morningStart: number | null;
        morningEnd: number | null;
        afternoonStart: number | null;
        afternoonEnd: number | null;
      }[];
      const d = days[DateTime.fromISO(dates.get(row.id)!).weekday - 1]!;
      const minutes = (d.morningEnd ?? 0) - (d.morningStart ?? 0) + ((d.afternoonEnd ?? 0) - (d.afternoonStart ?? 0));
      expect(row.expected, `clock ${row.id}`).toBe(row.half ? minutes * 30 : minutes * 60);
    }
  });

  it("has suggestions pointing at a real day, with a message and their own entries", async () => {
    const suggestions = await q<{ id: number; message: string | null; origin_date: string | null; date: string; same_employee: boolean; logs: number; origin_logs: number }>(
      `select s.id, s.message, o.date::text as origin_date, s.date::text, o.employee_id = s.employee_id as same_employee,
              (select count(*) from time_log l where l.time_clock_id = s.id)::int as logs,
              (select count(*) from time_log l where l.time_clock_id = o.id)::int as origin_logs
         from time_clock s left join time_clock o on o.id = s.origin_suggested_id and not o.suggested
        where s.suggested`,
    );
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    for (const s of suggestions) {
      expect(s.origin_date).toBe(s.date);
      expect(s.same_employee).toBe(true);
      expect(s.message).toBeTruthy();
      expect(s.logs).toBeGreaterThanOrEqual(2);
    }
    const [own] = await q<{ n: number }>(
      `select count(*)::int as n from time_clock s join employee e on e.id = s.employee_id
         where s.suggested and e.email = 'employe@cadran.test'`,
    );
    expect(own?.n).toBeGreaterThanOrEqual(1);
    const [superseded] = await q<{ n: number }>(
      `select count(*)::int as n from time_log where superseded_at is not null and superseded_by_id is not null`,
    );
    expect(superseded?.n).toBeGreaterThanOrEqual(1);
  });

  it("has leaves in every state with their workflow steps", async () => {
    const states = await q<{ state: string; n: number }>(`select state, count(*)::int as n from leave group by 1 order by 1`);
    expect(states.map((s) => s.state)).toEqual(["accepted", "pending", "prevalidate", "refused", "validate"]);

    const reasons = await q<{ reason: string }>(`select distinct reason from leave`);
    for (const r of ["PAID_LEAVE", "SICK_LEAVE", "RTT_LEAVE", "RECOVERY_LEAVE"]) {
      expect(reasons.map((x) => x.reason)).toContain(r);
    }
    const [shape] = await q<{ half: number; recovery: number; past: number; upcoming: number; badDates: number; pastOpen: number }>(
      `select (select count(*) from leave where half_day_morning or half_day_afternoon)::int as half,
              (select count(*) from leave where reason = 'RECOVERY_LEAVE' and nb_hour_absence > 0)::int as recovery,
              (select count(*) from leave where "end" < '${TODAY}')::int as past,
              (select count(*) from leave where start > '${TODAY}')::int as upcoming,
              (select count(*) from leave where "end" < start or ((half_day_morning or half_day_afternoon) and start <> "end"))::int as "badDates",
              (select count(*) from leave where start <= '${TODAY}' and state not in ('accepted', 'refused'))::int as "pastOpen"`,
    );
    expect(shape?.half).toBeGreaterThan(0);
    expect(shape?.recovery).toBeGreaterThan(0);
    expect(shape?.past).toBeGreaterThan(0);
    expect(shape?.upcoming).toBeGreaterThan(0);
    expect(shape?.badDates).toBe(0);
    expect(shape?.pastOpen).toBe(0);

    const mine = await q<{ state: string; start: string }>(
      `select l.state, l.start::text from leave l join employee e on e.id = l.employee_id where e.email = 'employe@cadran.test'`,
    );
    expect(mine.some((l) => l.start < TODAY)).toBe(true);
    expect(mine.some((l) => l.start > TODAY)).toBe(true);
    expect(new Set(mine.map((l) => l.state)).size).toBeGreaterThanOrEqual(3);

    const steps = await q<{ leave_id: number; step: string; actor: string | null; at: string; employee: string; state: string; version: number; workflow: string; actor_profile: string | null }>(
      `select s.leave_id, s.step, a.email as actor, s.at::text, e.email as employee, l.state, l.version, e.leave_workflow as workflow,
              a.profile_type as actor_profile
         from leave_step s join leave l on l.id = s.leave_id join employee e on e.id = l.employee_id
         left join employee a on a.id = s.actor_id order by s.leave_id, s.at, s.id`,
    );
    const byLeave = new Map<number, typeof steps>();
    for (const s of steps) byLeave.set(s.leave_id, [...(byLeave.get(s.leave_id) ?? []), s]);
    const [leaveCount] = await q<{ n: number }>(`select count(*)::int as n from leave`);
    expect(byLeave.size).toBe(leaveCount?.n);
    const paths: Record<string, string[]> = {
      fast: ["accepted"],
      partial: ["validate", "accepted"],
      full: ["prevalidate", "validate", "accepted"],
    };
    for (const list of byLeave.values()) {
      const head = list[0]!;
      expect(head.step).toBe("created");
      expect(head.actor).toBe(head.employee);
      expect(list.length).toBe(head.version);
      const taken = list.slice(1).map((s) => s.step);
      const path = paths[head.workflow]!;
      if (head.state === "refused") {
        expect(taken[taken.length - 1]).toBe("refused");
        expect(path.slice(0, taken.length - 1)).toEqual(taken.slice(0, -1));
      } else if (head.state === "pending") {
        expect(taken).toEqual([]);
      } else {
        expect(taken).toEqual(path.slice(0, path.indexOf(head.state) + 1));
      }
      for (const s of list.slice(1)) {
        expect(s.actor).not.toBe(head.employee);
        if (s.step === "prevalidate") expect(s.actor_profile).toBe("ROLE_TEAM_LEADER");
        if (s.step === "accepted") expect(["ROLE_HEAD_MANAGEMENT", "ROLE_FINANCIAL_MANAGEMENT"]).toContain(s.actor_profile);
      }
    }
    // The chain of the demo team: employe -> chef.equipe -> chef.division -> management.
    const chain = steps.filter((s) => s.employee === "employe@cadran.test" && s.step !== "created");
    expect(chain.filter((s) => s.step === "prevalidate").every((s) => s.actor === "chef.equipe@cadran.test")).toBe(true);
    expect(chain.filter((s) => s.step === "validate").every((s) => s.actor === "chef.division@cadran.test")).toBe(true);
  });

  it("keeps holiday and recovery counters consistent with accepted leaves", async () => {
    const rows = await q<{
      email: string;
      earned_last: number;
      taken_last: number;
      earned_this: number;
      taken_this: number;
      balance: number;
      from_last: number;
      from_this: number;
      recovery_taken: number;
      recovery_hours: number;
      recovery_earned: number;
    }>(
      `select e.email, e.holiday_earned_last_year::float8 as earned_last, e.holiday_taken_last_year::float8 as taken_last,
              e.holiday_earned_this_year::float8 as earned_this, e.holiday_taken_this_year::float8 as taken_this,
              e.holiday_total_balance::float8 as balance, e.recovery_taken, e.recovery_earned,
              coalesce((select sum(days_from_last_year) from leave l where l.employee_id = e.id and l.state = 'accepted'
                and l.reason = 'PAID_LEAVE'), 0)::float8 as from_last,
              coalesce((select sum(days_from_this_year) from leave l where l.employee_id = e.id and l.state = 'accepted'
                and l.reason = 'PAID_LEAVE'), 0)::float8 as from_this,
              coalesce((select sum(nb_hour_absence) from leave l where l.employee_id = e.id and l.state = 'accepted'
                and l.reason = 'RECOVERY_LEAVE'), 0)::float8 as recovery_hours
         from employee e`,
    );
    let withTaken = 0;
    for (const r of rows) {
      expect(r.taken_last, r.email).toBeCloseTo(r.from_last, 2);
      expect(r.taken_this, r.email).toBeCloseTo(r.from_this, 2);
      expect(r.taken_last, r.email).toBeLessThanOrEqual(r.earned_last);
      expect(r.balance, r.email).toBeCloseTo(r.earned_last - r.taken_last + r.earned_this - r.taken_this, 2);
      expect(r.balance, r.email).toBeGreaterThanOrEqual(0);
      expect(r.recovery_taken, r.email).toBe(Math.round(r.recovery_hours * 3600));
      expect(r.recovery_earned, r.email).toBeGreaterThanOrEqual(r.recovery_taken);
      if (r.taken_last > 0) withTaken++;
    }
    expect(withTaken).toBeGreaterThan(10);
    expect(rows.filter((r) => r.recovery_earned > 0).length).toBeGreaterThan(5);
    // Accepted paid leaves sum to their day count.
    const [split] = await q<{ n: number }>(
      `select count(*)::int as n from leave where state = 'accepted' and reason = 'PAID_LEAVE'
         and start >= '2025-06-01' and days_from_last_year + days_from_this_year <> number_days_work`,
    );
    expect(split?.n).toBe(0);
  });

  it("has closing and travel days, and deductions", async () => {
    const events = await q<{ type: string; n: number }>(`select type, count(*)::int as n from event_day group by 1 order by 1`);
    expect(events.map((e) => e.type)).toEqual(["closed", "moved"]);
    const [onHoliday] = await q<{ n: number }>(
      `select count(*)::int as n from event_day v join employee e on e.id = v.employee_id
         join holiday h on h.country_id = e.country_id and h.date = v.date`,
    );
    expect(onHoliday?.n).toBe(0);
    const deductions = await q<{ seconds: number; by: string }>(
      `select d.seconds, e.email as by from deduction d join employee e on e.id = d.created_by_id`,
    );
    expect(deductions.length).toBeGreaterThanOrEqual(2);
    for (const d of deductions) expect(d.seconds).toBeGreaterThan(0);
  });
});

describe("buildDemoData", () => {
  it("builds a consistent organisation for any day of the year (no placement failure)", () => {
    let day = DateTime.fromISO("2026-01-01");
    for (let i = 0; i < 24; i++, day = day.plus({ days: 16 })) {
      const today = day.toISODate()!;
      const data = buildDemoData(today, "hash");
      const table = (name: string) => data.tables.find((t) => t.table === name)?.rows ?? [];
      const states = new Set(table("leave").map((l) => l.state));
      expect([...states].sort(), today).toEqual(["accepted", "pending", "prevalidate", "refused", "validate"]);
      const clockDays = new Set(table("time_clock").map((c) => `${c.employee_id}:${c.date}:${c.suggested}`));
      expect(clockDays.size, today).toBe(table("time_clock").length);
      const last = table("time_clock").reduce((m, c) => (String(c.date) > m ? String(c.date) : m), "");
      expect(last < today, today).toBe(true);
    }
  });

  it("refuses a malformed day", () => {
    expect(() => buildDemoData("2026-13-01", "hash")).toThrow();
    expect(() => buildDemoData("20260520", "hash")).toThrow();
  });
});

/**
 * The inputs of stored overtime weeks (DESIGN §8): many employee-weeks read at once (a chunk; the single week is a
 * chunk of one) and assembled into the engine's input. Computing and storing them is week.server.ts.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { contractInForce } from "~/domain/employees/contract-change";
import { scheduleDaySeconds, weekForDate, type WeekSchedule, type WeekType } from "~/domain/planning/expected-time";
import { isoWeekKey, type IsoWeekKey } from "~/domain/shared/iso-week";
import { mondayOfIsoWeek, type OvertimeDay, type OvertimeWeekInput } from "~/domain/overtime/overtime";
import { defaultPolicyFor, type OvertimePolicyRow } from "~/domain/overtime/policy";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { NotFoundError } from "~/services/shared/errors";
import { holidayAppliesSql } from "~/services/organisation/holidays.server";
import { policyFromJson, policyInForceSql, type PolicyJson } from "./policy.server";

// ---------------------------------------------------------------------------------------------------------------
// Reading many employee-weeks at once (a chunk) — the single week is a chunk of one

interface EmployeeContextRow {
  id: number;
  week_type: string;
  contract_hours: number | null;
  subsidiary_id: number | null;
  country_id: number | null;
  country_name: string | null;
  sub_tz: string | null;
  country_tz: string | null;
  weeks: WeekSchedule[];
  /** The former contracts still in force in some week of the range (decision 0070), as `contract_history` holds them. */
  history: { until: CalendarDate; hours: number | null; weekType: string; weeks: WeekSchedule[] }[];
}

type FactRow = {
  emp: number;
  kind: "c" | "h" | "l" | "e";
  start: string;
  end: string;
  seconds: number;
  anomaly: boolean;
  type: string | null;
  text: string | null;
  hm: boolean;
  ha: boolean;
};

/**
 * A stored week as the chunk found it: its quota share, whether it was computed, its dirty version; and, for a row
 * read from the table, what tells an unchanged result (issue 44 item 5, docs/decisions/0140): its id, checksum, provisional and dirty flags.
 */
export interface StoredState {
  quota: number;
  computed: boolean;
  version: number;
  row?: { id: number; checksum: string | null; provisional: boolean; dirty: boolean };
}

/** An employee's facts of the range, indexed by day once (a week reads 7 days of them). */
interface EmployeeFacts {
  /** The first clock of each day (the facts' order). */
  clocks: Map<CalendarDate, FactRow>;
  holidays: Set<CalendarDate>;
  /** The first event of each day. */
  events: Map<CalendarDate, FactRow>;
  /** Accepted leaves by start then end (the first one covering a day is the day's leave). */
  leaves: FactRow[];
}

/** The policy in force and the company size of a country on a Monday (the policy row converted once). */
interface CountryWeek {
  policy: PolicyJson | null;
  size: number;
  row?: OvertimePolicyRow;
}

/**
 * Every input of the engine for some employees over a range of ISO weeks, read in six queries whatever their
 * number: the employees (schedule, contract, zone), the clock days, holidays, accepted leaves and event days of the
 * range, the policy in force and the company size per country and Monday (the sizes not already in the chunk's
 * cache, per 200 pairs), and the stored weeks of the ISO years touched (quota shares and dirty versions). Weeks are
 * then assembled in memory (`assembleWeek`).
 */
export interface ChunkInputs {
  employees: Map<number, EmployeeContextRow>;
  facts: Map<number, EmployeeFacts>;
  /** `${countryId}|${monday}` -> policy in force and company size. */
  perCountryWeek: Map<string, CountryWeek>;
  /** employee -> ISO year -> ISO week -> stored state. */
  stored: Map<number, Map<number, Map<number, StoredState>>>;
  startedAt: Date;
}

/**
 * What the blocks of one chunk share (decision 0058): the company size per country and Monday, counted by the first
 * block that needs it (a count over every employee of the country, about 2 ms a pair: read again by every block of
 * ten employees, a full year cost 100 ms a block). The size is not followed by dirty marks (a hire elsewhere marks
 * no week of this employee), so a count taken seconds earlier in the same chunk is as current as one taken per
 * block. The policy is still read by every block: a policy saved during the run marks weeks dirty, and the block's
 * compare-and-set must match the policy of its own read.
 */
export interface ChunkCache {
  sizes: Map<string, number>;
}

/** Country-Monday pairs per company-size statement (about 300 make PostgreSQL compile the statement). */
const SIZE_PAIRS = 200;

const intArray = (ids: readonly number[]) => `{${ids.filter((id) => Number.isSafeInteger(id)).join(",")}}`;
export const storedKey = (w: IsoWeekKey) => `${w.year}-${w.week}`;

export async function loadChunkInputs(
  em: EntityManager,
  employeeIds: readonly number[],
  firstMonday: CalendarDate,
  lastMonday: CalendarDate,
  cache?: ChunkCache,
): Promise<ChunkInputs> {
  const ids = intArray(employeeIds);
  const lastSunday = addDays(lastMonday, 6);
  const [{ started_at: startedAt }] = (await em.execute<{ started_at: Date }[]>("select clock_timestamp() as started_at")) as [{ started_at: Date }];
  const ctxRows = await em.execute<EmployeeContextRow[]>(
    `select e.id, e.week_type, e.number_of_hours_per_week::float8 as contract_hours,
            coalesce(e.country_id, s.country_id) as country_id, e.subsidiary_id, cn.name as country_name,
            s.timezone as sub_tz, cn.timezone as country_tz,
            coalesce((select json_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::json) as weeks,
            coalesce((select json_agg(json_build_object('until', h.valid_until, 'hours', h.number_of_hours_per_week::float8,
                                                        'weekType', h.week_type, 'weeks', h.weeks) order by h.valid_until)
                        from contract_history h where h.employee_id = e.id and h.valid_until > ?::date), '[]'::json) as history
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country cn on cn.id = coalesce(e.country_id, s.country_id)
      where e.id = any(?::int[])`,
    [firstMonday, ids],
  );
  const employees = new Map(ctxRows.map((r) => [r.id, r]));
  const countries = [...new Set(ctxRows.map((r) => r.country_id))];
  const mondays: CalendarDate[] = [];
  for (let m = firstMonday; m <= lastMonday; m = addDays(m, 7)) mondays.push(m);
  // Lists as constant arrays, not generate_series: the planner then knows the number of rows. With
  // generate_series's guess of 1,000 rows a count subquery per row looked costly enough for PostgreSQL to compile
  // the statement (JIT), 50 ms for one week and up to a second for a year, every time (decision 0058).
  const countryArray = `{${countries.map((c) => (c === null ? "NULL" : c)).join(",")}}`;
  const policyRows = await em.execute<{ country_id: number | null; monday: string; policy: PolicyJson | null }[]>(
    `select k.country_id, m.monday::text as monday, ${policyInForceSql("k.country_id", "m.monday")} as policy
       from unnest(?::int[]) k(country_id) cross join unnest(?::date[]) m(monday)`,
    [countryArray, `{${mondays.join(",")}}`],
  );
  // The company size per country and Monday: only the pairs the chunk does not hold yet (ChunkCache), in
  // statements of at most SIZE_PAIRS pairs (each pair counts the employees of a country: kept under the JIT's cost).
  const sizes = cache?.sizes ?? new Map<string, number>();
  const missing = policyRows.filter((r) => !sizes.has(`${r.country_id}|${r.monday}`));
  for (let i = 0; i < missing.length; i += SIZE_PAIRS) {
    const pairs = missing.slice(i, i + SIZE_PAIRS);
    const sizeRows = await em.execute<{ country_id: number | null; monday: string; size: number }[]>(
      `select p.country_id, p.monday::text as monday,
              (select count(*)::int from employee o left join subsidiary os on os.id = o.subsidiary_id
                where coalesce(o.country_id, os.country_id) is not distinct from p.country_id
                  and (o.hired_at is null or o.hired_at <= p.monday + 6) and (o.fired_at is null or o.fired_at >= p.monday)) as size
         from unnest(?::int[], ?::date[]) p(country_id, monday)`,
      [`{${pairs.map((r) => (r.country_id === null ? "NULL" : r.country_id)).join(",")}}`, `{${pairs.map((r) => r.monday).join(",")}}`],
    );
    for (const r of sizeRows) sizes.set(`${r.country_id}|${r.monday}`, r.size);
  }
  const perCountryWeek = new Map<string, CountryWeek>();
  for (const r of policyRows) {
    const key = `${r.country_id}|${r.monday}`;
    perCountryWeek.set(key, { policy: r.policy, size: sizes.get(key) ?? 0 });
  }
  const factRows = await em.execute<FactRow[]>(
    `select c.employee_id as emp, 'c' as kind, c.date::text as start, c.date::text as "end", c.working_time_seconds as seconds,
            c.anomaly, c.type, null as text, false as hm, false as ha
       from time_clock c where c.employee_id = any(?::int[]) and c.suggested = false and c.date between ? and ?
     union all
     select e.id, 'h', h.date::text, h.date::text, 0, false, null, h.name, false, false
       from employee e left join subsidiary s on s.id = e.subsidiary_id
       join holiday h on ${holidayAppliesSql("coalesce(e.country_id, s.country_id)", "e.subsidiary_id")}
      where e.id = any(?::int[]) and h.date between ? and ?
     union all
     select l.employee_id, 'l', l.start::text, l."end"::text, 0, false, null, l.reason, l.half_day_morning, l.half_day_afternoon
       from leave l where l.employee_id = any(?::int[]) and l.state = 'accepted' and l.start <= ? and l."end" >= ?
     union all
     select ev.employee_id, 'e', ev.date::text, ev.date::text, 0, false, null, ev.type, false, false
       from event_day ev where ev.employee_id = any(?::int[]) and ev.date between ? and ?
     order by 1, 2, 3, 4`,
    [ids, firstMonday, lastSunday, ids, firstMonday, lastSunday, ids, lastSunday, firstMonday, ids, firstMonday, lastSunday],
  );
  const facts = new Map<number, EmployeeFacts>();
  for (const f of factRows) {
    let own = facts.get(f.emp);
    if (!own) facts.set(f.emp, (own = { clocks: new Map(), holidays: new Set(), events: new Map(), leaves: [] }));
    if (f.kind === "c") {
      if (!own.clocks.has(f.start)) own.clocks.set(f.start, f);
    } else if (f.kind === "h") own.holidays.add(f.start);
    else if (f.kind === "e") {
      if (!own.events.has(f.start)) own.events.set(f.start, f);
    } else own.leaves.push(f);
  }
  const storedRows = await em.execute<
    { id: number; employee_id: number; iso_year: number; iso_week: number; quota: number; computed: boolean; version: string; checksum: string | null; provisional: boolean; dirty: boolean }[]
  >(
    `select id, employee_id, iso_year, iso_week, quota_week_seconds as quota, computed_at is not null as computed, dirty_version::text as version,
            checksum, provisional, dirty
       from overtime_week where employee_id = any(?::int[]) and iso_year between ? and ?`,
    [ids, isoWeekKey(firstMonday).year, isoWeekKey(lastMonday).year],
  );
  const stored: ChunkInputs["stored"] = new Map();
  for (const r of storedRows) {
    storedYear(stored, r.employee_id, r.iso_year).set(r.iso_week, {
      quota: r.quota ?? 0,
      computed: r.computed,
      version: Number(r.version),
      row: { id: r.id, checksum: r.checksum, provisional: r.provisional, dirty: r.dirty },
    });
  }
  return { employees, facts, perCountryWeek, stored, startedAt };
}

/** The stored weeks of an employee's ISO year (created empty). */
export function storedYear(stored: ChunkInputs["stored"], employeeId: number, year: number): Map<number, StoredState> {
  let years = stored.get(employeeId);
  if (!years) stored.set(employeeId, (years = new Map()));
  let weeks = years.get(year);
  if (!weeks) years.set(year, (weeks = new Map()));
  return weeks;
}

const NO_FACTS: EmployeeFacts = { clocks: new Map(), holidays: new Set(), events: new Map(), leaves: [] };

/** What computing a week needs besides the engine's input: the policy row used and the quota stored before. */
export interface LoadedWeek {
  input: OvertimeWeekInput;
  policy: OvertimePolicyRow;
  previousQuotaWeekSeconds: number | null;
  /** The stored week's dirty version when read (0 when no row): its mark is cleared only if still this one. */
  dirtyVersion: number;
  startedAt: Date;
}

/**
 * The engine's input for one employee-week from a chunk's inputs (the one place a week is assembled, DESIGN §5/§8):
 * days from the clock, holidays, leaves and event days; the policy in force on the Monday; the quota used by the
 * earlier weeks of the ISO year as stored (or as computed earlier in this chunk). `now` decides which past day
 * without END is an anomaly and nothing else. NotFoundError for an employee the chunk does not hold.
 */
export function assembleWeek(inputs: ChunkInputs, employeeId: number, week: IsoWeekKey, now: Date): LoadedWeek {
  const ctx = inputs.employees.get(employeeId);
  if (!ctx) throw new NotFoundError(t("error.not_found_item"));
  const monday = mondayOfIsoWeek(week);
  const sunday = addDays(monday, 6);
  const zone = resolveTimeZone(ctx.sub_tz, ctx.country_tz);
  const today = localDate(now, zone);
  const facts = inputs.facts.get(employeeId) ?? NO_FACTS;
  const perWeek = inputs.perCountryWeek.get(`${ctx.country_id}|${monday}`);
  const policy: OvertimePolicyRow = perWeek?.row ?? policyOf(perWeek, ctx);
  if (perWeek) perWeek.row = policy;
  const storedWeeks = inputs.stored.get(employeeId)?.get(week.year);
  let quotaBefore = 0;
  if (storedWeeks) for (const [w, s] of storedWeeks) if (w < week.week) quotaBefore += s.quota;
  const own = storedWeeks?.get(week.week);
  // The contract in force that week: a former one for a week before a change (decision 0070), else the sheet's.
  const contract = contractInForce({ hours: ctx.contract_hours, weekType: ctx.week_type, weeks: ctx.weeks ?? [] }, ctx.history ?? [], monday);
  const weekType: WeekType = contract.weekType === "week_one_two" ? "week_one_two" : "unique_week";
  // Every day of an ISO week has the same week number, so the same schedule.
  const schedule = weekForDate(monday, weekType, contract.weeks);
  const leaves = facts.leaves.filter((f) => f.start <= sunday && f.end >= monday);
  const days: OvertimeDay[] = [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const date = addDays(monday, i);
    const weekday = i + 1;
    const clock = facts.clocks.get(date);
    const holiday = facts.holidays.has(date);
    const leave = leaves.find((f) => f.start <= date && f.end >= date);
    const event = facts.events.get(date);
    const scheduled = weekday <= 5 ? scheduleDaySeconds(schedule?.[weekday - 1]) : 0;
    const halfDay = !!leave && leave.start === leave.end && (leave.hm || leave.ha);
    // Expected time as DESIGN §5 (and §9 for event days): 0 on holidays, full-day leave and closing days.
    let expected = scheduled;
    if (holiday || event?.text === "closed" || (leave && !halfDay)) expected = 0;
    else if (halfDay) expected = scheduled / 2;
    // A past day whose last entry is not END is an anomaly (DESIGN §5), as is a day the nightly closed.
    const anomaly = !!clock && (clock.anomaly || (date < today && clock.type !== null && clock.type !== "END"));
    return {
      date,
      workedSeconds: clock?.seconds ?? 0,
      scheduledSeconds: scheduled,
      expectedSeconds: expected,
      absence: leave ? { reason: leave.text ?? "", halfDay } : null,
      holiday,
      eventDay: event?.text === "closed" || event?.text === "moved" ? event.text : null,
      anomaly,
    };
  });
  return {
    input: {
      week,
      zone,
      days,
      contractWeeklyHours: contract.hours === null ? null : Number(contract.hours),
      policy,
      quotaUsedBeforeSeconds: quotaBefore,
      companySize: perWeek?.size ?? 0,
    },
    policy,
    previousQuotaWeekSeconds: own?.computed ? own.quota : null,
    dirtyVersion: own?.version ?? 0,
    startedAt: inputs.startedAt,
  };
}

/** The policy row of a country's week: the row in force, else the country's default (no row id). */
function policyOf(perWeek: CountryWeek | undefined, ctx: EmployeeContextRow): OvertimePolicyRow {
  return perWeek?.policy
    ? policyFromJson(perWeek.policy)
    : { ...defaultPolicyFor(ctx.country_name ?? ""), id: null, countryId: ctx.country_id, effectiveFrom: "2000-01-01" };
}

/**
 * The engine's input for one employee and ISO week (the explained week on the screens): a chunk of one employee
 * and one week, assembled by `assembleWeek`. NotFoundError for an unknown employee.
 */
export async function loadOvertimeWeek(em: EntityManager, employeeId: number, week: IsoWeekKey, now: Date): Promise<LoadedWeek> {
  const monday = mondayOfIsoWeek(week);
  const inputs = await loadChunkInputs(em, [employeeId], monday, monday);
  return assembleWeek(inputs, employeeId, week, now);
}

/**
 * Stored overtime weeks (DESIGN §8): the engine's result per employee and ISO week, written by upsert on
 * (employee, iso_year, iso_week). The dirty marks are in services/overtime/dirty.server.ts.
 *
 * The annual quota is counted per ISO year (decision 0028): a week belongs to the year of its Thursday, so each
 * week counts once, and "the quota used before this week" is the sum of the earlier weeks of the same ISO year.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { createHash } from "node:crypto";
import { contractInForce } from "~/domain/employees/contract-change";
import { scheduleDaySeconds, weekForDate, type WeekSchedule, type WeekType } from "~/domain/planning/expected-time";
import { isoWeekKey, type IsoWeekKey } from "~/domain/shared/iso-week";
import { computeOvertimeWeek, mondayOfIsoWeek, type OvertimeDay, type OvertimeWeekInput, type OvertimeWeekResult } from "~/domain/overtime/overtime";
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

/** A stored week as the chunk found it: its quota share, whether it was computed, its dirty version. */
interface StoredState {
  quota: number;
  computed: boolean;
  version: number;
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
const storedKey = (w: IsoWeekKey) => `${w.year}-${w.week}`;

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
  const storedRows = await em.execute<{ employee_id: number; iso_year: number; iso_week: number; quota: number; computed: boolean; version: string }[]>(
    `select employee_id, iso_year, iso_week, quota_week_seconds as quota, computed_at is not null as computed, dirty_version::text as version
       from overtime_week where employee_id = any(?::int[]) and iso_year between ? and ?`,
    [ids, isoWeekKey(firstMonday).year, isoWeekKey(lastMonday).year],
  );
  const stored: ChunkInputs["stored"] = new Map();
  for (const r of storedRows) {
    storedYear(stored, r.employee_id, r.iso_year).set(r.iso_week, { quota: r.quota ?? 0, computed: r.computed, version: Number(r.version) });
  }
  return { employees, facts, perCountryWeek, stored, startedAt };
}

/** The stored weeks of an employee's ISO year (created empty). */
function storedYear(stored: ChunkInputs["stored"], employeeId: number, year: number): Map<number, StoredState> {
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

// ---------------------------------------------------------------------------------------------------------------
// Computing and storing one employee-week

/** sha256 of a result: the same facts and policy give the same checksum, whenever and however often it runs. */
export function weekChecksum(result: OvertimeWeekResult, policyId: number | null): string {
  return createHash("sha256").update(JSON.stringify({ policyId, result })).digest("hex");
}

export interface StoredWeek {
  id: number;
  result: OvertimeWeekResult;
  policyId: number | null;
  provisional: boolean;
  checksum: string;
}

/** The int columns of a stored week, in the upsert's order after the key, Monday, policy and mode. */
const INT_COLUMNS = [
  "contract_seconds", "worked_seconds", "counted_seconds", "normal_seconds", "extra_seconds", "undertime_seconds",
  "overtime_seconds", "complementary_seconds", "paid_seconds", "recovery_seconds", "recovery_earned_seconds",
  "premium_seconds", "quota_before_seconds", "quota_week_seconds", "quota_after_seconds", "mandatory_rest_seconds",
  "anomaly_count",
] as const;

function intColumns(r: OvertimeWeekResult): number[] {
  return [
    r.contractSeconds, r.workedSeconds, r.countedSeconds, r.normalSeconds, r.extraSeconds, r.undertimeSeconds,
    r.overtimeSeconds, r.complementarySeconds, r.paidSeconds, r.recoverySeconds, r.recoveryEarnedSeconds,
    r.premiumSeconds, r.quota.beforeSeconds, r.quota.weekSeconds, r.quota.afterSeconds, r.mandatoryRestSeconds,
    r.anomalies.length,
  ];
}

/** PostgreSQL array literal of texts (each element quoted and escaped). */
function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

/**
 * Runs a statement with bound parameters ($1, $2, … sent beside the SQL) in the entity manager's transaction.
 * MikroORM's `execute` writes every value into the SQL text first (pg's escapeLiteral, one character at a time): for
 * the megabyte of JSON of a 500-week upsert that was a chain of a million one-character strings, most of the worker's
 * garbage and of its peak memory on a full-year recompute (decision 0058). `?` placeholders, as `execute`.
 */
async function executeBound<T>(em: EntityManager, sql: string, params: readonly (string | number | Date)[]): Promise<T[]> {
  const query = em.getConnection().getKnex().raw(sql, params);
  const ctx = em.getTransactionContext();
  if (ctx) query.transacting(ctx);
  const res = (await query) as { rows: T[] };
  return res.rows;
}

/** Rows per upsert statement: bounds the size of one statement's parameters (a week's explanation is a few kB). */
const UPSERT_ROWS = 500;

export interface WeeksToCompute {
  employeeId: number;
  /** ISO weeks, computed oldest first (decision 0028: the quota needs earlier weeks first). */
  weeks: IsoWeekKey[];
}

/**
 * Computes many employee-weeks from the database and stores them, set-based (DESIGN §8, decision 0053): the inputs
 * of every week in five queries (`loadChunkInputs`), the engine in memory week by week per employee carrying the
 * year's quota, then one multi-row upsert (per 500 weeks) and one statement marking dirty the later stored weeks
 * of a year whose quota share moved. Provisional while the week is not over in the employee's zone, final after.
 * The credited flag and amount are left as they are (crediting is the job's step). A week's dirty mark is cleared
 * only when its dirty version is still the one read (compare-and-set: a mark committed meanwhile survives). Run it in
 * a transaction to keep the statements together.
 */
export async function computeWeeks(
  em: EntityManager,
  todo: readonly WeeksToCompute[],
  now: Date = new Date(),
  cache?: ChunkCache,
): Promise<StoredWeek[]> {
  const plan = todo
    .map((t) => ({ employeeId: t.employeeId, weeks: t.weeks.map((w) => ({ key: w, monday: mondayOfIsoWeek(w) })).sort((a, b) => a.monday.localeCompare(b.monday)) }))
    .filter((t) => t.weeks.length > 0);
  if (plan.length === 0) return [];
  let first = plan[0]!.weeks[0]!.monday;
  let last = first;
  for (const t of plan) {
    if (t.weeks[0]!.monday < first) first = t.weeks[0]!.monday;
    if (t.weeks.at(-1)!.monday > last) last = t.weeks.at(-1)!.monday;
  }
  const inputs = await loadChunkInputs(
    em,
    plan.map((t) => t.employeeId),
    first,
    last,
    cache,
  );
  const out: (StoredWeek & { employeeId: number; week: IsoWeekKey; version: number; bands: object; explanation: object })[] = [];
  const ripple: { employeeId: number; year: number; weeks: number[] }[] = [];
  for (const t of plan) {
    const computedHere = new Set<string>();
    let rippleFrom: { year: number; week: number }[] = [];
    for (const { key: week } of t.weeks) {
      const loaded = assembleWeek(inputs, t.employeeId, week, now);
      const result = computeOvertimeWeek(loaded.input);
      const provisional = localDate(now, loaded.input.zone) <= addDays(result.monday, 6);
      const policyId = loaded.policy.id;
      const { explanation, days, anomalies, lines, rates } = result;
      out.push({
        id: 0,
        employeeId: t.employeeId,
        week,
        result,
        policyId,
        provisional,
        checksum: weekChecksum(result, policyId),
        version: loaded.dirtyVersion,
        bands: { lines, rates },
        explanation: { steps: explanation, days, anomalies, quota: result.quota },
      });
      // The next weeks of the year read this week's share, as the stored row will hold it.
      storedYear(inputs.stored, t.employeeId, week.year).set(week.week, { quota: result.quota.weekSeconds, computed: true, version: loaded.dirtyVersion });
      computedHere.add(storedKey(week));
      if ((loaded.previousQuotaWeekSeconds ?? 0) !== result.quota.weekSeconds) rippleFrom.push(week);
    }
    // A week whose quota share moved marks the later stored weeks of its year dirty, except those computed here
    // after it (they read the new share): the same marks as computing the weeks one by one.
    for (const from of rippleFrom) {
      const weeks: number[] = [];
      for (const w of inputs.stored.get(t.employeeId)?.get(from.year)?.keys() ?? []) {
        if (w > from.week && !computedHere.has(storedKey({ year: from.year, week: w }))) weeks.push(w);
      }
      if (weeks.length > 0) ripple.push({ employeeId: t.employeeId, year: from.year, weeks });
    }
    rippleFrom = [];
  }

  for (let i = 0; i < out.length; i += UPSERT_ROWS) {
    const slice = out.slice(i, i + UPSERT_ROWS);
    const rowInts = slice.map((r) => intColumns(r.result));
    const ints = INT_COLUMNS.map((_, c) => `{${rowInts.map((v) => v[c]).join(",")}}`);
    // Bound parameters: the weeks' JSON (about 2 kB a week) is sent as it is, not written into the SQL text.
    const rows = await executeBound<{ id: number; employee_id: number; iso_year: number; iso_week: number }>(
      em,
      `insert into overtime_week (employee_id, iso_year, iso_week, monday, policy_id, mode, ${INT_COLUMNS.join(", ")},
          bands, explanation, checksum, provisional, dirty, dirty_at, dirty_version, computed_at)
       select u.employee_id, u.iso_year, u.iso_week, u.monday, u.policy_id, u.mode, ${INT_COLUMNS.map((c) => `u.${c}`).join(", ")},
              u.bands, u.explanation, u.checksum, u.provisional, false, null, u.dirty_version, clock_timestamp()
         from rows from (unnest(?::int[], ?::int[], ?::int[], ?::date[], ?::int[], ?::text[], ${INT_COLUMNS.map(() => "?::int[]").join(", ")},
                                ?::text[], ?::boolean[], ?::bigint[]),
                         jsonb_array_elements(?::jsonb), jsonb_array_elements(?::jsonb))
              as u(employee_id, iso_year, iso_week, monday, policy_id, mode, ${INT_COLUMNS.join(", ")},
                   checksum, provisional, dirty_version, bands, explanation)
       on conflict (employee_id, iso_year, iso_week) do update set
          monday = excluded.monday, policy_id = excluded.policy_id, mode = excluded.mode,
          ${INT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")},
          bands = excluded.bands, explanation = excluded.explanation,
          checksum = excluded.checksum, provisional = excluded.provisional, computed_at = excluded.computed_at,
          -- Compare-and-set: the mark is cleared only if no mark came since the read (excluded.dirty_version is the
          -- version read; under READ COMMITTED this row is re-read after a concurrent mark commits). A mark stamped
          -- after the read began also stays.
          dirty = overtime_week.dirty and (overtime_week.dirty_version <> excluded.dirty_version or coalesce(overtime_week.dirty_at > ?, false)),
          dirty_at = case when overtime_week.dirty and (overtime_week.dirty_version <> excluded.dirty_version or coalesce(overtime_week.dirty_at > ?, false))
                          then overtime_week.dirty_at end
       returning id, employee_id, iso_year, iso_week`,
      [
        `{${slice.map((r) => r.employeeId).join(",")}}`,
        `{${slice.map((r) => r.week.year).join(",")}}`,
        `{${slice.map((r) => r.week.week).join(",")}}`,
        `{${slice.map((r) => r.result.monday).join(",")}}`,
        `{${slice.map((r) => (r.policyId === null ? "NULL" : r.policyId)).join(",")}}`,
        textArray(slice.map((r) => r.result.mode)),
        ...ints,
        textArray(slice.map((r) => r.checksum)),
        `{${slice.map((r) => r.provisional).join(",")}}`,
        `{${slice.map((r) => r.version).join(",")}}`,
        // The weeks' JSON as two JSON arrays zipped with the columns (rows from): one JSON.stringify each, no
        // escaping into a text array, one parse on the server.
        JSON.stringify(slice.map((r) => r.bands)),
        JSON.stringify(slice.map((r) => r.explanation)),
        inputs.startedAt,
        inputs.startedAt,
      ],
    );
    const ids = new Map(rows.map((r) => [`${r.employee_id}|${r.iso_year}-${r.iso_week}`, r.id]));
    for (const r of slice) r.id = ids.get(`${r.employeeId}|${storedKey(r.week)}`) ?? 0;
  }

  if (ripple.length > 0) {
    const flat = ripple.flatMap((r) => r.weeks.map((w) => [r.employeeId, r.year, w] as const));
    await em.execute(
      `update overtime_week w set dirty = true, dirty_at = clock_timestamp(), dirty_version = w.dirty_version + 1
         from unnest(?::int[], ?::int[], ?::int[]) as r(employee_id, iso_year, iso_week)
        where w.employee_id = r.employee_id and w.iso_year = r.iso_year and w.iso_week = r.iso_week and not w.dirty`,
      [`{${flat.map((f) => f[0]).join(",")}}`, `{${flat.map((f) => f[1]).join(",")}}`, `{${flat.map((f) => f[2]).join(",")}}`],
    );
  }
  return out.map(({ id, result, policyId, provisional, checksum }) => ({ id, result, policyId, provisional, checksum }));
}

/**
 * Computes one employee's ISO week from the database and upserts it (DESIGN §8): `computeWeeks` for one week (the
 * same assembly, the same statements). When its share of the annual quota changed, the later stored weeks of the
 * same ISO year are marked dirty (their "quota used before" moved).
 */
export async function computeEmployeeWeek(em: EntityManager, employeeId: number, week: IsoWeekKey, now: Date = new Date()): Promise<StoredWeek> {
  const [stored] = await computeWeeks(em, [{ employeeId, weeks: [week] }], now);
  return stored!;
}

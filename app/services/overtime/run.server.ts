/**
 * Running the overtime engine over many employees (DESIGN §8 "Running it", §11; decision 0034): the nightly job,
 * `npm run overtime:recompute` and `POST /api/add-recovery` share these steps.
 *
 * - `closePastDays(em, now)`: a past day left without END becomes an anomaly (counts 0) and its week is marked
 *   dirty; one statement, whatever the number of days (missed nights included).
 * - `planChunks(em, size)`: blocks of consecutive employee ids, the unit of work a worker process takes.
 * - `runChunk(em, chunk, now)`: computes the chunk's weeks in date order per employee (dirty weeks, weeks still
 *   provisional, the current week; or a given range), then credits the recovery of its finished weeks.
 * - `creditFinishedWeeks(em, ...)`: one statement; `credited_seconds` is the ledger of what each week already
 *   added to the employee's recovery counter, so a rerun credits only a difference and never twice.
 * - `overtimeChecksum(em)`: one hash over every stored week and the recovery counters (idempotence checks).
 *
 * Every step is idempotent: weeks are upserts keyed (employee, ISO year, ISO week), each employee's weeks commit
 * one transaction per employee, and the credit moves the counter and the ledger in the same statement. A chunk killed
 * half-way leaves committed weeks committed; the next run computes the rest and credits what was not credited.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { createHash } from "node:crypto";
import { MAX_SHIFT_SECONDS } from "~/domain/time-clock/clock-state";
import { isoWeekKey, mondayOf } from "~/domain/shared/iso-week";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { isValidTimeZone, localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { mondayOfIsoWeek } from "~/domain/overtime/overtime";
import { computeWeeks, type WeeksToCompute } from "./week.server";
import { type ChunkCache } from "./week-inputs.server";
import { backfillPaidWeeks, carryRappels, type WeekKey } from "~/services/payroll/rappel.server";

/** Default employees per chunk job (setting OVERTIME_CHUNK_SIZE). */
export const DEFAULT_CHUNK_SIZE = 200;

/** Weeks per set-based block of a chunk (one transaction): bounds memory on a full-year recompute. */
/** Weeks per block (one transaction). OVERTIME_BATCH_WEEKS lowers it (the kill-and-resume test wants several commits). */
const BATCH_WEEKS = Math.max(1, Number(process.env.OVERTIME_BATCH_WEEKS) || 500);

/** What a chunk recomputes: the nightly selection, or every week touching [from, to] (a recompute). */
export type ChunkScope = { kind: "nightly" } | { kind: "range"; from: CalendarDate; to: CalendarDate };

export interface Chunk {
  firstId: number;
  lastId: number;
}

export interface ChunkResult {
  employees: number;
  /** Weeks computed; of them, `unchanged` already held their result and were not written again (issue 44 item 5). */
  weeks: number;
  unchanged: number;
  credited: number;
  creditedSeconds: number;
}

export interface RunHooks {
  /** Called for each week once its block is committed (progress bars; tests use it to stop a chunk half-way). */
  onWeek?: (employeeId: number, monday: CalendarDate) => void | Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Zones: an SQL expression of the employee's zone, the invalid names of the data skipped as resolveTimeZone does

/** The valid zone names of the data as a PostgreSQL array literal (IANA names hold no quote nor comma). */
async function validZones(em: EntityManager): Promise<string> {
  const rows = await em.execute<{ zone: string }[]>(
    "select distinct timezone as zone from subsidiary union select distinct timezone from country",
  );
  const zones = rows.map((r) => r.zone).filter((z) => !!z && isValidTimeZone(z) && !/[",{}\\]/.test(z));
  return `{${zones.map((z) => `"${z}"`).join(",")}}`;
}

/** SQL of the zone of `e` with `s` (subsidiary) and `c` (country) joined; one `?` bound to the valid zones twice. */
const ZONE_SQL = `coalesce(case when s.timezone = any(?::text[]) then s.timezone end,
                           case when c.timezone = any(?::text[]) then c.timezone end, 'Europe/Paris')`;

// ---------------------------------------------------------------------------------------------------------------
// Closing past days

/**
 * Every non-suggested clock of a day before today (in its employee's zone) whose last entry is not END becomes an
 * anomaly: no overtime on the day (the time account) and 0 counted in the week (the engine), until a correction
 * is validated (which recomputes the day). Its daily overtime row follows and its week is marked dirty, all in one
 * statement. Days already closed are left alone, so a rerun changes nothing. Returns the number of days closed.
 */
export async function closePastDays(em: EntityManager, now: Date): Promise<number> {
  const zones = await validZones(em);
  const [row] = await em.execute<{ closed: number }[]>(
    `with closed as (
       update time_clock t set anomaly = true, overtime_seconds = 0, updated_at = ?
         from employee e left join subsidiary s on s.id = e.subsidiary_id
              left join country c on c.id = coalesce(e.country_id, s.country_id)
        where t.employee_id = e.id and t.suggested = false and t.anomaly = false
          and t.type is not null and t.type <> 'END'
          and t.date < (?::timestamptz at time zone ${ZONE_SQL})::date
          -- a night shift still open (first entry less than 16 h ago) is not over yet (decision 0075)
          and coalesce((select min(l.time) from time_log l where l.time_clock_id = t.id and l.superseded_at is null)
                       <= ?::timestamptz - make_interval(secs => ${MAX_SHIFT_SECONDS}), true)
       returning t.employee_id, t.date),
     daily as (
       update overtime o set anomaly = true, overtime_seconds = 0
         from closed where o.employee_id = closed.employee_id and o.date = closed.date returning 1),
     weeks as (
       insert into overtime_week (employee_id, iso_year, iso_week, monday, bands, explanation, dirty, dirty_at, dirty_version)
       select employee_id, extract(isoyear from monday)::int, extract(week from monday)::int, monday, '[]', '{}', true, clock_timestamp(), 1
         from (select distinct employee_id, date_trunc('week', date)::date as monday from closed) m
       on conflict (employee_id, iso_year, iso_week) do update set dirty = true, dirty_at = excluded.dirty_at,
          dirty_version = overtime_week.dirty_version + 1
       returning 1)
     select (select count(*) from closed)::int as closed, (select count(*) from daily)::int as daily, (select count(*) from weeks)::int as weeks`,
    [now, now, zones, zones, now],
  );
  return row?.closed ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Chunks

/**
 * Blocks of `size` consecutive employee ids (by id order), as [firstId, lastId] ranges: ids only, stable while no
 * employee is added, and each employee in exactly one block. One query.
 */
export async function planChunks(em: EntityManager, size = DEFAULT_CHUNK_SIZE): Promise<Chunk[]> {
  const n = Math.max(1, Math.floor(size));
  return em.execute<Chunk[]>(
    `select min(id)::int as "firstId", max(id)::int as "lastId"
       from (select id, (row_number() over (order by id) - 1) / ? as block from employee) b
      group by block order by block`,
    [n],
  );
}

interface ChunkEmployeeRow {
  id: number;
  zone: string;
  hired_at: string | null;
  fired_at: string | null;
  /** Mondays of the stored weeks to compute again (dirty, or still provisional). */
  pending: string[];
  /** Mondays of the stored weeks marked dirty. */
  dirty: string[];
  /**
   * Months closed for payroll ("YYYY-MM", DESIGN §10) for this employee: closed for their subsidiary, or closed with
   * their line in it (a subsidiary they left, decision 0079). Their weeks are left as they are.
   */
  closed: string[];
  subsidiary_id: number | null;
  /** Months closed for the employee's current subsidiary (where a regularisation may not go). */
  sub_closed: string[];
}

/** The employees of a chunk with their zone, employment and pending weeks: one query. */
async function chunkEmployees(em: EntityManager, chunk: Chunk, zones: string): Promise<ChunkEmployeeRow[]> {
  return em.execute<ChunkEmployeeRow[]>(
    `select e.id, ${ZONE_SQL} as zone, e.hired_at::text as hired_at, e.fired_at::text as fired_at,
            coalesce((select array_agg(w.monday::text order by w.monday) from overtime_week w
                       where w.employee_id = e.id and (w.dirty or w.provisional)), '{}') as pending,
            coalesce((select array_agg(w.monday::text order by w.monday) from overtime_week w
                       where w.employee_id = e.id and w.dirty), '{}') as dirty,
            coalesce((select array_agg(to_char(pm.month, 'YYYY-MM')) from payroll_month pm
                       where pm.subsidiary_id = e.subsidiary_id
                          or exists (select 1 from payroll_month_line l where l.payroll_month_id = pm.id and l.employee_id = e.id)), '{}') as closed,
            e.subsidiary_id,
            coalesce((select array_agg(to_char(pm.month, 'YYYY-MM')) from payroll_month pm
                       where pm.subsidiary_id = e.subsidiary_id), '{}') as sub_closed
       from employee e left join subsidiary s on s.id = e.subsidiary_id
            left join country c on c.id = coalesce(e.country_id, s.country_id)
      where e.id between ? and ?
      order by e.id`,
    [zones, zones, chunk.firstId, chunk.lastId],
  );
}

function employedDuring(row: Pick<ChunkEmployeeRow, "hired_at" | "fired_at">, monday: CalendarDate): boolean {
  const sunday = addDays(monday, 6);
  return (row.hired_at === null || row.hired_at <= sunday) && (row.fired_at === null || row.fired_at >= monday);
}

/**
 * Whether a week touches one of the given closed months ('YYYY-MM'). Since decision 0118 such a week is computed as
 * any other (a close freezes the days of its month, not weeks); what its share of the closed month now differs from
 * what was paid is carried as a rappel (`carryRappels`).
 */
export function inClosedMonth(closed: readonly string[], monday: CalendarDate): boolean {
  return closed.length > 0 && (closed.includes(monday.slice(0, 7)) || closed.includes(addDays(monday, 6).slice(0, 7)));
}

/** The Mondays to compute for one employee, oldest first (decision 0028: a year's weeks in date order). */
export function weeksToCompute(row: ChunkEmployeeRow, scope: ChunkScope, today: CalendarDate): CalendarDate[] {
  const current = mondayOf(today);
  const set = new Set<CalendarDate>();
  // Stored weeks marked dirty or still provisional, never a week not begun.
  for (const m of row.pending) if (m <= current) set.add(m);
  if (scope.kind === "nightly") {
    if (employedDuring(row, current)) set.add(current);
  } else {
    const last = mondayOf(scope.to) < current ? mondayOf(scope.to) : current;
    for (let m = mondayOf(scope.from); m <= last; m = addDays(m, 7)) if (employedDuring(row, m)) set.add(m);
  }
  return [...set].sort();
}

/**
 * Computes the chunk's weeks and credits its finished weeks. The weeks are computed set-based by blocks of employees
 * (`computeWeeks`, one transaction per block: a killed run loses the uncommitted block, never half a week). A week whose quota share changed marks the later weeks of its year dirty: they are
 * picked up by the next pass here (at most a few), so the chunk ends with its employees' weeks consistent.
 */
export async function runChunk(
  em: EntityManager,
  chunk: Chunk,
  scope: ChunkScope,
  now: Date,
  hooks: RunHooks = {},
): Promise<ChunkResult> {
  const zones = await validZones(em);
  const result: ChunkResult = { employees: 0, weeks: 0, unchanged: 0, credited: 0, creditedSeconds: 0 };
  // The company sizes are read once for the chunk's blocks (decision 0058).
  const cache: ChunkCache = { sizes: new Map() };
  // A month closed before decision 0118 gets its paid weeks from the stored weeks before any is computed again.
  await backfillPaidWeeks(em);
  const touched: WeekKey[] = [];
  // First pass: the scope's weeks. Later passes: only the weeks marked dirty meanwhile (a quota ripple, a change
  // made while this ran); a change that keeps coming is left to the next run rather than looping.
  for (let round = 0; round < 4; round++) {
    const rows = await chunkEmployees(em, chunk, zones);
    if (round === 0) result.employees = rows.length;
    // Set-based (decision 0053): blocks of employees of about BATCH_WEEKS weeks, each one transaction of a
    // constant number of statements (every input read at once, the engine in memory, one upsert).
    const todo: WeeksToCompute[] = [];
    for (const row of rows) {
      const today = localDate(now, resolveTimeZone(row.zone));
      const current = mondayOf(today);
      const wanted = round === 0 ? weeksToCompute(row, scope, today) : row.dirty.filter((m) => m <= current);
      if (wanted.length > 0) todo.push({ employeeId: row.id, weeks: wanted.map(isoWeekKey) });
      // A week with days in a closed month is computed too; its rappel is carried once the chunk is done (0118).
      for (const m of wanted) if (inClosedMonth(row.closed, m)) touched.push({ employeeId: row.id, monday: m });
    }
    let computed = 0;
    for (let i = 0; i < todo.length; ) {
      const block: WeeksToCompute[] = [];
      let weeks = 0;
      while (i < todo.length && (block.length === 0 || weeks + todo[i]!.weeks.length <= BATCH_WEEKS)) {
        weeks += todo[i]!.weeks.length;
        block.push(todo[i++]!);
      }
      const stored = await em.transactional((tx) => computeWeeks(tx, block, now, cache));
      result.unchanged += stored.filter((w) => w.unchanged).length;
      computed += weeks;
      if (hooks.onWeek) {
        for (const t of block) for (const w of t.weeks) await hooks.onWeek(t.employeeId, mondayOfIsoWeek(w));
      }
    }
    result.weeks += computed;
    if (round > 0 && computed === 0) break;
    if (!rows.some((r) => r.dirty.length > 0) && round > 0) break;
  }
  await carryRappels(em, touched);
  const credit = await creditFinishedWeeks(em, { firstId: chunk.firstId, lastId: chunk.lastId });
  result.credited = credit.weeks;
  result.creditedSeconds = credit.seconds;
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Crediting recovery

/** Seconds a finished week credits to the employee's recovery counter: replacement rest plus mandatory rest. */
export const CREDIT_SQL = "(recovery_earned_seconds + mandatory_rest_seconds)";

/**
 * Credits the recovery of the finished, computed, clean weeks of some employees (an id range) or of one ISO week,
 * in one statement: each week adds to `employee.recovery_earned` the difference between what it earns now and what
 * it already credited (`credited_seconds`, the ledger), and the ledger takes the new value in the same statement.
 * The rows are locked first, so two runs at once credit once. Weeks already in step add nothing.
 */
export async function creditFinishedWeeks(
  em: EntityManager,
  where: { firstId: number; lastId: number } | { isoYear: number; isoWeek: number },
): Promise<{ weeks: number; seconds: number }> {
  const [cond, params] =
    "firstId" in where
      ? ["w.employee_id between ? and ?", [where.firstId, where.lastId]]
      : ["w.iso_year = ? and w.iso_week = ?", [where.isoYear, where.isoWeek]];
  const [row] = await em.execute<{ weeks: number; seconds: number }[]>(
    `with due as (
       select w.id, w.employee_id, ${CREDIT_SQL} - w.credited_seconds as delta
         from overtime_week w
        where ${cond} and not w.provisional and not w.dirty and w.computed_at is not null
          and (not w.credited or w.credited_seconds <> ${CREDIT_SQL})
        order by w.id
          for update),
     ledger as (
       update overtime_week w set credited = true, credited_seconds = ${CREDIT_SQL}, credited_at = clock_timestamp()
         from due where w.id = due.id returning w.id),
     counters as (
       update employee e set recovery_earned = e.recovery_earned + d.delta
         from (select employee_id, sum(delta)::int as delta from due group by employee_id) d
        where e.id = d.employee_id and d.delta <> 0 returning e.id)
     select (select count(*) from ledger)::int as weeks, coalesce((select sum(delta) from due), 0)::int as seconds,
            (select count(*) from counters)::int as employees`,
    params,
  );
  return { weeks: row?.weeks ?? 0, seconds: row?.seconds ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Checksum

/**
 * One sha256 over every stored week (key, result checksum, provisional, dirty, credited amount) and every
 * employee's recovery counter: equal before and after a second run means the run changed nothing and credited
 * nothing twice. One query.
 */
export async function overtimeChecksum(em: EntityManager): Promise<{ checksum: string; weeks: number }> {
  const [row] = await em.execute<{ weeks: string; rows: string | null; counters: string | null }[]>(
    `select (select count(*) from overtime_week)::text as weeks,
            (select string_agg(concat_ws(':', employee_id, iso_year, iso_week, checksum, provisional, dirty, credited, credited_seconds), ','
                               order by employee_id, iso_year, iso_week) from overtime_week) as rows,
            (select string_agg(concat_ws(':', id, recovery_earned), ',' order by id) from employee) as counters`,
  );
  const checksum = createHash("sha256")
    .update(row?.rows ?? "")
    .update("|")
    .update(row?.counters ?? "")
    .digest("hex");
  return { checksum, weeks: Number(row?.weeks ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// A late change

/**
 * Computes some employees' pending weeks at once (dirty or provisional, and the current week), credits their
 * finished weeks and carries the rappels of their weeks with days in a closed month: the run of one chunk per
 * employee. Called after a change that touched a closed month (issue 38 §2, decision 0118), so the next open month's
 * rappel lines are right before anyone downloads them; a second call adds nothing.
 */
export async function recomputeEmployeesNow(em: EntityManager, employeeIds: readonly number[], now: Date): Promise<void> {
  for (const id of [...new Set(employeeIds)].sort((a, b) => a - b)) await runChunk(em, { firstId: id, lastId: id }, { kind: "nightly" }, now);
}

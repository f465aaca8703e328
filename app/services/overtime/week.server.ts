/**
 * Stored overtime weeks (DESIGN §8): the engine's result per employee and ISO week, written by upsert on
 * (employee, iso_year, iso_week). The dirty marks are in services/overtime/dirty.server.ts.
 *
 * The annual quota is counted per ISO year (decision 0028): a week belongs to the year of its Thursday, so each
 * week counts once, and "the quota used before this week" is the sum of the earlier weeks of the same ISO year.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { createHash } from "node:crypto";
import { type IsoWeekKey } from "~/domain/shared/iso-week";
import { computeOvertimeWeek, mondayOfIsoWeek, type OvertimeWeekResult } from "~/domain/overtime/overtime";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { ChunkCache, assembleWeek, loadChunkInputs, storedKey, storedYear } from "./week-inputs.server";

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
  /** The stored row already held this result (same checksum, same provisional flag): not written again. */
  unchanged?: true;
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
  const out: (StoredWeek & { employeeId: number; week: IsoWeekKey; version: number; dirty: boolean; bands: object; explanation: object })[] = [];
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
      const checksum = weekChecksum(result, policyId);
      // A row that already holds this very result is not written again (issue 44 item 5): the upsert of 2.5 M rows
      // was 80 % of a full-year recompute (decisions 0104, 0140), and most weeks come out the same. The checksum covers
      // the policy row and the whole result (figures, explanation, days), so any input that moves a figure or a
      // line, and any change of the engine itself, writes the row.
      const own = inputs.stored.get(t.employeeId)?.get(week.year)?.get(week.week)?.row;
      const unchanged = !!own && own.checksum === checksum && own.provisional === provisional;
      out.push({
        id: unchanged ? own!.id : 0,
        ...(unchanged ? { unchanged: true as const } : {}),
        dirty: own?.dirty ?? false,
        employeeId: t.employeeId,
        week,
        result,
        policyId,
        provisional,
        checksum,
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

  const written = out.filter((r) => !r.unchanged);
  for (let i = 0; i < written.length; i += UPSERT_ROWS) {
    const slice = written.slice(i, i + UPSERT_ROWS);
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

  // An unchanged row keeps its figures; its dirty mark is cleared as the upsert would clear it (compare-and-set on
  // the version read, a mark stamped after the read began stays).
  const cleared = out.filter((r) => r.unchanged && r.dirty);
  if (cleared.length > 0) {
    await executeBound(
      em,
      `update overtime_week w set dirty = false, dirty_at = null
         from unnest(?::int[], ?::bigint[]) as u(id, version)
        where w.id = u.id and w.dirty and w.dirty_version = u.version and not coalesce(w.dirty_at > ?, false)`,
      [`{${cleared.map((r) => r.id).join(",")}}`, `{${cleared.map((r) => r.version).join(",")}}`, inputs.startedAt],
    );
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
  return out.map(({ id, result, policyId, provisional, checksum, unchanged }) => ({ id, result, policyId, provisional, checksum, ...(unchanged ? { unchanged } : {}) }));
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

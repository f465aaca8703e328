/**
 * Regularisations ("rappels", issue 27 §2, decision 0079). The overtime runs (nightly, `overtime:recompute`) never
 * rewrite a week of a month closed for payroll: the stored week stays what payroll was given. When such a week would
 * now compute differently (a data fix, an import, an engine correction), the difference is carried into the next
 * open month of the employee's subsidiary as a regularisation line, with the week it comes from. Idempotent: the
 * open regularisation of a week is replaced by what is due now (as computed now, less the stored week, less what
 * earlier regularisations already carried into months since closed).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isoWeekKey } from "~/domain/iso-week";
import { computeOvertimeWeek } from "~/domain/overtime";
import { isZeroFigures, rappelDue, rappelMonth, storedFigures, weekPayrollFigures, type PayrollFigures } from "~/domain/payroll-month";
import type { CalendarDate } from "~/domain/time-calendar-date";
import { assembleWeek, loadChunkInputs, type ChunkCache } from "./overtime-week.server";

export interface FrozenWeeks {
  employeeId: number;
  subsidiaryId: number | null;
  /** Months ('YYYY-MM') frozen for this employee (a closed month holding their line, or closed for their subsidiary). */
  frozen: readonly string[];
  /** Months closed for the employee's current subsidiary. */
  subsidiaryClosed: readonly string[];
  /** Mondays of weeks in a frozen month that the run would have computed. */
  weeks: readonly CalendarDate[];
}

const pairs = (rows: readonly { employeeId: number; monday: string }[]) => [
  `{${rows.map((r) => r.employeeId).join(",")}}`,
  `{${rows.map((r) => r.monday).join(",")}}`,
];

/**
 * Computes the frozen weeks in memory (the engine's inputs read at once, nothing stored to the weeks) and writes what
 * each still owes as an open regularisation. Five statements whatever the number of weeks. Returns the number of
 * regularisations written.
 */
export async function carryFrozenWeeks(em: EntityManager, todo: readonly FrozenWeeks[], now: Date, cache?: ChunkCache): Promise<number> {
  const plan = todo.filter((t) => t.weeks.length > 0 && t.subsidiaryId !== null);
  if (plan.length === 0) return 0;
  const keys = plan.flatMap((t) => [...t.weeks].sort().map((monday) => ({ employeeId: t.employeeId, monday })));
  const mondays = keys.map((k) => k.monday).sort();
  const inputs = await loadChunkInputs(em, [...new Set(plan.map((t) => t.employeeId))], mondays[0]!, mondays.at(-1)!, cache);
  const computed = new Map<string, PayrollFigures>();
  for (const k of keys) {
    const result = computeOvertimeWeek(assembleWeek(inputs, k.employeeId, isoWeekKey(k.monday), now).input);
    computed.set(
      `${k.employeeId}|${k.monday}`,
      weekPayrollFigures(
        { lines: result.lines, rates: result.rates },
        result.complementarySeconds,
        result.mandatoryRestSeconds,
        result.recoveryEarnedSeconds,
      ),
    );
  }
  const [employees, weeks] = pairs(keys);
  const stored = await em.execute<{ employee_id: number; monday: string; bands: unknown; compl: number; rest: number; earned: number }[]>(
    `select w.employee_id, to_char(w.monday, 'YYYY-MM-DD') as monday, w.bands, w.complementary_seconds as compl,
            w.mandatory_rest_seconds as rest, w.recovery_earned_seconds as earned
       from unnest(?::int[], ?::date[]) as u(employee_id, monday)
       join overtime_week w on w.employee_id = u.employee_id and w.monday = u.monday and w.computed_at is not null`,
    [employees, weeks],
  );
  const carried = await em.execute<{ employee_id: number; monday: string; figures: Parameters<typeof storedFigures>[0] }[]>(
    `select r.employee_id, to_char(r.monday, 'YYYY-MM-DD') as monday, r.figures
       from unnest(?::int[], ?::date[]) as u(employee_id, monday)
       join payroll_regularisation r on r.employee_id = u.employee_id and r.monday = u.monday
      where exists (select 1 from payroll_month pm where pm.subsidiary_id = r.subsidiary_id and pm.month = r.month)`,
    [employees, weeks],
  );
  const paid = new Map(stored.map((s) => [`${s.employee_id}|${s.monday}`, weekPayrollFigures(s.bands, s.compl, s.rest, s.earned)]));
  const zero = weekPayrollFigures(null, 0, 0, 0);
  const rows: { employeeId: number; subsidiaryId: number; month: string; monday: string; figures: PayrollFigures }[] = [];
  for (const t of plan) {
    for (const monday of t.weeks) {
      const key = `${t.employeeId}|${monday}`;
      const already = carried.filter((c) => c.employee_id === t.employeeId && c.monday === monday).map((c) => storedFigures(c.figures));
      const due = rappelDue(computed.get(key)!, paid.get(key) ?? zero, already);
      if (isZeroFigures(due)) continue;
      rows.push({
        employeeId: t.employeeId,
        subsidiaryId: t.subsidiaryId!,
        month: `${rappelMonth(monday, t.frozen, t.subsidiaryClosed)}-01`,
        monday,
        figures: due,
      });
    }
  }
  await em.transactional(async (tx) => {
    // The open regularisations of these weeks are replaced (those of months since closed stay: they were paid).
    await tx.execute(
      `delete from payroll_regularisation r using unnest(?::int[], ?::date[]) as u(employee_id, monday)
        where r.employee_id = u.employee_id and r.monday = u.monday
          and not exists (select 1 from payroll_month pm where pm.subsidiary_id = r.subsidiary_id and pm.month = r.month)`,
      [employees, weeks],
    );
    if (rows.length === 0) return;
    await tx.execute(
      `insert into payroll_regularisation (employee_id, subsidiary_id, month, monday, figures, updated_at)
       select u.employee_id, u.subsidiary_id, u.month, u.monday, u.figures, clock_timestamp()
         from rows from (unnest(?::int[], ?::int[], ?::date[], ?::date[]), jsonb_array_elements(?::jsonb)) as u(employee_id, subsidiary_id, month, monday, figures)
       on conflict (employee_id, monday, subsidiary_id, month) do update set figures = excluded.figures, updated_at = excluded.updated_at`,
      [
        `{${rows.map((r) => r.employeeId).join(",")}}`,
        `{${rows.map((r) => r.subsidiaryId).join(",")}}`,
        `{${rows.map((r) => r.month).join(",")}}`,
        `{${rows.map((r) => r.monday).join(",")}}`,
        JSON.stringify(rows.map((r) => r.figures)),
      ],
    );
  });
  return rows.length;
}

/**
 * Regularisations ("rappels", issue 27 §2, decisions 0079, 0111, 0118). A close freezes the days of its month, not
 * weeks: the weeks are computed as usual after it (the runs, a late change, add-recovery), and what each week's share
 * of a closed month now computes to, less what was paid for it with that month (`payroll_paid_week`, stored by the
 * close), less what earlier rappels already carried into months since closed, is carried into the next open month
 * of the employee's subsidiary as a regularisation line, with the week it comes from. Idempotent: the open
 * regularisation of a week is replaced by what is due now.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import {
  isZeroFigures,
  monthsOfWeek,
  NO_FIGURES,
  rappelDueByShares,
  rappelMonth,
  storedFigures,
  weekShareFigures,
  type PayrollFigures,
} from "~/domain/payroll/month";
import type { PayrollWeekFacts } from "~/domain/payroll/variables";
import { payrollMonthRange } from "~/domain/payroll/month";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

export interface WeekKey {
  employeeId: number;
  monday: CalendarDate;
}

const intArray = (xs: readonly number[]) => `{${xs.map(Number).join(",")}}`;
const textArray = (xs: readonly string[]) => `{${xs.join(",")}}`;

interface StoredWeekRow {
  employee_id: number;
  monday: string;
  compl: number;
  rest: number;
  earned: number;
  anomalies: number;
  bands: unknown;
  days: { date: string; workedSeconds?: number }[] | null;
}

const facts = (w: StoredWeekRow): PayrollWeekFacts => ({
  m: w.monday,
  compl: Number(w.compl),
  rest: Number(w.rest),
  earned: Number(w.earned),
  anomalies: Number(w.anomalies),
  anomalyList: null,
  bands: w.bands,
  days: w.days,
});

/** The stored (computed) weeks of some employees touching [from, to]: one statement. */
async function storedWeeks(em: EntityManager, where: string, params: unknown[]): Promise<StoredWeekRow[]> {
  return em.execute<StoredWeekRow[]>(
    `select w.employee_id, to_char(w.monday, 'YYYY-MM-DD') as monday, w.complementary_seconds as compl, w.mandatory_rest_seconds as rest,
            w.recovery_earned_seconds as earned, w.anomaly_count as anomalies, w.bands, w.explanation -> 'days' as days
       from overtime_week w where w.computed_at is not null and ${where}`,
    params,
  );
}

/**
 * Stores what a closed month paid for each week of its employee lines (decision 0118): each week's share in the
 * month, from the stored weeks as they are now (the ones the month's lines were read from). Two statements, in the
 * caller's transaction; marks the month `paid_weeks`.
 */
export async function storePaidWeeks(em: EntityManager, payrollMonthId: number, employeeIds: readonly number[], month: string): Promise<void> {
  const range = payrollMonthRange(month.slice(0, 7))!;
  const weeks =
    employeeIds.length === 0
      ? []
      : await storedWeeks(em, `w.employee_id = any(?::int[]) and w.monday between ?::date - 6 and ?::date`, [intArray(employeeIds), range.from, range.to]);
  if (weeks.length > 0) {
    await em.execute(
      `insert into payroll_paid_week (payroll_month_id, employee_id, monday, figures)
       select ?, u.employee_id, u.monday, u.figures
         from rows from (unnest(?::int[], ?::date[]), jsonb_array_elements(?::jsonb)) as u(employee_id, monday, figures)
       on conflict (payroll_month_id, employee_id, monday) do update set figures = excluded.figures`,
      [
        payrollMonthId,
        intArray(weeks.map((w) => w.employee_id)),
        textArray(weeks.map((w) => w.monday)),
        JSON.stringify(weeks.map((w) => weekShareFigures(facts(w), range.from, range.to))),
      ],
    );
  }
  await em.execute(`update payroll_month set paid_weeks = true where id = ?`, [payrollMonthId]);
}

/**
 * Months closed before decision 0118 have no paid weeks: their weeks were still frozen then (never rewritten after
 * the close), so the stored weeks are what was paid. Written once, before any run computes those weeks again. One
 * statement when there is nothing to do.
 */
export async function backfillPaidWeeks(em: EntityManager): Promise<number> {
  const months = await em.execute<{ id: number; subsidiary_id: number; month: string; layout: string | null }[]>(
    `select id, subsidiary_id, to_char(month, 'YYYY-MM-DD') as month, layout from payroll_month where not paid_weeks order by id`,
  );
  for (const m of months) {
    await em.transactional(async (tx) => {
      const range = payrollMonthRange(m.month.slice(0, 7))!;
      // The employees paid: the stored lines; a month closed before snapshots is read live (the subsidiary's staff).
      const ids = await tx.execute<{ id: number }[]>(
        m.layout
          ? `select distinct employee_id as id from payroll_month_line where payroll_month_id = ? and employee_id is not null and (line -> 'rappel') is null`
          : `select e.id from employee e, payroll_month pm where pm.id = ? and e.subsidiary_id = pm.subsidiary_id
               and (e.hired_at is null or e.hired_at <= '${range.to}'::date) and (e.fired_at is null or e.fired_at >= '${range.from}'::date)`,
        [m.id],
      );
      await storePaidWeeks(tx, m.id, ids.map((r) => r.id), m.month);
    });
  }
  return months.length;
}

/**
 * Carries what some stored weeks owe to closed months (decision 0118): for each week touching a month closed for
 * its employee (closed for their subsidiary, or closed with their line: a subsidiary they left, decision 0079), its
 * share of each such month as stored now less what was paid for it, less what rappels already carried into months
 * since closed, into the next open month of the employee's current subsidiary. Weeks touching no closed month are
 * skipped. Six statements whatever the number of weeks. Returns the number of regularisations written.
 */
export async function carryRappels(em: EntityManager, keys: readonly WeekKey[]): Promise<number> {
  if (keys.length === 0) return 0;
  const ids = [...new Set(keys.map((k) => k.employeeId))];
  const closedRows = await em.execute<{ id: number; subsidiary_id: number | null; closed: string[]; sub_closed: string[] }[]>(
    `select e.id, e.subsidiary_id,
            coalesce((select array_agg(distinct to_char(pm.month, 'YYYY-MM')) from payroll_month pm
                       where pm.subsidiary_id = e.subsidiary_id
                          or exists (select 1 from payroll_month_line l where l.payroll_month_id = pm.id and l.employee_id = e.id)), '{}') as closed,
            coalesce((select array_agg(to_char(pm.month, 'YYYY-MM')) from payroll_month pm where pm.subsidiary_id = e.subsidiary_id), '{}') as sub_closed
       from employee e where e.id = any(?::int[])`,
    [intArray(ids)],
  );
  const byEmployee = new Map(closedRows.map((r) => [r.id, r]));
  const plan = [...new Map(keys.map((k) => [`${k.employeeId}|${k.monday}`, k])).values()].filter((k) => {
    const e = byEmployee.get(k.employeeId);
    return !!e && e.subsidiary_id !== null && monthsOfWeek(k.monday).some((m) => e.closed.includes(m));
  });
  if (plan.length === 0) return 0;
  const employees = intArray(plan.map((k) => k.employeeId));
  const weeks = textArray(plan.map((k) => k.monday));
  const stored = await storedWeeks(em, `(w.employee_id, w.monday) in (select * from unnest(?::int[], ?::date[]))`, [employees, weeks]);
  const paid = await em.execute<{ employee_id: number; monday: string; month: string; figures: Parameters<typeof storedFigures>[0] }[]>(
    `select p.employee_id, to_char(p.monday, 'YYYY-MM-DD') as monday, to_char(pm.month, 'YYYY-MM') as month, p.figures
       from unnest(?::int[], ?::date[]) as u(employee_id, monday)
       join payroll_paid_week p on p.employee_id = u.employee_id and p.monday = u.monday
       join payroll_month pm on pm.id = p.payroll_month_id`,
    [employees, weeks],
  );
  const carried = await em.execute<{ employee_id: number; monday: string; figures: Parameters<typeof storedFigures>[0] }[]>(
    `select r.employee_id, to_char(r.monday, 'YYYY-MM-DD') as monday, r.figures
       from unnest(?::int[], ?::date[]) as u(employee_id, monday)
       join payroll_regularisation r on r.employee_id = u.employee_id and r.monday = u.monday
      where exists (select 1 from payroll_month pm where pm.subsidiary_id = r.subsidiary_id and pm.month = r.month)`,
    [employees, weeks],
  );
  const weekOf = new Map(stored.map((w) => [`${w.employee_id}|${w.monday}`, w]));
  const rows: { employeeId: number; subsidiaryId: number; month: string; monday: string; figures: PayrollFigures }[] = [];
  for (const k of plan) {
    const e = byEmployee.get(k.employeeId)!;
    const key = `${k.employeeId}|${k.monday}`;
    const week = weekOf.get(key);
    const shares = monthsOfWeek(k.monday)
      .filter((m) => e.closed.includes(m))
      .map((m) => {
        const range = payrollMonthRange(m)!;
        const paidRows = paid.filter((p) => p.employee_id === k.employeeId && p.monday === k.monday && p.month === m);
        return {
          now: week ? weekShareFigures(facts(week), range.from, range.to) : NO_FIGURES,
          paid: paidRows.reduce((sum, p) => sumFigures(sum, storedFigures(p.figures)), NO_FIGURES),
        };
      });
    const already = carried.filter((c) => c.employee_id === k.employeeId && c.monday === k.monday).map((c) => storedFigures(c.figures));
    const due = rappelDueByShares(shares, already);
    if (isZeroFigures(due)) continue;
    rows.push({ employeeId: k.employeeId, subsidiaryId: e.subsidiary_id!, month: `${rappelMonth(k.monday, e.closed, e.sub_closed)}-01`, monday: k.monday, figures: due });
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
        intArray(rows.map((r) => r.employeeId)),
        intArray(rows.map((r) => r.subsidiaryId)),
        textArray(rows.map((r) => r.month)),
        textArray(rows.map((r) => r.monday)),
        JSON.stringify(rows.map((r) => r.figures)),
      ],
    );
  });
  return rows.length;
}

function sumFigures(a: PayrollFigures, b: PayrollFigures): PayrollFigures {
  return rappelDueByShares([{ now: a, paid: NO_FIGURES }, { now: b, paid: NO_FIGURES }], []);
}

/**
 * How many weeks of a subsidiary's employees touching a month closed for them are changed and not computed yet
 * (decision 0122): a late change whose weeks a job computes (a holiday, a policy row) or the nightly run. While there
 * are some, the rappels of the next open month may still move: the payroll page says so. One statement.
 */
export async function pendingRappelWeeks(em: EntityManager, subsidiaryId: number): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from overtime_week w join employee e on e.id = w.employee_id
      where e.subsidiary_id = ? and (w.dirty or w.computed_at is null)
        and exists (select 1 from payroll_month pm
                     where pm.month in (date_trunc('month', w.monday)::date, date_trunc('month', w.monday + 6)::date)
                       and (pm.subsidiary_id = e.subsidiary_id
                            or exists (select 1 from payroll_month_line l where l.payroll_month_id = pm.id and l.employee_id = e.id)))`,
    [subsidiaryId],
  );
  return Number(row?.n ?? 0);
}

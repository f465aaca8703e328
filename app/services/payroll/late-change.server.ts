/**
 * Late changes (issue 38 §2, decisions 0118 and 0122): what a change that touches a month closed for payroll is to
 * payroll, read by every writer of an input of the weeks (clock, leave, deduction, holiday, contract, policy). Apart
 * from the close itself (close.server.ts), which computes weeks: a writer of the overtime policy reads the notice
 * here without importing the engine back (issue 45 item 2).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { monthWords } from "~/domain/payroll/month";
import { mondayOf } from "~/domain/shared/iso-week";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";

/** What a late change is to payroll (decision 0118, 0122): its notice, and whether weeks must be computed now. */
export interface LateChange {
  /** The French notice naming the oldest closed month among the changed days and the payslip month, or null. */
  notice: string | null;
  /**
   * A week of the changed days touches a closed month: its closed share may move even when the changed days are
   * after it (a contract change effective 1 December moves the November share of the week of 30 November), so the
   * caller computes the weeks at once.
   */
  recompute: boolean;
}

const firstOfMonth = (d: CalendarDate) => `${d.slice(0, 7)}-01`;

/** The first days of the months from `from`'s to `to`'s ('YYYY-MM-01'). */
function monthsBetween(from: CalendarDate, to: CalendarDate): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    out.push(`${key}-01`);
    if (key >= last || out.length > 1200) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/**
 * A change that touches a month closed for payroll is accepted (issue 38 §2, decisions 0118 and 0122): this says
 * so. `target`: the employees concerned, a whole subsidiary, or every employee of a country (a policy or public
 * holiday change); `range`: the changed days, as a span or as separate days. The notice reads days, not weeks: a
 * change on 1 December touches no closed November even in the week of 30 November; `recompute` reads their weeks.
 *
 * For employees, a month is closed for them as their rappel is measured (`carryRappels`): closed for their
 * subsidiary now, or closed with their line in it (a subsidiary they left, decision 0079); the payslip month is the
 * first month after it closed neither way, the month `rappelMonth` carries the difference to. For a subsidiary or a
 * country, each subsidiary's own closes. One statement.
 */
export async function lateChange(
  em: EntityManager,
  target: { employeeIds: readonly number[] } | { subsidiaryId: number } | { countryId: number },
  range: { from: CalendarDate; to: CalendarDate } | { dates: readonly CalendarDate[] },
): Promise<LateChange> {
  const none: LateChange = { notice: null, recompute: false };
  let dayMonths: string[];
  let weekMonths: string[];
  if ("dates" in range) {
    if (range.dates.length === 0) return none;
    dayMonths = [...new Set(range.dates.map(firstOfMonth))];
    weekMonths = [...new Set(range.dates.flatMap((d) => [firstOfMonth(mondayOf(d)), firstOfMonth(addDays(mondayOf(d), 6))]))];
  } else {
    if (range.to < range.from) return none;
    dayMonths = monthsBetween(range.from, range.to);
    weekMonths = monthsBetween(mondayOf(range.from), addDays(mondayOf(range.to), 6));
  }
  // The candidates: (who, closed month) among the months of the changed weeks, the month filter first (few closes
  // per month) so that a target of thousands of employees stays cheap; then, for the one picked, every month closed
  // for it, read once into an array, to find the payslip month.
  let candidates: string;
  let closedOf: (who: string) => string;
  let params: unknown[];
  const weeks = `{${weekMonths.join(",")}}`;
  if ("subsidiaryId" in target) {
    candidates = `select pm.subsidiary_id as who, pm.month from payroll_month pm where pm.month = any(?::date[]) and pm.subsidiary_id = ?`;
    params = [weeks, target.subsidiaryId];
    closedOf = (who) => `select pm.month from payroll_month pm where pm.subsidiary_id = ${who}`;
  } else if ("countryId" in target) {
    candidates = `select pm.subsidiary_id as who, pm.month from payroll_month pm
                   where pm.month = any(?::date[])
                     and pm.subsidiary_id in (select e.subsidiary_id from employee e left join subsidiary s on s.id = e.subsidiary_id
                                               where coalesce(e.country_id, s.country_id) = ?)`;
    params = [weeks, target.countryId];
    closedOf = (who) => `select pm.month from payroll_month pm where pm.subsidiary_id = ${who}`;
  } else {
    if (target.employeeIds.length === 0) return none;
    candidates = `select e.id as who, pm.month from employee e
                    join payroll_month pm on pm.month = any(?::date[])
                     and (pm.subsidiary_id = e.subsidiary_id
                          or exists (select 1 from payroll_month_line l where l.payroll_month_id = pm.id and l.employee_id = e.id))
                   where e.id = any(?::int[])`;
    params = [weeks, `{${target.employeeIds.map(Number).join(",")}}`];
    closedOf = (who) => `select pm.month from payroll_month pm
                          where pm.subsidiary_id = (select e.subsidiary_id from employee e where e.id = ${who})
                             or exists (select 1 from payroll_month_line l where l.payroll_month_id = pm.id and l.employee_id = ${who})`;
  }
  const [row] = await em.execute<{ month: string; on_days: boolean; payslip: string }[]>(
    `with pick as (select c.who, c.month, c.month = any(?::date[]) as on_days from (${candidates}) c order by 3 desc, c.month limit 1),
          known as (select p.*, array(${closedOf("p.who")}) as closed from pick p)
     select to_char(k.month, 'YYYY-MM') as month, k.on_days,
            (select to_char(min(g.m), 'YYYY-MM') from generate_series(k.month + interval '1 month', k.month + interval '100 years', interval '1 month') g(m)
              where not (g.m::date = any(k.closed))) as payslip
       from known k`,
    [`{${dayMonths.join(",")}}`, ...params],
  );
  if (!row) return none;
  if (!row.on_days) return { notice: null, recompute: true };
  const month = monthWords(row.month);
  return { notice: t("payroll.late_change", { month: month.charAt(0).toUpperCase() + month.slice(1), payslip: monthWords(row.payslip) }), recompute: true };
}

/** The notice of `lateChange` alone (a policy row, whose weeks a job computes). */
export async function lateChangeNotice(
  em: EntityManager,
  target: Parameters<typeof lateChange>[1],
  range: Parameters<typeof lateChange>[2],
): Promise<string | null> {
  return (await lateChange(em, target, range)).notice;
}

/**
 * The pre-close checklist of a payroll month (issue 38 §4, decision 0118): what would make the month's figures move
 * after its close, each line with the page where it is fixed. The close itself computes the month's stale weeks
 * (payroll-close.server.ts `recomputeStaleWeeks`), so those are listed as what the close will recompute.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employee-name";
import { EMPLOYEE_SELECT, toRecord, type Row } from "./employee-records.server";
import { holidayAppliesSql } from "./holidays.server";
import { checkMonth } from "./payroll-store.server";

/** At most this many items are listed per line (the count is always the whole). */
export const CHECKLIST_ITEMS = 20;

export interface ChecklistItem {
  label: string;
  href: string;
}

export interface ChecklistLine {
  key: "pending_leaves" | "pending_corrections" | "stale_weeks" | "missing_clocks" | "anomalies" | "incomplete_sheets";
  count: number;
  items: ChecklistItem[];
}

const frDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * The checklist of a subsidiary's month: leaves waiting on its days, clock corrections waiting on its days, weeks
 * changed since their last computation, time-registered employees with weekdays (Monday–Friday, not a holiday nor an
 * accepted leave, within their employment) without any clock, days and weeks with anomalies or legal-check
 * warnings, employees hired or leaving in the month whose sheet is incomplete. Two statements.
 */
export async function closeChecklist(em: EntityManager, subsidiaryId: number, month: string): Promise<ChecklistLine[]> {
  const { from, to } = checkMonth(month);
  const staff = `e.subsidiary_id = ? and (e.hired_at is null or e.hired_at <= ?::date) and (e.fired_at is null or e.fired_at >= ?::date)`;
  const staffParams = [subsidiaryId, to, from];
  const rows = await em.execute<{ kind: string; n: number; items: { id: number; firstname: string; lastname: string; day: string | null; extra: number | null }[] | null }[]>(
    `with staff as (select e.id, e.firstname, e.lastname, e.country_id, e.subsidiary_id, e.hired_at, e.fired_at, e.time_registration,
                           s.country_id as sub_country from employee e left join subsidiary s on s.id = e.subsidiary_id where ${staff}),
     leaves as (select l.id, st.firstname, st.lastname, l.start::text as day, null::int as extra from leave l join staff st on st.id = l.employee_id
                 where l.state in ('pending', 'prevalidate', 'validate') and l.start <= ?::date and l."end" >= ?::date),
     corrections as (select st.id, st.firstname, st.lastname, tc.date::text as day, tc.id as extra from time_clock tc join staff st on st.id = tc.employee_id
                      where tc.suggested and tc.date between ?::date and ?::date),
     stale as (select st.id, st.firstname, st.lastname, w.monday::text as day, null::int as extra from overtime_week w join staff st on st.id = w.employee_id
                where (w.dirty or w.computed_at is null) and w.monday between ?::date - 6 and ?::date),
     missing as (select st.id, st.firstname, st.lastname, min(g.d)::date::text as day, count(*)::int as extra
                   from staff st cross join generate_series(?::date, ?::date, interval '1 day') g(d)
                  where st.time_registration and extract(isodow from g.d) <= 5
                    and (st.hired_at is null or st.hired_at <= g.d) and (st.fired_at is null or st.fired_at >= g.d)
                    and not exists (select 1 from time_clock tc where tc.employee_id = st.id and tc.date = g.d::date and not tc.suggested)
                    and not exists (select 1 from leave l where l.employee_id = st.id and l.state = 'accepted' and g.d::date between l.start and l."end")
                    and not exists (select 1 from holiday h where ${holidayAppliesSql("coalesce(st.country_id, st.sub_country)", "st.subsidiary_id")} and h.date = g.d::date)
                  group by st.id, st.firstname, st.lastname),
     anomalies as (select st.id, st.firstname, st.lastname, min(x.day) as day, count(*)::int as extra
                     from staff st join (select tc.employee_id, tc.date::text as day from time_clock tc
                                          where not tc.suggested and tc.anomaly and tc.date between ?::date and ?::date
                                         union all
                                         select w.employee_id, w.monday::text from overtime_week w
                                          where w.anomaly_count > 0 and w.monday between ?::date - 6 and ?::date) x on x.employee_id = st.id
                    group by st.id, st.firstname, st.lastname)
     select 'pending_leaves' as kind, (select count(*) from leaves)::int as n,
            (select json_agg(x) from (select * from leaves order by day, lastname limit ${CHECKLIST_ITEMS}) x) as items
     union all select 'pending_corrections', (select count(*) from corrections)::int,
            (select json_agg(x) from (select * from corrections order by day, lastname limit ${CHECKLIST_ITEMS}) x)
     union all select 'stale_weeks', (select count(*) from stale)::int,
            (select json_agg(x) from (select * from stale order by day, lastname limit ${CHECKLIST_ITEMS}) x)
     union all select 'missing_clocks', (select count(*) from missing)::int,
            (select json_agg(x) from (select * from missing order by lastname, firstname limit ${CHECKLIST_ITEMS}) x)
     union all select 'anomalies', (select count(*) from anomalies)::int,
            (select json_agg(x) from (select * from anomalies order by lastname, firstname limit ${CHECKLIST_ITEMS}) x)`,
    [...staffParams, to, from, from, to, from, to, from, to, from, to, from, to],
  );
  // Hired or leaving in the month: the sheets, read as the sheet page reads them (its completion).
  const sheets = (
    await em.execute<Row[]>(
      `${EMPLOYEE_SELECT} where e.subsidiary_id = ? and (e.hired_at between ?::date and ?::date or e.fired_at between ?::date and ?::date)
        order by e.lastname, e.firstname, e.id`,
      [subsidiaryId, from, to, from, to],
    )
  )
    .map(toRecord)
    .filter((r) => r.completion < 100);
  const by = new Map(rows.map((r) => [r.kind, r]));
  const line = (key: ChecklistLine["key"], item: (i: NonNullable<(typeof rows)[number]["items"]>[number]) => ChecklistItem): ChecklistLine => {
    const r = by.get(key);
    return { key, count: Number(r?.n ?? 0), items: (r?.items ?? []).map(item) };
  };
  const name = (i: { firstname: string; lastname: string }) => displayName(i.firstname, i.lastname);
  return [
    line("pending_leaves", (i) => ({ label: `${name(i)} — ${frDate(i.day!)}`, href: `/leave/detail/${i.id}` })),
    line("pending_corrections", (i) => ({ label: `${name(i)} — ${frDate(i.day!)}`, href: `/time-clock/edit-badging` })),
    line("stale_weeks", (i) => ({ label: `${name(i)} — ${frDate(i.day!)}`, href: `/overtime/employee/${i.id}` })),
    line("missing_clocks", (i) => ({ label: `${name(i)} — ${i.extra} j (${frDate(i.day!)}…)`, href: `/time-clock/edit-badging` })),
    line("anomalies", (i) => ({ label: `${name(i)} — ${i.extra}`, href: `/overtime/employee/${i.id}` })),
    {
      key: "incomplete_sheets",
      count: sheets.length,
      items: sheets.slice(0, CHECKLIST_ITEMS).map((r) => ({ label: `${r.displayName} — ${r.completion} %`, href: `/employees/${r.id}/edit` })),
    },
  ];
}

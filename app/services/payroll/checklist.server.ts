/**
 * The pre-close checklist of a payroll month (issue 38 §4, decision 0118): what would make the month's figures move
 * after its close, each line with the page where it is fixed. The close itself computes the month's stale weeks
 * (services/payroll/close.server.ts `recomputeStaleWeeks`), so those are listed as what the close will recompute.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { EMPLOYEE_SELECT, toRecord, type Row } from "~/services/employees/records.server";
import { holidayAppliesSql } from "~/services/organisation/holidays.server";
import { checkMonth } from "./store.server";
import { checksIn, legalDays } from "~/services/overtime/legal-days.server";
import { anomalyNotes, daysWithoutClock, type ChecklistLeave, type ChecklistWeek } from "~/domain/payroll/close-checklist";
import type { WeekSchedule, WeekType } from "~/domain/planning/expected-time";
import type { CitedSource } from "~/domain/law/sources";
import type { OvertimeAnomaly } from "~/domain/overtime/types";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { intArray } from "~/services/time-clock/views.server";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

/** At most this many items are listed per line (the count is always the whole). */
export const CHECKLIST_ITEMS = 20;

export interface ChecklistItem {
  label: string;
  href: string;
  /** The anomalies line: each anomaly or legal-check warning in French, its articles linked, its explained week (decision 0138). */
  notes?: ChecklistNoteItem[];
}

export interface ChecklistNoteItem {
  text: string;
  sources: CitedSource[];
  href: string;
}

/** The explained week of an employee (the overtime page's week, `#explication`). */
const explainedWeekHref = (employeeId: number, monday: CalendarDate) => {
  const { year, week } = isoWeekKey(monday);
  return `/overtime/employee/${employeeId}?year=${year}&week=${week}#explication`;
};

export interface ChecklistLine {
  key: "pending_leaves" | "pending_corrections" | "stale_weeks" | "missing_clocks" | "anomalies" | "incomplete_sheets";
  count: number;
  items: ChecklistItem[];
}

const frDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * The checklist of a subsidiary's month: leaves waiting on its days, clock corrections waiting on its days, weeks
 * changed since their last computation, time-registered employees with working days of their own schedule (the terms
 * in force that week, not a holiday nor inside an accepted leave, within their employment; decision 0122) without any
 * clock, days and weeks with anomalies or legal-check warnings (`anomalyLine`, shared with a closed month's list),
 * employees hired or leaving in the month whose sheet is incomplete, as of `now` (a week's rest not over yet is not
 * judged). Five statements (the legal checks' clock days: one; the flagged weeks' anomalies: one).
 */
export async function closeChecklist(em: EntityManager, subsidiaryId: number, month: string, now: Date = new Date()): Promise<ChecklistLine[]> {
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
     union all select 'anomalies', (select count(*) from anomalies)::int,
            (select json_agg(x) from (select * from anomalies order by lastname, firstname) x)`,
    [...staffParams, to, from, from, to, from, to, from, to, from, to],
  );
  // Working days without any clock, by each employee's own schedule (decision 0122): the facts of the time-registered
  // staff in one statement, the days in app/domain/payroll/close-checklist.ts.
  const facts = await em.execute<
    {
      id: number;
      firstname: string;
      lastname: string;
      hired_at: string | null;
      fired_at: string | null;
      week_type: string | null;
      weeks: WeekSchedule[];
      history: { until: string; weekType: string | null; weeks: WeekSchedule[] }[];
      holidays: string[];
      leaves: ChecklistLeave[];
      clocked: string[];
    }[]
  >(
    `select e.id, e.firstname, e.lastname, e.hired_at::text as hired_at, e.fired_at::text as fired_at, e.week_type,
            coalesce((select json_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::json) as weeks,
            coalesce((select json_agg(json_build_object('until', h.valid_until::text, 'weekType', h.week_type, 'weeks', h.weeks) order by h.valid_until)
                        from contract_history h where h.employee_id = e.id and h.valid_until > ?::date - 6), '[]'::json) as history,
            coalesce((select json_agg(h.date::text) from holiday h
                       where ${holidayAppliesSql("coalesce(e.country_id, s.country_id)", "e.subsidiary_id")} and h.date between ?::date and ?::date), '[]'::json) as holidays,
            coalesce((select json_agg(json_build_object('start', l.start::text, 'end', l."end"::text, 'halfDayMorning', l.half_day_morning, 'halfDayAfternoon', l.half_day_afternoon))
                        from leave l where l.employee_id = e.id and l.state = 'accepted' and l.start <= ?::date and l."end" >= ?::date), '[]'::json) as leaves,
            coalesce((select json_agg(tc.date::text) from time_clock tc where tc.employee_id = e.id and not tc.suggested and tc.date between ?::date and ?::date), '[]'::json) as clocked
       from employee e left join subsidiary s on s.id = e.subsidiary_id
      where ${staff} and e.time_registration
      order by e.lastname, e.firstname, e.id`,
    [from, from, to, to, from, from, to, ...staffParams],
  );
  const weekTypeOf = (w: string | null): WeekType => (w === "week_one_two" ? "week_one_two" : "unique_week");
  const missing = facts
    .map((f) => {
      const days = daysWithoutClock({
        from,
        to,
        hiredAt: f.hired_at,
        firedAt: f.fired_at,
        weekType: weekTypeOf(f.week_type),
        weeks: f.weeks,
        history: f.history.map((h) => ({ until: h.until, weekType: weekTypeOf(h.weekType), weeks: h.weeks })),
        holidays: new Set(f.holidays),
        leaves: f.leaves,
        clocked: new Set(f.clocked),
      });
      return { id: f.id, firstname: f.firstname, lastname: f.lastname, day: days[0] ?? null, extra: days.length };
    })
    .filter((m) => m.extra > 0);
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
  const flagged = (rows.find((r) => r.kind === "anomalies")?.items ?? []).map((a) => ({ id: a.id, firstname: a.firstname, lastname: a.lastname }));
  const anomalies = await anomalyLine(em, flagged, facts, from, to, now);
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
    {
      key: "missing_clocks",
      count: missing.length,
      items: missing.slice(0, CHECKLIST_ITEMS).map((i) => ({ label: `${name(i)} — ${i.extra} j (${frDate(i.day!)}…)`, href: `/time-clock/edit-badging` })),
    },
    anomalies,
    {
      key: "incomplete_sheets",
      count: sheets.length,
      items: sheets.slice(0, CHECKLIST_ITEMS).map((r) => ({ label: `${r.displayName} — ${r.completion} %`, href: `/employees/${r.id}/edit` })),
    },
  ];
}

interface Person {
  id: number;
  firstname: string;
  lastname: string;
}

/**
 * The anomalies line (decision 0138): each employee's anomalies and legal-check warnings of the month in French with
 * their articles, each linking its explained week. `flagged`: the employees whose days or stored weeks carry an
 * anomaly; `registered`: the time-registered staff, whose legal checks are read (breaks, daily and weekly maxima,
 * rest: app/domain/law/checks.ts) as the overtime screens read them and added to their anomalies (decision 0122).
 * Two statements (the legal checks' clock days; the stored weeks' anomalies and the days without end of those
 * listed), whoever is listed.
 */
async function anomalyLine(em: EntityManager, flagged: readonly Person[], registered: readonly Person[], from: CalendarDate, to: CalendarDate, now: Date): Promise<ChecklistLine> {
  const legal = await legalDays(em, registered.map((f) => f.id), from, to);
  const people = new Map<number, Person>();
  for (const a of flagged) people.set(a.id, { id: a.id, firstname: a.firstname, lastname: a.lastname });
  const checksOf = new Map(registered.map((f) => [f.id, checksIn(legal.get(f.id), from, to, now)]));
  for (const f of registered) if ((checksOf.get(f.id) ?? []).length > 0 && !people.has(f.id)) people.set(f.id, { id: f.id, firstname: f.firstname, lastname: f.lastname });
  // Always run (an empty list reads nothing): the page's statements do not depend on who has anomalies.
  const stored = await em.execute<{ employee_id: number; weeks: (ChecklistWeek & { anomalies: OvertimeAnomaly[] | null })[] | null; days: string[] | null }[]>(
    `select e.id as employee_id,
            (select json_agg(json_build_object('monday', w.monday::text, 'mode', w.mode, 'anomalies', w.explanation -> 'anomalies', 'quota', w.explanation -> 'quota') order by w.monday)
               from overtime_week w where w.employee_id = e.id and w.anomaly_count > 0 and w.monday between ?::date - 6 and ?::date) as weeks,
            (select json_agg(tc.date::text order by tc.date) from time_clock tc
              where tc.employee_id = e.id and not tc.suggested and tc.anomaly and tc.date between ?::date and ?::date) as days
       from employee e where e.id = any(?::int[])`,
    [from, to, from, to, intArray([...people.keys()])],
  );
  const storedOf = new Map(stored.map((r) => [r.employee_id, r]));
  const listed = [...people.values()]
    .map((p) => {
      const r = storedOf.get(p.id);
      const weeks = (r?.weeks ?? []).map((w) => ({ ...w, mode: w.mode === "daily" ? ("daily" as const) : ("weekly" as const), anomalies: w.anomalies ?? [] }));
      const notes = anomalyNotes({ from, to, weeks, daysWithoutEnd: r?.days ?? [], checks: checksOf.get(p.id) ?? [] });
      return { ...p, notes: notes.map((n) => ({ text: n.text, sources: n.sources, href: explainedWeekHref(p.id, n.monday) })) };
    })
    .filter((p) => p.notes.length > 0)
    .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.id - b.id);
  return {
    key: "anomalies",
    count: listed.length,
    items: listed
      .slice(0, CHECKLIST_ITEMS)
      .map((i) => ({ label: `${displayName(i.firstname, i.lastname)} — ${i.notes.length}`, href: i.notes[0]!.href, notes: i.notes })),
  };
}

/**
 * A closed month's anomalies in words (decision 0143): the checklist's anomalies line for the employees of the month's
 * stored lines (a month closed before lines were stored: the subsidiary's staff of the month), read as they are now,
 * as of `now`. Three statements.
 */
export async function closedMonthAnomalies(em: EntityManager, subsidiaryId: number, month: string, now: Date = new Date()): Promise<ChecklistLine> {
  const { from, to } = checkMonth(month);
  const rows = await em.execute<(Person & { registered: boolean; flagged: boolean })[]>(
    `with paid as (select l.employee_id from payroll_month pm join payroll_month_line l on l.payroll_month_id = pm.id
                    where pm.subsidiary_id = ? and pm.month = ? and l.employee_id is not null and (l.line -> 'rappel') is null)
     select e.id, e.firstname, e.lastname, e.time_registration as registered,
            (exists (select 1 from time_clock tc where tc.employee_id = e.id and not tc.suggested and tc.anomaly and tc.date between ?::date and ?::date)
             or exists (select 1 from overtime_week w where w.employee_id = e.id and w.anomaly_count > 0 and w.monday between ?::date - 6 and ?::date)) as flagged
       from employee e
      where e.id in (select employee_id from paid)
         or (not exists (select 1 from paid) and e.subsidiary_id = ? and (e.hired_at is null or e.hired_at <= ?::date) and (e.fired_at is null or e.fired_at >= ?::date))
      order by e.lastname, e.firstname, e.id`,
    [subsidiaryId, from, from, to, from, to, subsidiaryId, to, from],
  );
  return anomalyLine(em, rows.filter((r) => r.flagged), rows.filter((r) => r.registered), from, to, now);
}

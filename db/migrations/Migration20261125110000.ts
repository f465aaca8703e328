import { Migration } from "@mikro-orm/migrations";

/**
 * Report columns of the stored weeks (decision 0055): the rates a week uses and the seconds paid at each, read from
 * its `bands` by the database itself (generated columns, so the overtime engine writes nothing new), and a covering
 * index by employee and Monday. The report pages add up a whole subsidiary's six months from this index alone (the
 * totals row of the hourly-cost and overtime reports, the row count of the pager) instead of parsing every week's
 * json.
 *
 * `overtime_week_report_rates(bands)`: each rate × 100 (37.5 % → 3750) with seconds or paid seconds, ascending, as
 * `weekRates` of app/domain/reports/reports.ts reads them (seconds from `rates`, else from the rate's first line; paid
 * seconds summed over the rate's lines); `overtime_week_report_paid(bands)`: the paid seconds of those rates, in
 * the same order. Malformed entries are skipped, never an error (a generated column that fails would refuse the
 * engine's write).
 */
export class Migration20261125110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function overtime_week_report_used(bands jsonb)
returns table (rate100 integer, paid integer) language sql immutable parallel safe as $$
  with lines as (
         select round((l.value->>'rate')::numeric * 100)::int as rate100,
                case when jsonb_typeof(l.value->'seconds') = 'number' then (l.value->>'seconds')::numeric else 0 end as seconds,
                case when jsonb_typeof(l.value->'paidSeconds') = 'number' then (l.value->>'paidSeconds')::numeric else 0 end as paid,
                l.ordinality as n
           from jsonb_array_elements(case when jsonb_typeof(bands->'lines') = 'array' then bands->'lines' else '[]'::jsonb end) with ordinality l
          where jsonb_typeof(l.value) = 'object' and jsonb_typeof(l.value->'rate') = 'number'),
       rates as (
         select round((r.value->>'rate')::numeric * 100)::int as rate100,
                sum(case when jsonb_typeof(r.value->'seconds') = 'number' then (r.value->>'seconds')::numeric else 0 end) as seconds
           from jsonb_array_elements(case when jsonb_typeof(bands->'rates') = 'array' then bands->'rates' else '[]'::jsonb end) r
          where jsonb_typeof(r.value) = 'object' and jsonb_typeof(r.value->'rate') = 'number'
          group by 1),
       by_line as (
         select rate100, sum(paid) as paid, (array_agg(seconds order by n))[1] as first_seconds from lines group by rate100)
  select coalesce(r.rate100, l.rate100), round(coalesce(l.paid, 0))::int
    from rates r full join by_line l on l.rate100 = r.rate100
   where coalesce(r.seconds, l.first_seconds, 0) > 0 or coalesce(l.paid, 0) > 0
$$;`);
    this.addSql(`
create or replace function overtime_week_report_rates(bands jsonb) returns integer[] language sql immutable parallel safe as $$
  select coalesce(array_agg(rate100 order by rate100), '{}') from overtime_week_report_used(bands)
$$;`);
    this.addSql(`
create or replace function overtime_week_report_paid(bands jsonb) returns integer[] language sql immutable parallel safe as $$
  select coalesce(array_agg(paid order by rate100), '{}') from overtime_week_report_used(bands)
$$;`);
    this.addSql(`alter table "overtime_week"
  add column "report_rates" integer[] generated always as (overtime_week_report_rates("bands")) stored,
  add column "report_paid" integer[] generated always as (overtime_week_report_paid("bands")) stored;`);
    this.addSql(`create index "overtime_week_report_index" on "overtime_week" ("employee_id", "monday")
  include ("normal_seconds", "extra_seconds", "undertime_seconds", "report_rates", "report_paid") where "computed_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "overtime_week_report_index";`);
    this.addSql(`alter table "overtime_week" drop column if exists "report_rates", drop column if exists "report_paid";`);
    this.addSql(`drop function if exists overtime_week_report_paid(jsonb);`);
    this.addSql(`drop function if exists overtime_week_report_rates(jsonb);`);
    this.addSql(`drop function if exists overtime_week_report_used(jsonb);`);
  }
}

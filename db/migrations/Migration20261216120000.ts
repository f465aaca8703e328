import { Migration } from "@mikro-orm/migrations";

/**
 * The time account per employee and ISO week, stored (decision 0114): `time_account_week.seconds` is the sum of the
 * week's daily `overtime.overtime_seconds` minus its deductions not removed — every day of the week, whatever today
 * is. Triggers on `overtime` and `deduction` keep it exact in the transaction of each change (an upsert adding the
 * difference), so it is never stale. The overtime report's totals read it for the finished weeks, where every day
 * counts and it equals decision 0071's live figure; the running week and every screen of one person or one team
 * still read the days (app/services/overtime/account.server.ts). The primary key covers `seconds` (index-only
 * reads of a subsidiary's half-year). No foreign key: a deleted employee's rows fall to zero with their days.
 */
export class Migration20261216120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "time_account_week" ("employee_id" int not null, "monday" date not null, "seconds" bigint not null default 0,
      constraint "time_account_week_pkey" primary key ("employee_id", "monday") include ("seconds"));`);
    this.addSql(`create or replace function time_account_add(p_employee int, p_day date, p_seconds bigint) returns void language sql as $$
      insert into time_account_week (employee_id, monday, seconds) values (p_employee, date_trunc('week', p_day)::date, p_seconds)
      on conflict (employee_id, monday) do update set seconds = time_account_week.seconds + excluded.seconds
    $$;`);
    this.addSql(`create or replace function time_account_overtime() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.overtime_seconds <> 0 then
          perform time_account_add(old.employee_id, old.date, -old.overtime_seconds);
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.overtime_seconds <> 0 then
          perform time_account_add(new.employee_id, new.date, new.overtime_seconds);
        end if;
        return null;
      end $$;`);
    // Only the rows whose counted part changes: most updates of a day (its worked time, its anomaly flag) move it.
    this.addSql(`create trigger time_account_overtime after insert or delete or update of employee_id, date, overtime_seconds on overtime
      for each row execute function time_account_overtime();`);
    this.addSql(`create or replace function time_account_deduction() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.removed_at is null and old.seconds <> 0 then
          perform time_account_add(old.employee_id, old.date, old.seconds);
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.removed_at is null and new.seconds <> 0 then
          perform time_account_add(new.employee_id, new.date, -new.seconds);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger time_account_deduction after insert or delete or update of employee_id, date, seconds, removed_at on deduction
      for each row execute function time_account_deduction();`);
    // The whole table from the days and deductions, in one pass: here for what is there already, and for a bulk load
    // written with the triggers off (the large seed's COPY sessions, db/seeds/large.ts).
    this.addSql(`create or replace function time_account_refresh() returns void language sql as $$
      truncate time_account_week;
      insert into time_account_week (employee_id, monday, seconds)
      select employee_id, m, sum(s) from (
        select employee_id, date_trunc('week', date)::date as m, overtime_seconds::bigint as s from overtime where overtime_seconds <> 0
        union all
        select employee_id, date_trunc('week', date)::date, -seconds::bigint from deduction where removed_at is null and seconds <> 0) x
      group by employee_id, m;
    $$;`);
    this.addSql(`select time_account_refresh();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists time_account_deduction on deduction;`);
    this.addSql(`drop trigger if exists time_account_overtime on overtime;`);
    this.addSql(`drop function if exists time_account_deduction();`);
    this.addSql(`drop function if exists time_account_overtime();`);
    this.addSql(`drop function if exists time_account_add(int, date, bigint);`);
    this.addSql(`drop function if exists time_account_refresh();`);
    this.addSql(`drop table if exists "time_account_week";`);
  }
}

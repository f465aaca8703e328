import { Migration } from "@mikro-orm/migrations";

/**
 * `audit_log` refuses TRUNCATE too (issue 42 §5, decision 0120): the row trigger of decision 0101 covers UPDATE and
 * DELETE, and a TRUNCATE fires no row trigger. A statement-level trigger refuses it, including a TRUNCATE that reaches
 * the table by CASCADE from `employee` or `subsidiary`. One exception: the demo seed, which wipes the whole database in
 * one transaction (db/seeds/demo.ts), runs `set local cadran.reseed = 'on'` first.
 */
export class Migration20261218042000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function audit_log_no_truncate() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('cadran.reseed', true), '') = 'on' then
          return null; -- the demo seed wipes every table (decision 0120)
        end if;
        raise exception 'audit_log is append-only';
      end $$;`);
    this.addSql(
      `create trigger "audit_log_no_truncate" before truncate on "audit_log" for each statement execute function audit_log_no_truncate();`
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "audit_log_no_truncate" on "audit_log";`);
    this.addSql(`drop function if exists audit_log_no_truncate();`);
  }
}

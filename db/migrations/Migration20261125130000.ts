import { Migration } from "@mikro-orm/migrations";

/**
 * The active entries of a day carry their type in the index (decision 0056): the overtime calendars read six months
 * of entries of a page of employees for the legal checks (time, type) and now do it by an index-only scan instead of
 * one heap page per day. Same key and predicate as before (the clock actions' read, decision 0049): replaced, not
 * added, so a clock entry still writes the same number of index entries.
 */
export class Migration20261125130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "time_log_active_index";`);
    this.addSql(`create index "time_log_active_index" on "time_log" ("time_clock_id", "time") include ("type") where superseded_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "time_log_active_index";`);
    this.addSql(`create index "time_log_active_index" on "time_log" ("time_clock_id", "time") where superseded_at is null;`);
  }
}

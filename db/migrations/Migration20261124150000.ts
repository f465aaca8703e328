import { Migration } from "@mikro-orm/migrations";

/**
 * The active entries of a day, the read of every clock action (decision 0049): a partial index, so the entries left
 * superseded by resets and validated corrections are not scanned (a day reset many times kept them all in the way).
 */
export class Migration20261124150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "time_log_active_index" on "time_log" ("time_clock_id", "time") where superseded_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "time_log_active_index";`);
  }
}

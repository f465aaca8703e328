import { Migration } from "@mikro-orm/migrations";

/**
 * The shop-floor badge (issue 46, decision 0137): `employee.terminal_badge_hash`, the SHA-256 of the badge's secret
 * (32 random bytes; the secret itself is printed in the QR once and never stored), unique so that a scanned badge is
 * found by one index lookup; `terminal_badge_issued_at`, when HR issued the badge in force (null: none, or revoked).
 * And the per-terminal list of its last clockings reads `time_log` by `terminal_id`, newest first: its index.
 */
export class Migration20261223100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "employee" add column "terminal_badge_hash" varchar(64) null, add column "terminal_badge_issued_at" timestamptz null;`);
    this.addSql(`alter table "employee" add constraint "employee_terminal_badge_hash_unique" unique ("terminal_badge_hash");`);
    this.addSql(`create index "time_log_terminal_id_time_index" on "time_log" ("terminal_id", "time" desc, "id" desc) where "terminal_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "time_log_terminal_id_time_index";`);
    this.addSql(`alter table "employee" drop column "terminal_badge_hash", drop column "terminal_badge_issued_at";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * A deputy period's start mail (decision 0112): `deputy.start_mail_at` is when the deputy was told that the period
 * began and how many requests already awaited the manager; null until then. The daily job reads the periods in
 * force not yet told through a partial index (few rows: only periods in force or to come are ever not told).
 */
export class Migration20261216100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "deputy" add column "start_mail_at" timestamptz null;`);
    // Periods already started when this runs are not announced after the fact.
    this.addSql(`update "deputy" set "start_mail_at" = now() where "starts_on" <= current_date;`);
    this.addSql(`create index "deputy_start_mail_index" on "deputy" ("starts_on") where "start_mail_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "deputy_start_mail_index";`);
    this.addSql(`alter table "deputy" drop column if exists "start_mail_at";`);
  }
}

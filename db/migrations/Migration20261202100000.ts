import { Migration } from "@mikro-orm/migrations";

/**
 * Night hours of a day (issue 26, decision 0075): the worked seconds of the day's shift inside the night period
 * (21:00-06:00, Code du travail L3122-20), kept with the other totals of the clock so that the payroll file sums them
 * for a month without reading the entries again. A shift belongs to the day it started, so its night hours do too.
 * No backfill: the days already stored count 0 until recomputed (a correction, a recompute run).
 */
export class Migration20261202100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "time_clock" add column "night_seconds" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "time_clock" drop column "night_seconds";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * The night period as country policy data, a subsidiary's agreement able to override it (issue 40, decision 0125):
 * - `overtime_policy.night_from`, `night_to` (wall clock "HH:MM", `to` on the next morning) and `night_rate` (% on
 *   night hours). Existing rows get the law's default of their mode: France 21:00–06:00 and no premium (L3122-20,
 *   L3122-8), Portugal 22:00–07:00 and +25 % (Código do Trabalho art. 223.º n.º 2, art. 266.º n.º 1).
 * - `subsidiary.night_from`, `night_to`, `night_rate`: null = the country's; both times set = the agreement's period.
 * Days already stored keep their `time_clock.night_seconds` until recomputed (a correction, the nightly close).
 */
export class Migration20261221100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "overtime_policy" add column "night_from" varchar(5) null, add column "night_to" varchar(5) null, add column "night_rate" numeric(5,2) null;`);
    this.addSql(`update "overtime_policy" set "night_from" = case when "mode" = 'daily' then '22:00' else '21:00' end,
                   "night_to" = case when "mode" = 'daily' then '07:00' else '06:00' end,
                   "night_rate" = case when "mode" = 'daily' then 25 else 0 end;`);
    this.addSql(`alter table "subsidiary" add column "night_from" varchar(5) null, add column "night_to" varchar(5) null, add column "night_rate" numeric(5,2) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "subsidiary" drop column "night_from", drop column "night_to", drop column "night_rate";`);
    this.addSql(`alter table "overtime_policy" drop column "night_from", drop column "night_to", drop column "night_rate";`);
  }
}

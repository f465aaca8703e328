import { Migration } from "@mikro-orm/migrations";

/**
 * The dashboards' "to do" counts (decision 0054) read only the rows they count:
 * - the stored weeks at 80 % of the overtime quota or beyond (a partial index over a few rows instead of every week
 *   of the year and its JSON explanation, 1.5 s on the 5,000-employee company);
 * - the days left open (no END) or flagged, by date (instead of every clock of yesterday's date).
 * The predicates are the statements' own (app/services/home/dashboard.server.ts): PostgreSQL uses a partial index only
 * when the query's condition implies it.
 */
export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "overtime_week_near_quota_index" on "overtime_week" ("iso_year", "employee_id") where (explanation->'quota'->>'limitSeconds')::numeric > 0 and quota_after_seconds * 10 >= (explanation->'quota'->>'limitSeconds')::numeric * 8;`,
    );
    this.addSql(
      `create index "time_clock_open_day_index" on "time_clock" ("date", "employee_id") where suggested = false and (anomaly or (type is not null and type <> 'END'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "overtime_week_near_quota_index";`);
    this.addSql(`drop index if exists "time_clock_open_day_index";`);
  }
}

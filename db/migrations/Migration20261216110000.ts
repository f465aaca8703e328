import { Migration } from "@mikro-orm/migrations";

/**
 * One employee's suggested clocks (corrections asked, decision 0113): the day's clocks have their unique index
 * `(employee_id, date) where suggested = false`, the suggestions had only one by creation time, so a query over
 * "every clock of this employee" (anonymisation, personal data, the delete check) read the whole table — 10.5 M rows,
 * 0.6 s, at 50,000 employees. Such queries now take the two kinds apart, each through its own index; this one is
 * small (suggestions are few and short-lived).
 */
export class Migration20261216110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "time_clock_suggested_employee_index" on "time_clock" ("employee_id", "date") where "suggested" = true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "time_clock_suggested_employee_index";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * A close freezes days, not weeks (issue 38, decision 0118): `payroll_paid_week` keeps, for each employee line of a
 * closed month and each week touching the month, the payroll figures of the week's share in that month as they were
 * paid (JSON, the figures of a regularisation). The weeks themselves are computed as usual after the close; what a
 * week's share of a closed month computes to now, less what was paid, less what rappels already carried, is the
 * rappel. `payroll_month.paid_weeks`: whether the close wrote them (false for a month closed before this migration:
 * its weeks were still frozen then, so the next run writes them from the stored weeks before computing any).
 * Reopening is the exception (issue 38 §3): `payroll_month.downloaded_at` (the month's file was downloaded since the
 * close), `payroll_month.version` (the close's number: a re-close writes version 2, 3…), `payroll_month_log.reason`.
 */
export class Migration20261217100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "payroll_paid_week" ("payroll_month_id" int not null, "employee_id" int not null, "monday" date not null, "figures" jsonb not null,
        constraint "payroll_paid_week_pkey" primary key ("payroll_month_id", "employee_id", "monday"));`,
    );
    this.addSql(`create index "payroll_paid_week_employee_id_monday_index" on "payroll_paid_week" ("employee_id", "monday");`);
    this.addSql(
      `alter table "payroll_paid_week" add constraint "payroll_paid_week_payroll_month_id_foreign" foreign key ("payroll_month_id") references "payroll_month" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "payroll_month" add column "paid_weeks" boolean not null default false;`);
    this.addSql(`alter table "payroll_month" add column "downloaded_at" timestamptz null, add column "version" int not null default 1;`);
    this.addSql(`alter table "payroll_month_log" add column "reason" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payroll_paid_week" cascade;`);
    this.addSql(`alter table "payroll_month" drop column "paid_weeks", drop column "downloaded_at", drop column "version";`);
    this.addSql(`alter table "payroll_month_log" drop column "reason";`);
  }
}

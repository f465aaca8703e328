import { Migration } from "@mikro-orm/migrations";

/**
 * A monthly close that really closes (issue 27, decision 0079):
 * - `payroll_month.layout`: the layout of the lines stored at the close (null: closed before snapshots existed, its
 *   lines are still computed live); `closed_by_name` and `payroll_month_log.actor_name`: who closed or reopened, as
 *   named then, so the audit log keeps the name when the account is gone;
 * - `payroll_month_line`: the lines of a closed month, each the serialised line object as the payroll file had it
 *   (employee id kept without a foreign key: the line outlives a deleted or moved employee); gone on reopening;
 * - `payroll_regularisation`: a week of a closed month that would now compute differently, carried to the next open
 *   month of the employee's subsidiary as a "rappel" (the difference per payroll figure).
 */
export class Migration20261203100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payroll_month" add column "layout" varchar(40) null, add column "closed_by_name" varchar(255) null;`);
    this.addSql(`alter table "payroll_month_log" add column "actor_name" varchar(255) null;`);

    this.addSql(
      `create table "payroll_month_line" ("id" serial primary key, "payroll_month_id" int not null, "position" int not null, "employee_id" int null, "line" jsonb not null);`,
    );
    this.addSql(
      `alter table "payroll_month_line" add constraint "payroll_month_line_payroll_month_id_position_unique" unique ("payroll_month_id", "position");`,
    );
    this.addSql(`create index "payroll_month_line_employee_id_index" on "payroll_month_line" ("employee_id");`);
    this.addSql(
      `alter table "payroll_month_line" add constraint "payroll_month_line_payroll_month_id_foreign" foreign key ("payroll_month_id") references "payroll_month" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "payroll_regularisation" ("id" serial primary key, "employee_id" int not null, "subsidiary_id" int not null, "month" date not null, "monday" date not null, "figures" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "payroll_regularisation" add constraint "payroll_regularisation_employee_id_monday_subsidiary_id_month_unique" unique ("employee_id", "monday", "subsidiary_id", "month");`,
    );
    this.addSql(`create index "payroll_regularisation_subsidiary_id_month_index" on "payroll_regularisation" ("subsidiary_id", "month");`);
    this.addSql(
      `alter table "payroll_regularisation" add constraint "payroll_regularisation_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "payroll_regularisation" add constraint "payroll_regularisation_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payroll_regularisation" cascade;`);
    this.addSql(`drop table if exists "payroll_month_line" cascade;`);
    this.addSql(`alter table "payroll_month_log" drop column "actor_name";`);
    this.addSql(`alter table "payroll_month" drop column "layout", drop column "closed_by_name";`);
  }
}

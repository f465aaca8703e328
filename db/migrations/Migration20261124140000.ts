import { Migration } from "@mikro-orm/migrations";

/**
 * Reports and payroll (issue 16, decisions 0045–0046):
 * - `report_export`: an Excel export above the row threshold, prepared by the worker; its requester, progress and
 *   file, kept 24 h;
 * - `payroll_month`: a month closed for payroll per subsidiary (who and when); a closed month refuses changes to
 *   its weeks;
 * - `payroll_month_log`: every close and reopen.
 */
export class Migration20261124140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "report_export" ("id" varchar(36) primary key, "user_id" int not null, "kind" varchar(20) not null, "params" jsonb not null, "status" varchar(12) not null default 'queued', "done_rows" int not null default 0, "total_rows" int not null default 0, "file_name" varchar(200) not null, "file_path" varchar(500) null, "error" text null, "created_at" timestamptz not null, "finished_at" timestamptz null, "expires_at" timestamptz not null);`);
    this.addSql(`create index "report_export_user_id_index" on "report_export" ("user_id");`);
    this.addSql(`create index "report_export_expires_at_index" on "report_export" ("expires_at");`);
    this.addSql(`alter table "report_export" add constraint "report_export_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "payroll_month" ("id" serial primary key, "subsidiary_id" int not null, "month" date not null, "closed_by_id" int null, "closed_at" timestamptz not null);`);
    this.addSql(`alter table "payroll_month" add constraint "payroll_month_subsidiary_id_month_unique" unique ("subsidiary_id", "month");`);
    this.addSql(`alter table "payroll_month" add constraint "payroll_month_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payroll_month" add constraint "payroll_month_closed_by_id_foreign" foreign key ("closed_by_id") references "employee" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "payroll_month_log" ("id" serial primary key, "subsidiary_id" int not null, "month" date not null, "action" varchar(10) not null, "actor_id" int null, "at" timestamptz not null);`);
    this.addSql(`create index "payroll_month_log_subsidiary_id_month_index" on "payroll_month_log" ("subsidiary_id", "month");`);
    this.addSql(`alter table "payroll_month_log" add constraint "payroll_month_log_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payroll_month_log" add constraint "payroll_month_log_actor_id_foreign" foreign key ("actor_id") references "employee" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payroll_month_log" cascade;`);
    this.addSql(`drop table if exists "payroll_month" cascade;`);
    this.addSql(`drop table if exists "report_export" cascade;`);
  }
}

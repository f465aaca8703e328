import { Migration } from "@mikro-orm/migrations";

/**
 * The employee import (decision 0098): an uploaded file's rows are kept, parsed, until the upload is confirmed
 * (nothing is written to the sheets before), then the run's progress and result. A preview left unconfirmed is
 * deleted by the nightly cleanup after a day; a finished import's rows are dropped, its counts kept for its result page.
 */
export class Migration20261208110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "employee_import" ("id" uuid primary key, "created_by_id" int not null, "file_name" varchar(200) not null, "state" varchar(10) not null default 'preview', "rows" jsonb not null, "welcome" boolean not null default false, "total" int not null, "done" int not null default 0, "result" jsonb null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "employee_import" add constraint "employee_import_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "employee_import_created_at_index" on "employee_import" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "employee_import" cascade;`);
  }
}

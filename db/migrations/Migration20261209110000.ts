import { Migration } from "@mikro-orm/migrations";

/**
 * Deputies (issue 32 §2, decision 0102):
 * - `deputy`: a manager names a deputy for a period (both ends included); one deputy at a time per manager (checked
 *   by the service under a lock of the manager's row). Read by the deputy's waiting list and counter:
 *   (deputy_id, starts_on, ends_on);
 * - `leave_step.on_behalf_of_id`: a decision taken by a deputy names the manager it was taken for ("par X pour Y").
 */
export class Migration20261209110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "deputy" ("id" serial primary key, "manager_id" int not null, "deputy_id" int not null, "starts_on" date not null, "ends_on" date not null, "created_at" timestamptz not null default now(), constraint "deputy_period_check" check ("starts_on" <= "ends_on"), constraint "deputy_not_self_check" check ("manager_id" <> "deputy_id"));`
    );
    this.addSql(`create index "deputy_deputy_id_period_index" on "deputy" ("deputy_id", "starts_on", "ends_on");`);
    this.addSql(`create index "deputy_manager_id_period_index" on "deputy" ("manager_id", "starts_on");`);
    this.addSql(
      `alter table "deputy" add constraint "deputy_manager_id_foreign" foreign key ("manager_id") references "employee" ("id") on update cascade on delete cascade;`
    );
    this.addSql(
      `alter table "deputy" add constraint "deputy_deputy_id_foreign" foreign key ("deputy_id") references "employee" ("id") on update cascade on delete cascade;`
    );
    this.addSql(`alter table "leave_step" add column "on_behalf_of_id" int null;`);
    this.addSql(
      `alter table "leave_step" add constraint "leave_step_on_behalf_of_id_foreign" foreign key ("on_behalf_of_id") references "employee" ("id") on update cascade on delete set null;`
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "leave_step" drop column "on_behalf_of_id";`);
    this.addSql(`drop table if exists "deputy" cascade;`);
  }
}

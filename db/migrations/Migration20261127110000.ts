import { Migration } from "@mikro-orm/migrations";

/**
 * The former contracts of an employee (decision 0070): when the weekly hours, the week type or the schedule change,
 * the terms in force until then are kept with `valid_until`, the Monday of the week the change applies from. The
 * overtime engine computes a week with the contract in force that week, so recomputing an old week (a correction, a
 * leave, a holiday added afterwards) no longer uses today's contract. No backfill: without a row, the sheet's
 * current contract applies, as before.
 */
export class Migration20261127110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "contract_history" ("id" serial primary key, "employee_id" int not null, "valid_until" date not null, "number_of_hours_per_week" numeric(6,2) null, "week_type" varchar(20) not null default 'unique_week', "weeks" jsonb not null default '[]', "created_at" timestamptz not null, "created_by_id" int null);`,
    );
    this.addSql(`alter table "contract_history" add constraint "contract_history_employee_id_valid_until_unique" unique ("employee_id", "valid_until");`);
    this.addSql(
      `alter table "contract_history" add constraint "contract_history_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "contract_history" add constraint "contract_history_created_by_id_foreign" foreign key ("created_by_id") references "employee" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contract_history" cascade;`);
  }
}

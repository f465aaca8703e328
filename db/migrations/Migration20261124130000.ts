import { Migration } from "@mikro-orm/migrations";

/**
 * Calendar feeds (DESIGN §9, issue 15): a person's private iCalendar feeds. `scope` is "own" (their planning) or
 * "scope" (a manager's: the employees they manage); one feed of each per person. Only the SHA-256 of the random
 * token is stored; renewing replaces it, revoking deletes the row.
 */
export class Migration20261124130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "calendar_feed" ("id" serial primary key, "employee_id" int not null, "scope" varchar(10) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_employee_id_scope_unique" unique ("employee_id", "scope");`);
    this.addSql(
      `alter table "calendar_feed" add constraint "calendar_feed_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "calendar_feed" cascade;`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * Why a leave was refused (issue 28 item 3): an optional reason of at most 500 characters, written by the manager who
 * refuses, shown to the employee on the leave's detail page and in the decision mail. Null for every other leave.
 */
export class Migration20261204100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "leave" add column "refusal_reason" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "leave" drop column if exists "refusal_reason";`);
  }
}

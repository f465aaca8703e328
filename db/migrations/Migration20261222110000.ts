import { Migration } from "@mikro-orm/migrations";

/**
 * A clock entry typed at a shop-floor terminal names it (issue 46 item 3, decision 0136): `time_log.terminal_id`
 * (null: the personal badging, the /api, a correction). The entry's author stays `created_by_id`, the employee.
 */
export class Migration20261222110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "time_log" add column "terminal_id" int null references "terminal" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "time_log" drop column "terminal_id";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * A deduction can be removed (decision 0069): it stays in the table with who removed it and when, and every read of
 * the balance skips it. The index keeps its key; the removed rows are few.
 */
export class Migration20261127100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "deduction" add column "removed_at" timestamptz null, add column "removed_by_id" int null;`);
    this.addSql(
      `alter table "deduction" add constraint "deduction_removed_by_id_foreign" foreign key ("removed_by_id") references "employee" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "deduction" drop constraint if exists "deduction_removed_by_id_foreign";`);
    this.addSql(`alter table "deduction" drop column if exists "removed_by_id", drop column if exists "removed_at";`);
  }
}

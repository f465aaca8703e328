import { Migration } from "@mikro-orm/migrations";

/**
 * Dirty version of stored overtime weeks (decision 0053): every mark bumps it; a computation clears the mark only
 * where the version is still the one it read (compare-and-set), so a mark committed while it was reading survives.
 */
export class Migration20261124170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "overtime_week" add column "dirty_version" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "overtime_week" drop column if exists "dirty_version";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * The split of an accepted paid leave between last year's and this year's counters is kept to the hundredth, like
 * the counters themselves (monthly accruals of 2.08 days), so a removal gives back exactly what was charged.
 */
export class Migration20261121220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "leave" alter column "days_from_last_year" type numeric(6,2);`);
    this.addSql(`alter table "leave" alter column "days_from_this_year" type numeric(6,2);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "leave" alter column "days_from_last_year" type numeric(6,1);`);
    this.addSql(`alter table "leave" alter column "days_from_this_year" type numeric(6,1);`);
  }
}

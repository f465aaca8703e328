import { Migration } from "@mikro-orm/migrations";

/**
 * Subsidiary holidays (spec 1 §2, decision 0031): a holiday row belongs either to a country (its public holidays)
 * or to a subsidiary (a local holiday its employees get in addition to their country's). One table, so every
 * reader finds an employee's holidays in one scan (`country_id = … or subsidiary_id = …`), and the readers that
 * only ask for a country's holidays keep working unchanged: a subsidiary's row has no country.
 */
export class Migration20261124100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "holiday" alter column "country_id" drop not null;`);
    this.addSql(`alter table "holiday" add column "subsidiary_id" int null;`);
    this.addSql(`alter table "holiday" add constraint "holiday_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade on delete cascade;`);
    // Also the index of the readers' `subsidiary_id = ? and date between ? and ?`.
    this.addSql(`alter table "holiday" add constraint "holiday_subsidiary_id_date_unique" unique ("subsidiary_id", "date");`);
    this.addSql(`alter table "holiday" add constraint "holiday_one_owner_check" check (("country_id" is null) <> ("subsidiary_id" is null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "holiday" where "subsidiary_id" is not null;`);
    this.addSql(`alter table "holiday" drop constraint if exists "holiday_one_owner_check";`);
    this.addSql(`alter table "holiday" drop constraint if exists "holiday_subsidiary_id_date_unique";`);
    this.addSql(`alter table "holiday" drop constraint if exists "holiday_subsidiary_id_foreign";`);
    this.addSql(`alter table "holiday" drop column if exists "subsidiary_id";`);
    this.addSql(`alter table "holiday" alter column "country_id" set not null;`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * Computed public holidays (decision 0097): a country (its national calendar) or a subsidiary (Alsace-Moselle's
 * extras) may follow a calendar Cadran computes; the worker adds next year's days of each one every 1 December.
 * `holiday_calendar_run` keeps one row per calendar and year: the first run records what it added, a second run of
 * the same year finds the row and adds nothing (idempotent), and the settings page lists them.
 */
export class Migration20261208100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "holiday_calendar" ("id" serial primary key, "country_id" int null, "subsidiary_id" int null, "calendar" varchar(40) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "holiday_calendar" add constraint "holiday_calendar_one_owner_check" check (("country_id" is null) <> ("subsidiary_id" is null));`);
    this.addSql(`create unique index "holiday_calendar_country_unique" on "holiday_calendar" ("country_id") where "country_id" is not null;`);
    this.addSql(`create unique index "holiday_calendar_subsidiary_unique" on "holiday_calendar" ("subsidiary_id") where "subsidiary_id" is not null;`);
    this.addSql(
      `alter table "holiday_calendar" add constraint "holiday_calendar_country_id_foreign" foreign key ("country_id") references "country" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "holiday_calendar" add constraint "holiday_calendar_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "holiday_calendar_run" ("calendar_id" int not null, "year" int not null, "added" int not null, "ran_at" timestamptz not null default now(), primary key ("calendar_id", "year"));`,
    );
    this.addSql(
      `alter table "holiday_calendar_run" add constraint "holiday_calendar_run_calendar_id_foreign" foreign key ("calendar_id") references "holiday_calendar" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "holiday_calendar_run" cascade;`);
    this.addSql(`drop table if exists "holiday_calendar" cascade;`);
  }
}

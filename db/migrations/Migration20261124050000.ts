import { Migration } from "@mikro-orm/migrations";

/**
 * The overtime engine's tables (DESIGN §8, decisions 0028–0030):
 * - `overtime_policy`: a row per country and effective-from date (the policy is data);
 * - `overtime_week`: the engine's result per employee and ISO week, written by upsert, with its dirty flag.
 *
 * Every existing country gets its default row from 2000-01-01 (before any data): Portugal's daily bands for a
 * country named Portugal, France's weekly bands for the others. The country's own four percentages and band columns
 * are kept when they are valid (paid + recovery = 100, the initiatives = 100, band rates of at least 10 %), so the
 * computation starts from what the company already set. The values are written out here, not imported from the
 * domain, so this migration does the same thing whatever the defaults become later.
 */
export class Migration20261124050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "overtime_policy" ("id" serial primary key, "country_id" int not null, "effective_from" date not null, "mode" varchar(10) not null default 'weekly', "legal_week_hours" numeric(5,2) not null default 35, "bands" jsonb not null, "rest_day_rate" numeric(5,2) null, "enhanced_from_hours" numeric(7,2) null, "enhanced_bands" jsonb not null, "enhanced_rest_day_rate" numeric(5,2) null, "complementary" jsonb null, "counted_absences" jsonb not null, "holidays_count_as_work" boolean not null default false, "holiday_rate" numeric(5,2) not null default 0, "holiday_rates" jsonb not null, "sunday_rate" numeric(5,2) not null default 0, "annual_quota_hours" numeric(7,2) not null default 220, "small_company_quota_hours" numeric(7,2) null, "small_company_max_employees" int not null default 20, "mandatory_rest_small_percent" numeric(5,2) not null default 50, "mandatory_rest_large_percent" numeric(5,2) not null default 100, "quota_counts" varchar(10) not null default 'paid', "paid" numeric(5,2) not null default 100, "in_recuperation" numeric(5,2) not null default 0, "employee_initiated_recuperation" numeric(5,2) not null default 50, "employer_initiated_recuperation" numeric(5,2) not null default 50, "created_at" timestamptz not null);`);
    this.addSql(`alter table "overtime_policy" add constraint "overtime_policy_country_id_effective_from_unique" unique ("country_id", "effective_from");`);
    this.addSql(`alter table "overtime_policy" add constraint "overtime_policy_country_id_foreign" foreign key ("country_id") references "country" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "overtime_week" ("id" serial primary key, "employee_id" int not null, "iso_year" smallint not null, "iso_week" smallint not null, "monday" date not null, "policy_id" int null, "mode" varchar(10) not null default 'weekly', "contract_seconds" int not null default 0, "worked_seconds" int not null default 0, "counted_seconds" int not null default 0, "normal_seconds" int not null default 0, "extra_seconds" int not null default 0, "undertime_seconds" int not null default 0, "overtime_seconds" int not null default 0, "complementary_seconds" int not null default 0, "paid_seconds" int not null default 0, "recovery_seconds" int not null default 0, "recovery_earned_seconds" int not null default 0, "premium_seconds" int not null default 0, "quota_before_seconds" int not null default 0, "quota_week_seconds" int not null default 0, "quota_after_seconds" int not null default 0, "mandatory_rest_seconds" int not null default 0, "anomaly_count" int not null default 0, "bands" jsonb not null, "explanation" jsonb not null, "checksum" varchar(64) null, "provisional" boolean not null default true, "credited" boolean not null default false, "credited_seconds" int not null default 0, "credited_at" timestamptz null, "dirty" boolean not null default true, "dirty_at" timestamptz null, "computed_at" timestamptz null);`);
    this.addSql(`create index "overtime_week_policy_id_index" on "overtime_week" ("policy_id");`);
    this.addSql(`create index "overtime_week_iso_year_iso_week_index" on "overtime_week" ("iso_year", "iso_week");`);
    this.addSql(`create index overtime_week_dirty_index on overtime_week (monday) where dirty;`);
    this.addSql(`alter table "overtime_week" add constraint "overtime_week_employee_id_iso_year_iso_week_unique" unique ("employee_id", "iso_year", "iso_week");`);
    this.addSql(`alter table "overtime_week" add constraint "overtime_week_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "overtime_week" add constraint "overtime_week_policy_id_foreign" foreign key ("policy_id") references "overtime_policy" ("id") on update cascade on delete set null;`);

    // Portugal: Código do Trabalho art. 268 (Lei 13/2023), decision 0029.
    this.addSql(`insert into "overtime_policy" ("country_id", "effective_from", "mode", "legal_week_hours", "bands", "rest_day_rate",
        "enhanced_from_hours", "enhanced_bands", "enhanced_rest_day_rate", "complementary", "counted_absences", "holidays_count_as_work",
        "holiday_rate", "holiday_rates", "sunday_rate", "annual_quota_hours", "small_company_quota_hours", "small_company_max_employees",
        "mandatory_rest_small_percent", "mandatory_rest_large_percent", "quota_counts", "paid", "in_recuperation",
        "employee_initiated_recuperation", "employer_initiated_recuperation", "created_at")
      select c.id, date '2000-01-01', 'daily', 40, '[{"fromRank":1,"rate":25},{"fromRank":2,"rate":37.5}]'::jsonb, 50,
        100, '[{"fromRank":1,"rate":50},{"fromRank":2,"rate":75}]'::jsonb, 100, null, '[]'::jsonb, false,
        0, '[]'::jsonb, 0, 150, 175, 49,
        0, 0, 'all',
        case when c.overtime_paid + c.overtime_in_recuperation = 100 then c.overtime_paid else 100 end,
        case when c.overtime_paid + c.overtime_in_recuperation = 100 then c.overtime_in_recuperation else 0 end,
        case when c.employee_initiated_recuperation + c.employer_initiated_recuperation = 100 then c.employee_initiated_recuperation else 50 end,
        case when c.employee_initiated_recuperation + c.employer_initiated_recuperation = 100 then c.employer_initiated_recuperation else 50 end,
        now()
      from "country" c where lower(trim(c.name)) = 'portugal';`);

    // France, and the default of every other country: DESIGN §8 steps 1-8.
    this.addSql(`insert into "overtime_policy" ("country_id", "effective_from", "mode", "legal_week_hours", "bands", "rest_day_rate",
        "enhanced_from_hours", "enhanced_bands", "enhanced_rest_day_rate", "complementary", "counted_absences", "holidays_count_as_work",
        "holiday_rate", "holiday_rates", "sunday_rate", "annual_quota_hours", "small_company_quota_hours", "small_company_max_employees",
        "mandatory_rest_small_percent", "mandatory_rest_large_percent", "quota_counts", "paid", "in_recuperation",
        "employee_initiated_recuperation", "employer_initiated_recuperation", "created_at")
      select c.id, date '2000-01-01', 'weekly', 35,
        case when c.overtime_first_band_rate between 10 and 400 and c.overtime_second_band_rate between 10 and 400
                  and c.overtime_first_band_hours between 1 and 167
             then jsonb_build_array(jsonb_build_object('fromRank', 1, 'rate', c.overtime_first_band_rate),
                                    jsonb_build_object('fromRank', c.overtime_first_band_hours + 1, 'rate', c.overtime_second_band_rate))
             else '[{"fromRank":1,"rate":25},{"fromRank":9,"rate":50}]'::jsonb end,
        null, null, '[]'::jsonb, null, '{"firstBandDivisor":10,"firstRate":10,"secondRate":25,"capDivisor":3}'::jsonb,
        '["PAID_LEAVE"]'::jsonb, false,
        0, '[{"monthDay":"05-01","rate":100}]'::jsonb, 0, 220, null, 20,
        50, 100, 'paid',
        case when c.overtime_paid + c.overtime_in_recuperation = 100 then c.overtime_paid else 100 end,
        case when c.overtime_paid + c.overtime_in_recuperation = 100 then c.overtime_in_recuperation else 0 end,
        case when c.employee_initiated_recuperation + c.employer_initiated_recuperation = 100 then c.employee_initiated_recuperation else 50 end,
        case when c.employee_initiated_recuperation + c.employer_initiated_recuperation = 100 then c.employer_initiated_recuperation else 50 end,
        now()
      from "country" c where lower(trim(c.name)) <> 'portugal';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "overtime_week" cascade;`);
    this.addSql(`drop table if exists "overtime_policy" cascade;`);
  }
}

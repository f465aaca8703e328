import { Migration } from "@mikro-orm/migrations";

/**
 * Shipped defaults that say what they assume (issue 25 §4, decision 0073), applied to the rows the app shipped on
 * 2000-01-01 (rows a user saved on another date are left alone):
 * - heures complémentaires capped at 1/10 of the contract (L3123-28), not 1/3 (which needs an agreement);
 * - France's "paid-leave days count toward the weekly threshold" takes effect on 2025-09-10 (Cass. soc.
 *   n° 23-14.455): the 2000 row stops counting paid leave and a copy from 2025-09-10 counts it.
 * The weeks from 2025-09-10 on are unchanged; older weeks change when recomputed.
 */
export class Migration20261201100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "overtime_policy" set "complementary" = jsonb_set("complementary", '{capDivisor}', '10')
        where "effective_from" = '2000-01-01' and "complementary" is not null and ("complementary"->>'capDivisor')::int = 3;`,
    );
    this.addSql(
      `insert into "overtime_policy" ("country_id", "effective_from", "mode", "legal_week_hours", "bands", "rest_day_rate", "enhanced_from_hours",
              "enhanced_bands", "enhanced_rest_day_rate", "complementary", "counted_absences", "holidays_count_as_work", "holiday_rate", "holiday_rates",
              "sunday_rate", "annual_quota_hours", "small_company_quota_hours", "small_company_max_employees", "mandatory_rest_small_percent",
              "mandatory_rest_large_percent", "quota_counts", "paid", "in_recuperation", "employee_initiated_recuperation", "employer_initiated_recuperation", "created_at")
       select "country_id", date '2025-09-10', "mode", "legal_week_hours", "bands", "rest_day_rate", "enhanced_from_hours",
              "enhanced_bands", "enhanced_rest_day_rate", "complementary", "counted_absences", "holidays_count_as_work", "holiday_rate", "holiday_rates",
              "sunday_rate", "annual_quota_hours", "small_company_quota_hours", "small_company_max_employees", "mandatory_rest_small_percent",
              "mandatory_rest_large_percent", "quota_counts", "paid", "in_recuperation", "employee_initiated_recuperation", "employer_initiated_recuperation", now()
         from "overtime_policy" p
        where p."effective_from" = '2000-01-01' and p."counted_absences" ? 'PAID_LEAVE'
          and not exists (select 1 from "overtime_policy" q where q."country_id" = p."country_id" and q."effective_from" > '2000-01-01')
       on conflict ("country_id", "effective_from") do nothing;`,
    );
    this.addSql(
      `update "overtime_policy" p set "counted_absences" = p."counted_absences" - 'PAID_LEAVE'
        where p."effective_from" = '2000-01-01' and p."counted_absences" ? 'PAID_LEAVE'
          and exists (select 1 from "overtime_policy" q where q."country_id" = p."country_id" and q."effective_from" = '2025-09-10');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `update "overtime_policy" p set "counted_absences" = p."counted_absences" || '["PAID_LEAVE"]'::jsonb
        where p."effective_from" = '2000-01-01' and not p."counted_absences" ? 'PAID_LEAVE'
          and exists (select 1 from "overtime_policy" q where q."country_id" = p."country_id" and q."effective_from" = '2025-09-10');`,
    );
    this.addSql(`delete from "overtime_policy" where "effective_from" = '2025-09-10';`);
    this.addSql(
      `update "overtime_policy" set "complementary" = jsonb_set("complementary", '{capDivisor}', '3')
        where "effective_from" = '2000-01-01' and "complementary" is not null and ("complementary"->>'capDivisor')::int = 10;`,
    );
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * The date from which the counted absences count, as a setting of the country's policy (issue 40, decision 0126):
 * `overtime_policy.counted_absences_from` (null: always). France's shipped pair of decision 0073 (a 2000-01-01 row
 * without paid leave and its copy from 2025-09-10 with it) becomes its one 2000 row counting paid leave from
 * 2025-09-10, when the two rows differ in nothing else: every week computes the same, and the stored weeks of the
 * 2025 row point at the 2000 row. Rows a user changed are left as they are.
 */
/** The merge of the shipped pair, statement by statement (exported for its test). */
export const MERGE_SHIPPED_PAIR_SQL: string[] = [
  `create temporary table "policy_pair" as
      select a."id" as old_id, b."id" as new_id, b."counted_absences" as counted
        from "overtime_policy" a join "overtime_policy" b on b."country_id" = a."country_id" and b."effective_from" = '2025-09-10'
       where a."effective_from" = '2000-01-01' and b."counted_absences" ? 'PAID_LEAVE' and not a."counted_absences" ? 'PAID_LEAVE'
         and to_jsonb(a) - array['id', 'effective_from', 'created_at', 'counted_absences'] = to_jsonb(b) - array['id', 'effective_from', 'created_at', 'counted_absences']
         and not exists (select 1 from "overtime_policy" c where c."country_id" = a."country_id" and c."effective_from" > '2000-01-01' and c."id" <> b."id");`,
  `update "overtime_policy" p set "counted_absences" = pp.counted, "counted_absences_from" = date '2025-09-10' from "policy_pair" pp where p."id" = pp.old_id;`,
  `update "overtime_week" w set "policy_id" = pp.old_id from "policy_pair" pp where w."policy_id" = pp.new_id;`,
  `delete from "overtime_policy" p using "policy_pair" pp where p."id" = pp.new_id;`,
  `drop table "policy_pair";`,
  `update "overtime_policy" set "counted_absences_from" = date '2025-09-10' where "effective_from" = '2025-09-10' and "counted_absences" ? 'PAID_LEAVE';`,
];

export class Migration20261221110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "overtime_policy" add column "counted_absences_from" date null;`);
    for (const sql of MERGE_SHIPPED_PAIR_SQL) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "overtime_policy" drop column "counted_absences_from";`);
  }
}

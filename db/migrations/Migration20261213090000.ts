import { Migration } from "@mikro-orm/migrations";

/**
 * The change history (issue 32 §3, decisions 0106/0107) lives in `audit_log` (append-only since 0101):
 * - `subsidiary_id`: entries about a subsidiary rather than one person (a month closed or reopened, a policy
 *   changed) carry it with `employee_id` null, so an employee's tab also shows what changed around them;
 * - `kind`: the part of `action` before the dot (sheet, leave, correction, deduction, policy, close, personal), the
 *   tab's filter, with the index it reads by: (employee_id, kind, at) and (subsidiary_id, at) for the shared rows.
 */
export class Migration20261213090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "audit_log" add column "subsidiary_id" int null;`);
    this.addSql(`alter table "audit_log" add column "kind" varchar(20) not null default 'personal';`);
    // The append-only trigger's one exception (the actor's sheet deleted) now also checks the two new columns.
    this.addSql(`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.actor_id is not null and new.actor_id is null
           and row(old.id, old.at, old.action, old.employee_id, old.details, old.kind, old.subsidiary_id)
               is not distinct from row(new.id, new.at, new.action, new.employee_id, new.details, new.kind, new.subsidiary_id) then
          return new;
        end if;
        raise exception 'audit_log is append-only';
      end $$;`);
    this.addSql(`create index "audit_log_employee_id_kind_at_index" on "audit_log" ("employee_id", "kind", "at");`);
    this.addSql(`create index "audit_log_subsidiary_id_at_index" on "audit_log" ("subsidiary_id", "at") where "employee_id" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "audit_log_subsidiary_id_at_index";`);
    this.addSql(`drop index if exists "audit_log_employee_id_kind_at_index";`);
    this.addSql(`alter table "audit_log" drop column "kind";`);
    this.addSql(`alter table "audit_log" drop column "subsidiary_id";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * Personal data (issue 32 §4, decision 0101):
 * - `employee.anonymised_at`: when HR anonymised this archived employee (null: never);
 * - `audit_log`: an append-only journal of sensitive actions (first: the anonymisation). The subject employee is kept
 *   without a foreign key (the row outlives them); the actor's name is read through `actor_id`, so an anonymised
 *   actor shows under their anonymous label. A trigger refuses any update or delete of a row.
 */
export class Migration20261209100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "employee" add column "anonymised_at" timestamptz null;`);
    this.addSql(
      `create table "audit_log" ("id" bigserial primary key, "at" timestamptz not null default now(), "actor_id" int null, "action" varchar(40) not null, "employee_id" int null, "details" jsonb not null default '{}');`
    );
    this.addSql(`create index "audit_log_employee_id_at_index" on "audit_log" ("employee_id", "at");`);
    this.addSql(`create index "audit_log_actor_id_index" on "audit_log" ("actor_id");`);
    this.addSql(
      `alter table "audit_log" add constraint "audit_log_actor_id_foreign" foreign key ("actor_id") references "employee" ("id") on update cascade on delete set null;`
    );
    this.addSql(`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.actor_id is not null and new.actor_id is null
           and row(old.id, old.at, old.action, old.employee_id, old.details) is not distinct from row(new.id, new.at, new.action, new.employee_id, new.details) then
          return new; -- the actor's sheet was deleted (foreign key "set null"): the entry stays
        end if;
        raise exception 'audit_log is append-only';
      end $$;`);
    this.addSql(
      `create trigger "audit_log_append_only" before update or delete on "audit_log" for each row execute function audit_log_append_only();`
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
    this.addSql(`drop function if exists audit_log_append_only();`);
    this.addSql(`alter table "employee" drop column "anonymised_at";`);
  }
}

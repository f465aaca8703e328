import { Migration } from "@mikro-orm/migrations";

/**
 * The change history and anonymisation (decision 0106): `audit_log` stays append-only, with one more narrow exception
 * for the anonymisation (decision 0101), which must erase the names and free texts an entry may hold (a sheet's
 * lastname old -> new, a refusal reason). An UPDATE passes only inside a transaction that ran
 * `set local cadran.redact = 'on'`, and only when nothing but `details` changes. A DELETE never passes.
 * The first exception (the actor's sheet deleted: foreign key "set null") is kept as it was.
 */
export class Migration20261213100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.actor_id is not null and new.actor_id is null
           and row(old.id, old.at, old.action, old.employee_id, old.details, old.kind, old.subsidiary_id)
               is not distinct from row(new.id, new.at, new.action, new.employee_id, new.details, new.kind, new.subsidiary_id) then
          return new; -- the actor's sheet was deleted: the entry stays
        end if;
        if tg_op = 'UPDATE' and coalesce(current_setting('cadran.redact', true), '') = 'on'
           and row(old.id, old.at, old.action, old.employee_id, old.actor_id, old.kind, old.subsidiary_id)
               is not distinct from row(new.id, new.at, new.action, new.employee_id, new.actor_id, new.kind, new.subsidiary_id) then
          return new; -- the anonymisation erases personal values in details (decision 0106)
        end if;
        raise exception 'audit_log is append-only';
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.actor_id is not null and new.actor_id is null
           and row(old.id, old.at, old.action, old.employee_id, old.details, old.kind, old.subsidiary_id)
               is not distinct from row(new.id, new.at, new.action, new.employee_id, new.details, new.kind, new.subsidiary_id) then
          return new;
        end if;
        raise exception 'audit_log is append-only';
      end $$;`);
  }
}

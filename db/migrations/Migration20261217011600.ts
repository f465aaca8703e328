import { Migration } from "@mikro-orm/migrations";

/**
 * Imports that cannot hurt (decision 0116): the lines HR ticked on the preview (`accepted`: identity changes and
 * matricules of another subsidiary are written only when ticked), and the instant a confirmation last moved
 * (`heartbeat_at`): a run whose heartbeat is older than ten minutes was left by a process that died, and the worker
 * fails it so it can be confirmed again. The index serves the cleanup of expired previews and that sweep.
 */
export class Migration20261217011600 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "employee_import" add column "accepted" jsonb not null default '[]', add column "heartbeat_at" timestamptz null;`);
    this.addSql(`create index "employee_import_state_index" on "employee_import" ("state", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "employee_import_state_index";`);
    this.addSql(`alter table "employee_import" drop column "accepted", drop column "heartbeat_at";`);
  }
}

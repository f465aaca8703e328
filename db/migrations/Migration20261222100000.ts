import { Migration } from "@mikro-orm/migrations";

/**
 * The shop-floor clocking terminal (issue 46, decision 0136):
 * - `terminal`: a shared device of one subsidiary. Management registers it (name, place) and gets a one-time enrolment
 *   link (`enrol_token_hash`, SHA-256 of 32 random bytes, until `enrol_expires_at`, cleared once used); enrolling stores
 *   the SHA-256 of the device secret kept in the device's cookie (`secret_hash`). `revoked_at` ends it for good;
 *   `paused_at` stops it after too many wrong codes until management resumes it; `failures` / `failures_since` count
 *   the wrong codes of the current window.
 * - `employee.terminal_code_hash` (argon2, like a password), `terminal_code_set_at`, `terminal_code_failures` and
 *   `terminal_code_failures_since`: the personal code typed at a terminal and its per-person throttle.
 */
export class Migration20261222100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "terminal" (
      "id" serial primary key,
      "subsidiary_id" int not null references "subsidiary" ("id") on update cascade on delete cascade,
      "name" varchar(100) not null,
      "place" varchar(100) not null default '',
      "enrol_token_hash" varchar(64) null unique,
      "enrol_expires_at" timestamptz null,
      "secret_hash" varchar(64) null unique,
      "created_at" timestamptz not null,
      "created_by_id" int null references "employee" ("id") on update cascade on delete set null,
      "enrolled_at" timestamptz null,
      "last_used_at" timestamptz null,
      "revoked_at" timestamptz null,
      "paused_at" timestamptz null,
      "failures" int not null default 0,
      "failures_since" timestamptz null);`);
    this.addSql(`create index "terminal_subsidiary_id_index" on "terminal" ("subsidiary_id");`);
    this.addSql(`alter table "employee" add column "terminal_code_hash" varchar(255) null, add column "terminal_code_set_at" timestamptz null,
                   add column "terminal_code_failures" int not null default 0, add column "terminal_code_failures_since" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "employee" drop column "terminal_code_hash", drop column "terminal_code_set_at",
                   drop column "terminal_code_failures", drop column "terminal_code_failures_since";`);
    this.addSql(`drop table "terminal";`);
  }
}

import { Migration } from "@mikro-orm/migrations";

/**
 * The outbox (decision 0092): PostgreSQL is the source of truth for work to do. `job_outbox` holds one row per job,
 * written in the transaction of the change that needs it and relayed to BullMQ by the worker (jobId `outbox-<id>`,
 * so a relay repeated after a crash never doubles a job); the row stays until the job has run (`done_at`), so a
 * Redis that loses its data gets the job again. `outgoing_mail` holds one row per mail and recipient, sent by its own
 * job (`mail.send`): a retried job never sends a mail twice, a refused recipient never holds the others back.
 */
export class Migration20261207100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "job_outbox" ("id" bigserial primary key, "name" varchar(64) not null, "payload" jsonb not null, "created_at" timestamptz not null default now(), "relayed_at" timestamptz null, "done_at" timestamptz null, "failed" boolean not null default false, "error" text null);`,
    );
    this.addSql(`create index "job_outbox_open_idx" on "job_outbox" ("id") where "done_at" is null;`);
    this.addSql(`create index "job_outbox_done_at_idx" on "job_outbox" ("done_at") where "done_at" is not null;`);
    this.addSql(
      `create table "outgoing_mail" ("id" bigserial primary key, "key" varchar(255) not null, "to_address" varchar(320) not null, "subject" text not null, "body" text not null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, "failed_at" timestamptz null, "attempts" int not null default 0, "error" text null);`,
    );
    this.addSql(`alter table "outgoing_mail" add constraint "outgoing_mail_key_unique" unique ("key");`);
    this.addSql(`create index "outgoing_mail_created_at_idx" on "outgoing_mail" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "outgoing_mail" cascade;`);
    this.addSql(`drop table if exists "job_outbox" cascade;`);
  }
}

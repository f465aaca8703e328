import { Migration } from "@mikro-orm/migrations";

/**
 * A large export's file in PostgreSQL (decision 0096): the worker writes it in 1 MB chunks, the web streams them back
 * in order. PostgreSQL and Redis are the only state web and worker share, so a download works whatever host wrote it;
 * the chunks go with their export (24 h, `on delete cascade`).
 */
export class Migration20261207110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "report_export_chunk" ("export_id" varchar(36) not null, "seq" int not null, "data" bytea not null, constraint "report_export_chunk_pkey" primary key ("export_id", "seq"));`,
    );
    this.addSql(
      `alter table "report_export_chunk" add constraint "report_export_chunk_export_id_foreign" foreign key ("export_id") references "report_export" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "report_export_chunk" cascade;`);
  }
}

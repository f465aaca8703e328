import { Migration } from "@mikro-orm/migrations";

/**
 * Avatars by an unguessable key (issue 30, decision 0091): `/avatars/{public_key}` instead of the sequential user id,
 * so nobody reads another person's picture by counting. A new key at every upload (the old address dies with the old
 * picture). Existing avatars get a random key (two UUIDs v4: 244 random bits).
 */
export class Migration20261206100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "avatar" add column "public_key" varchar(64) null;`);
    this.addSql(`update "avatar" set "public_key" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');`);
    this.addSql(`alter table "avatar" alter column "public_key" set not null;`);
    this.addSql(`alter table "avatar" add constraint "avatar_public_key_unique" unique ("public_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "avatar" drop constraint if exists "avatar_public_key_unique";`);
    this.addSql(`alter table "avatar" drop column if exists "public_key";`);
  }
}

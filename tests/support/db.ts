import { MikroORM, type EntityManager } from "@mikro-orm/postgresql";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { ormConfig } from "~db/mikro-orm.config";
import { resetEnvCache } from "~/server/shared/env.server";
import { closeOrm, setOrm } from "~/server/shared/orm.server";

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  orm: MikroORM;
  em: () => EntityManager;
  sql: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * A fresh database for this test file, cloned from the migrated template, installed as the app's ORM
 * (and as DATABASE_URL), dropped afterwards. Use at the top of a file: `const db = useTestDatabase();`.
 */
export function useTestDatabase(): TestDatabase {
  const name = `cadran_t_${randomBytes(5).toString("hex")}`;
  const adminUrl = inject("adminDatabaseUrl");
  const url = withDatabase(adminUrl, name);
  const handle = {} as TestDatabase;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject("templateDatabase")}"`);
    await admin.end();
    process.env.DATABASE_URL = url;
    process.env.NODE_ENV = "test";
    resetEnvCache();
    const orm = await MikroORM.init(ormConfig(url, { poolMax: 5 }));
    setOrm(orm);
    handle.url = url;
    handle.orm = orm;
    handle.em = () => orm.em.fork();
    handle.sql = async <T,>(text: string, params: unknown[] = []) =>
      (await orm.em.getConnection().execute(text, params)) as T[];
  });
  afterAll(async () => {
    await closeOrm();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  return handle;
}

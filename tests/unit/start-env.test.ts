import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEnvironment } from "../../scripts/lib/start-env";

type Env = Record<string, string | undefined>;

/** `npm start` runs in production mode with what production needs filled in for a local machine. */
describe("startEnvironment", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cadran-start-"));
    dirs.push(dir);
    return path.join(dir, ".data");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["nothing set, http APP_URL", {}, { NODE_ENV: "production", COOKIE_SECURE: "0" }],
    ["https APP_URL", { APP_URL: "https://cadran.example" }, { NODE_ENV: "production", COOKIE_SECURE: "1" }],
    ["http APP_URL", { APP_URL: "http://192.168.1.20:3000" }, { NODE_ENV: "production", COOKIE_SECURE: "0" }],
    ["an explicit cookie flag wins", { COOKIE_SECURE: "1" }, { NODE_ENV: "production", COOKIE_SECURE: "1" }],
    ["an explicit secret wins", { SESSION_SECRET: "s".repeat(40) }, { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }],
    ["development asked for explicitly: left alone", { NODE_ENV: "development" }, { NODE_ENV: "development", COOKIE_SECURE: undefined, SESSION_SECRET: undefined }],
  ] as [string, Env, Record<string, string | undefined>][])("%s", (_name, given, expected) => {
    const env: Env = { ...given };
    startEnvironment(env, tempDir());
    for (const [key, value] of Object.entries(expected)) expect([key, env[key]]).toEqual([key, value]);
  });

  it("creates a private random secret once and keeps it across starts", () => {
    const dir = tempDir();
    const first: Env = {};
    startEnvironment(first, dir);
    expect(first.SESSION_SECRET!.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.SESSION_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second: Env = {};
    startEnvironment(second, dir);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    const elsewhere: Env = {};
    startEnvironment(elsewhere, tempDir());
    expect(elsewhere.SESSION_SECRET).not.toBe(first.SESSION_SECRET);
  });
});

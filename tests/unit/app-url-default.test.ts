import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "~/server/shared/env.server";

/** Issue 28 item 10: with PORT=3905 and no APP_URL, every mail linked to port 3000. */
describe("APP_URL", () => {
  const saved = { PORT: process.env.PORT, APP_URL: process.env.APP_URL };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });

  it.each<[string, { PORT?: string; APP_URL?: string }, string]>([
    ["defaults to the port the app listens on", { PORT: "3905" }, "http://localhost:3905"],
    ["defaults to 3000 without PORT", {}, "http://localhost:3000"],
    ["is kept when set", { PORT: "3905", APP_URL: "https://cadran.example" }, "https://cadran.example"],
  ])("%s", (_name, vars, expected) => {
    delete process.env.PORT;
    delete process.env.APP_URL;
    Object.assign(process.env, vars);
    resetEnvCache();
    expect(env().APP_URL).toBe(expected);
  });
});

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createApp, loadBuild } from "../../scripts/lib/app";
import { resetEnvCache } from "~/server/shared/env.server";
import { TEST_PASSWORD } from "./factories";

/**
 * The real HTTP stack (Express + the built Remix app) on a random port, against this file's test database.
 * Requires `remix build` first (npm test does it).
 */
export function useTestServer() {
  const handle = { baseUrl: "", server: undefined as Server | undefined };
  beforeAll(async () => {
    const build = await loadBuild();
    const server = await new Promise<Server>((resolve) => {
      const s = createApp(build, { appUrl: "http://localhost", production: false }).listen(0, "127.0.0.1", () => resolve(s));
    });
    handle.server = server;
    handle.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.APP_URL = handle.baseUrl;
    resetEnvCache();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => handle.server?.close(() => resolve()) ?? resolve());
  });
  return handle;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small JSON client for the /api contract. */
export function apiClient(baseUrl: () => string) {
  async function call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; rawBody?: string; contentType?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (options.token) headers["X-AUTH-TOKEN"] = options.token;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers["Content-Type"] = options.contentType ?? "application/json";
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] = options.contentType ?? "application/json";
    }
    const res = await fetch(baseUrl() + path, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    call,
    get: <T = any>(path: string, token?: string) => call<T>("GET", path, { token }),
    post: <T = any>(path: string, body: unknown, token?: string) => call<T>("POST", path, { body, token }),
    put: <T = any>(path: string, body: unknown, token?: string) => call<T>("PUT", path, { body, token }),
    patch: <T = any>(path: string, body: unknown, token?: string) => call<T>("PATCH", path, { body, token }),
    delete: <T = any>(path: string, token?: string) => call<T>("DELETE", path, { token }),
    async login(email: string, password = TEST_PASSWORD): Promise<string> {
      const res = await call<{ apiToken: string }>("POST", "/api/login", { body: { username: email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.apiToken;
    },
  };
}

/**
 * A cookie-keeping HTML client: GET pages and POST forms like a browser without JavaScript
 * (same-origin Origin header on posts, redirects not followed so tests can see them).
 */
export function htmlClient(baseUrl: () => string) {
  const jar = new Map<string, string>();
  function cookieHeader() {
    return [...jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  function store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }
  async function get(path: string) {
    const res = await fetch(baseUrl() + path, { headers: { Cookie: cookieHeader() }, redirect: "manual" });
    store(res);
    return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
  }
  async function post(path: string, form: Record<string, string>, origin?: string) {
    const res = await fetch(baseUrl() + path, {
      method: "POST",
      headers: {
        Cookie: cookieHeader(),
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin ?? baseUrl(),
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    store(res);
    return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
  }
  return {
    get,
    post,
    jar,
    async login(email: string, password = TEST_PASSWORD) {
      const res = await post("/login", { identifier: email, password, redirect: "/" });
      if (res.status !== 302) throw new Error(`html login ${email} failed: ${res.status}`);
      return res;
    },
  };
}

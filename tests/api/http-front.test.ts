import { request as httpRequest } from "node:http";
import { writeReadableStreamToWritable } from "@remix-run/node";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, createGunzip, gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { compress } from "../../scripts/lib/http-guards";

/**
 * The HTTP front (scripts/lib/app.ts, scripts/lib/http-guards.ts) over real HTTP, with the harness's server in
 * Remix "development" settings (production: false), so "whatever the mode" holds: generic French errors without
 * a stack (issue 10 §2), safe redirects (§6), the Origin/Referer CSRF check (§9), `private, no-store` on dynamic
 * answers (§10), gzip and asset caching (issue 12 §5).
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const newClient = () => htmlClient(() => server.baseUrl);

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** node:http, so the exact bytes, methods (TRACE) and headers (no Origin, no Referer) are what we send. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: body ? { ...headers, "Content-Length": Buffer.byteLength(body) } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const buf = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, body: buf, text: buf.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

/** What must never reach a client: a stack frame, a file path, an error class name, SQL. */
const LEAK = /URIError|TypeError|DriverException|\bat [\w.<>]+ \(|node_modules|\/work\/|\/app\/|\.tsx?:\d|\.js:\d|\bselect\s[^<>]{0,300}\sfrom\s|leave_gone_missing|does not exist|relation "/i;

/** The first leak found (shown by the assertion), or undefined. */
const leakIn = (text: string) => {
  const m = LEAK.exec(text);
  return m ? text.slice(Math.max(0, m.index - 80), m.index + 80) : undefined;
};

const cookieOf = (c: ReturnType<typeof htmlClient>) => [...c.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");

let org: Org;
let me: TestEmployee;
let managerToken: string;
beforeAll(async () => {
  org = await createOrg(db.em());
  me = await createEmployee(db.em(), org, { profileType: "ROLE_EMPLOYEE" });
  const accounts = await createRoleAccounts(db.em(), await createOrg(db.em(), "-others"));
  managerToken = await api.login(accounts.ROLE_HEAD_MANAGEMENT.email);
});

describe("errors never show a stack, SQL or a path (issue 10 §2)", () => {
  it.each(["/%", "/%E0%A4%A", "/leave/detail/%ZZ", "/login/%C0%AF", "/leave/detail/%00", "/employees/1%0A/edit", "/api-x/%7F"])("GET %s: 400, a French page", async (path) => {
    const res = await raw("GET", path);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain('lang="fr"');
    expect(res.text).toContain(t("error.bad_url").replaceAll("'", "&#x27;").replace(/&#x27;/g, "'"));
    expect(leakIn(res.text)).toBeUndefined();
  });

  it("a malformed /api path: 400 with a French JSON message", async () => {
    const res = await raw("GET", "/api/leaves/%ZZ", { Accept: "application/json" });
    expect(res.status).toBe(400);
    expect((await raw("GET", "/api/leaves/1%00", { Accept: "application/json" })).status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({ message: t("error.bad_url") });
  });

  it.each([
    ["TRACE", "/"],
    ["TRACE", "/leave/me"],
    ["PROPFIND", "/"],
    ["OPTIONS", "/login"],
  ])("%s %s: 405 with Allow, a French page", async (method, path) => {
    const res = await raw(method, path);
    expect(res.status).toBe(405);
    expect(res.headers["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    expect(res.text).toContain(t("error.method_not_allowed"));
    expect(leakIn(res.text)).toBeUndefined();
  });

  it("TRACE on /api: 405 with a French JSON message", async () => {
    const res = await raw("TRACE", "/api/leaves");
    expect(res.status).toBe(405);
    expect(JSON.parse(res.text)).toEqual({ message: t("error.method_not_allowed") });
  });

  it("a form posted to a page that takes none: Remix's 405, a French page that says so", async () => {
    const c = newClient();
    await c.login(me.email);
    const res = await c.post("/leave/me", { x: "1" });
    expect(res.status).toBe(405);
    expect(res.text).toContain(t("error.method_not_allowed"));
    expect(res.text).not.toContain(t("error.fatal"));
    expect(leakIn(res.text)).toBeUndefined();
  });

  it("a loader failing on SQL: a French 500 page whose embedded data carries neither the SQL nor a stack", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const c = newClient();
    await c.login(me.email);
    await db.sql('alter table "leave" rename to leave_gone_missing');
    try {
      const page = await c.get("/leave/me");
      expect(page.status).toBe(500);
      expect(page.text).toContain(t("error.fatal"));
      expect(page.text).not.toContain("leave_gone_missing");
      expect(leakIn(page.text)).toBeUndefined();
      // The same data as the client-side navigation fetches it (single fetch).
      const data = await c.get("/leave/me.data");
      expect(data.text).not.toContain("leave_gone_missing");
      expect(leakIn(data.text)).toBeUndefined();
    } finally {
      await db.sql('alter table leave_gone_missing rename to "leave"');
    }
    // The details went to the log, not to the client.
    expect(spy.mock.calls.some((args) => args.some((a) => String(a instanceof Error ? a.message : a).includes('relation "leave" does not exist')))).toBe(true);
    spy.mockRestore();
  });
});

describe("redirect parameters stay on the app (issue 10 §6)", () => {
  const cases: [string, string][] = [
    ["/leave/me?tab=accepted", "/leave/me?tab=accepted"],
    ["/\t/evil.example", "/"],
    ["/\n/x", "/"],
    ["/\r\nSet-Cookie: x=y", "/"],
    ["/\\evil.example", "/"],
    ["//evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/%09/evil.example", "/%09/evil.example"],
  ];

  it.each(cases)("login with redirect %j -> %s", async (to, expected) => {
    const res = await newClient().post("/login", { identifier: me.email, password: "Cadran-2026!", redirect: to });
    expect(res.status).toBe(302);
    expect(res.location).toBe(expected);
  });

  it.each(cases)("sidebar toggle with redirectTo %j -> %s", async (to, expected) => {
    const c = newClient();
    await c.login(me.email);
    const res = await c.post("/preferences/sidebar", { redirectTo: to });
    expect(res.status).toBe(302);
    expect(res.location).toBe(expected);
  });
});

describe("CSRF: same-origin Origin, or without it a same-origin Referer (issue 10 §9)", () => {
  async function signedIn() {
    const c = newClient();
    await c.login(me.email);
    return c;
  }
  const stillSignedIn = async (c: ReturnType<typeof htmlClient>) => (await c.get("/profile")).status === 200;

  it.each([
    ["neither Origin nor Referer", {}],
    ["a foreign Referer and no Origin", { Referer: "https://evil.example/page" }],
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["a foreign Origin with a same-origin Referer", { Origin: "https://evil.example", Referer: "SELF/profile" }],
    ["Origin: null", { Origin: "null" }],
    ["a malformed Referer", { Referer: "not a url" }],
  ])("%s: 403 in French, nothing done", async (_name, extra: Record<string, string>) => {
    const c = await signedIn();
    const headers: Record<string, string> = { Cookie: cookieOf(c), "Content-Type": "application/x-www-form-urlencoded" };
    for (const [k, v] of Object.entries(extra)) headers[k] = v.replace("SELF", server.baseUrl);
    const res = await raw("POST", "/logout", headers, "");
    expect(res.status).toBe(403);
    expect(res.text).toContain(t("error.bad_origin").replaceAll("'", "&#x27;").replace(/&#x27;/g, "'"));
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await stillSignedIn(c)).toBe(true);
  });

  it.each([
    ["a same-origin Origin", { Origin: "SELF" }],
    ["a same-origin Referer and no Origin", { Referer: "SELF/profile" }],
  ])("%s: accepted", async (_name, extra: Record<string, string>) => {
    const c = await signedIn();
    const headers: Record<string, string> = { Cookie: cookieOf(c), "Content-Type": "application/x-www-form-urlencoded" };
    for (const [k, v] of Object.entries(extra)) headers[k] = v.replace("SELF", server.baseUrl);
    const res = await raw("POST", "/logout", headers, "");
    expect(res.status).toBe(302);
    expect(res.headers["location"]).toBe("/login");
  });

  it("the login form posted with only a same-origin Referer still signs in; without either it is refused", async () => {
    const body = new URLSearchParams({ identifier: me.email, password: "Cadran-2026!", redirect: "/" }).toString();
    const type = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await raw("POST", "/login", { ...type, Referer: `${server.baseUrl}/login` }, body)).status).toBe(302);
    expect((await raw("POST", "/login", type, body)).status).toBe(403);
  });

  it("/api is not concerned (a token, never the cookie)", async () => {
    const res = await raw("POST", "/api/login", { "Content-Type": "application/json" }, JSON.stringify({ username: me.email, password: "Cadran-2026!" }));
    expect(res.status).toBe(200);
  });
});

describe("caching (issue 10 §10, issue 12 §5)", () => {
  it("signed-in pages, the login page and error pages: private, no-store", async () => {
    const anonymous = await newClient().get("/login");
    expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
    const c = newClient();
    const login = await c.login(me.email);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    for (const path of ["/", "/leave/me", "/profile", "/leave/me.data", "/no-such-page"]) {
      const res = await c.get(path);
      expect([path, res.headers.get("cache-control")]).toEqual([path, "private, no-store"]);
    }
    expect((await raw("GET", "/%")).headers["cache-control"]).toBe("private, no-store");
  });

  it("every /api answer: private, no-store (once)", async () => {
    const token = managerToken;
    for (const res of [await api.get("/api/employees", token), await api.get("/api/leaves/me", token), await api.get("/api/leaves/me"), await api.get("/api/nothing-here", token)]) {
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("fingerprinted assets: a year, immutable; the rest of public/: an hour", async () => {
    const page = await newClient().get("/login");
    const assets = [...page.text.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    for (const asset of assets.slice(0, 4)) {
      const res = await raw("GET", asset);
      expect([asset, res.status, res.headers["cache-control"]]).toEqual([asset, 200, "public, max-age=31536000, immutable"]);
    }
    const icon = await raw("GET", "/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("/favicon.ico: a lasting redirect to the SVG icon, never a 404 (issue 37 item 6)", async () => {
    const res = await raw("GET", "/favicon.ico");
    expect([res.status, res.headers["location"], res.headers["cache-control"]]).toEqual([301, "/favicon.svg", "public, max-age=86400"]);
  });
});

describe("compression (issue 12 §5)", () => {
  /** The CSP nonce differs per response; everything else must be byte for byte the same. */
  const sameBut = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'");

  it("a signed-in page: gzip that decodes to the same HTML as the uncompressed answer", async () => {
    const c = newClient();
    await c.login(me.email);
    const plain = await raw("GET", "/leave/me", { Cookie: cookieOf(c), "Accept-Encoding": "identity" });
    const zipped = await raw("GET", "/leave/me", { Cookie: cookieOf(c), "Accept-Encoding": "gzip, deflate" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(String(zipped.headers["vary"])).toMatch(/accept-encoding/i);
    expect(zipped.headers["cache-control"]).toBe("private, no-store");
    const decoded = gunzipSync(zipped.body).toString("utf8");
    expect(decoded.trimEnd().endsWith("</html>") || decoded.includes("</html>")).toBe(true);
    expect(sameBut(decoded)).toBe(sameBut(plain.text));
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    // One block, not one per chunk Remix writes: about what gzip makes of the whole page at once.
    expect(zipped.body.length).toBeLessThan(gzipSync(plain.body).length * 1.1);
    // A browser offers brotli: the document's own one-call compression (decision 0142), its length known.
    const br = await raw("GET", "/leave/me", { Cookie: cookieOf(c), "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers["vary"])).toMatch(/accept-encoding/i);
    expect(br.headers["content-length"]).toBe(String(br.body.length));
    expect(sameBut(brotliDecompressSync(br.body).toString("utf8"))).toBe(sameBut(plain.text));
  });

  it("a JSON collection: gzip that decodes to the same JSON", async () => {
    const token = managerToken;
    const headers = { "X-AUTH-TOKEN": token, Accept: "application/json" };
    const plain = await raw("GET", "/api/employees", { ...headers, "Accept-Encoding": "identity" });
    const zipped = await raw("GET", "/api/employees", { ...headers, "Accept-Encoding": "gzip" });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.body).toString("utf8"))).toEqual(JSON.parse(plain.text));
  });

  it("CSS and JS assets: gzip (or brotli, preferred when offered) that decodes to the same bytes", async () => {
    const page = await newClient().get("/login");
    const assets = [...page.text.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
    const compressed: string[] = [];
    for (const asset of assets) {
      const plain = await raw("GET", asset, { "Accept-Encoding": "identity" });
      if (plain.body.length < 1024) continue; // below the threshold: not worth a compression
      const zipped = await raw("GET", asset, { "Accept-Encoding": "gzip" });
      expect([asset, zipped.headers["content-encoding"]]).toEqual([asset, "gzip"]);
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const br = await raw("GET", asset, { "Accept-Encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      compressed.push(asset);
    }
    expect(compressed.some((a) => a.endsWith(".css"))).toBe(true);
    expect(compressed.some((a) => a.endsWith(".js"))).toBe(true);
  });

  it("a stream (server-sent events) still leaves event by event, compressed", async () => {
    const app = express();
    app.use(compress());
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    app.get("/events", async (_req, res) => {
      res.setHeader("Content-Type", "text/event-stream");
      res.flushHeaders();
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(`data: ${"premier ".repeat(200)}\n\n`));
          await released;
          controller.enqueue(encoder.encode("data: second\n\n"));
          controller.close();
        },
      });
      await writeReadableStreamToWritable(body, res); // what @remix-run/express does with a Response body
    });
    const local = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const port = (local.address() as AddressInfo).port;
      const text = await new Promise<string>((resolve, reject) => {
        httpRequest({ host: "127.0.0.1", port, path: "/events", headers: { "Accept-Encoding": "gzip" } }, (res) => {
          expect(res.headers["content-encoding"]).toBe("gzip");
          const gunzip = createGunzip();
          let seen = "";
          gunzip.on("data", (c: Buffer) => {
            seen += c.toString("utf8");
            // The first event arrives while the stream is still open; only then is the second one sent.
            if (seen.includes("premier") && seen.endsWith("\n\n") && !seen.includes("second")) release();
          });
          gunzip.on("end", () => resolve(seen));
          gunzip.on("error", reject);
          res.pipe(gunzip);
        })
          .on("error", reject)
          .end();
      });
      expect(text).toBe(`data: ${"premier ".repeat(200)}\n\ndata: second\n\n`);
    } finally {
      await new Promise<void>((r) => local.close(() => r()));
    }
  });

  it("a HEAD request and an error page stay well-formed under gzip", async () => {
    const head = await raw("HEAD", "/login", { "Accept-Encoding": "gzip" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const bad = await raw("GET", "/%", { "Accept-Encoding": "gzip" });
    expect(bad.status).toBe(400);
    const text = bad.headers["content-encoding"] === "gzip" ? gunzipSync(bad.body).toString("utf8") : bad.text;
    expect(text).toContain("</html>");
  });
});

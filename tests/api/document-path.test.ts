import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type TestEmployee } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { createApp, cspNonce, loadBuild } from "../../scripts/lib/app";

/**
 * GET and HEAD pages answered before Express (scripts/lib/app.ts documentsPath, decision 0145): whatever a client
 * asks, the answer is the one the Express stack gives (documentPath: false, the stack as before), byte for byte once
 * the nonce and the date are set aside: status, every header and its value, the decoded body.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
let stackUrl = "";
let stack: Server | undefined;
let me: TestEmployee;
let cookie = "";
let token = "";

beforeAll(async () => {
  const org = await createOrg(db.em());
  me = await createEmployee(db.em(), org, { profileType: "ROLE_EMPLOYEE" });
  const accounts = await createRoleAccounts(db.em(), await createOrg(db.em(), "-others"));
  token = await api.login(accounts.ROLE_HEAD_MANAGEMENT.email);
  const client = htmlClient(() => server.baseUrl);
  await client.login(me.email);
  cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  const build = await loadBuild();
  stack = await new Promise<Server>((resolve) => {
    const s = createApp(build, { appUrl: server.baseUrl, production: false, documentPath: false }).listen(0, "127.0.0.1", () => resolve(s));
  });
  stackUrl = `http://127.0.0.1:${(stack.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => stack?.close(() => resolve()) ?? resolve());
});

interface Raw {
  status: number;
  rawNames: string[];
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function raw(base: string, method: string, path: string, headers: Record<string, string>): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const text = (encoding === "gzip" ? gunzipSync(body) : encoding === "br" ? brotliDecompressSync(body) : body).toString("utf8");
        resolve({ status: res.statusCode!, rawNames: res.rawHeaders.filter((_, i) => i % 2 === 0), headers: res.headers, text });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const NONCE = /nonce-[A-Za-z0-9+/=]+|nonce="[A-Za-z0-9+/=]+"/g;
const REQUEST_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** What must be equal: the status, the headers (names in lower case, values, without the date, the nonce, and the
 * length of a compressed body, which the nonce changes), the decoded body without the nonce. */
function comparable(answer: Raw) {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (name === "date" || name === "keep-alive" || name === "transfer-encoding") continue;
    if (name === "content-length" && answer.headers["content-encoding"]) continue;
    headers[name] = typeof value === "string" ? value.replace(NONCE, "nonce-N") : value;
  }
  // A chunked answer of the stack and a Content-Length of the path are the same bytes: only framing differs.
  delete headers["content-length"];
  const text = answer.text
    .replace(NONCE, "nonce-N")
    .replace(REQUEST_ID, "ID")
    .replace(/"ms":\d+/g, '"ms":0') // the health check's timings
    // The 404 page draws one of its pictures and lines at random: its frame, not which one, is compared.
    .replace(/<div class="w-full max-w-md[^]*?<\/main>/, "NOT-FOUND-CARD</main>")
    .replace(/"variant",\d+/, '"variant",0');
  return { status: answer.status, headers, text };
}

describe("the document path answers as the Express stack does (decision 0145)", () => {
  const cases: [string, string, string, "signed-in" | "signed-out" | "token"][] = [
    ["a signed-out login page", "GET", "/login", "signed-out"],
    ["the login page, HEAD", "HEAD", "/login", "signed-out"],
    ["a signed-in page", "GET", "/leave/me", "signed-in"],
    ["a signed-in page with a query", "GET", "/leave/me?tab=pending", "signed-in"],
    ["a page signed out: the redirect to the login", "GET", "/leave/me", "signed-out"],
    ["an unknown page: the French 404", "GET", "/nulle-part", "signed-in"],
    ["a page's data for the client router", "GET", "/leave/me.data", "signed-in"],
    ["an /api read", "GET", `/api/leave`, "token"],
    ["the web health check", "GET", "/healthz?part=web", "signed-out"],
  ];
  it.each(cases)("%s (%s %s)", async (_name, method, path, who) => {
    for (const encoding of ["gzip", "br", ""]) {
      const headers: Record<string, string> = encoding ? { "Accept-Encoding": encoding } : {};
      if (who === "signed-in") headers.Cookie = cookie;
      if (who === "token") headers["X-AUTH-TOKEN"] = token;
      const [viaPath, viaStack] = await Promise.all([raw(server.baseUrl, method, path, headers), raw(stackUrl, method, path, headers)]);
      expect(comparable(viaPath)).toEqual(comparable(viaStack));
    }
  });

  it("pages do take the path (one writeHead: header names as written there, in lower case), the rest the stack", async () => {
    const page = await raw(server.baseUrl, "GET", "/leave/me", { Cookie: cookie });
    expect(page.rawNames).toContain("content-security-policy");
    const stackPage = await raw(stackUrl, "GET", "/leave/me", { Cookie: cookie });
    expect(stackPage.rawNames).toContain("Content-Security-Policy");
    const handedOver = await raw(server.baseUrl, "GET", "/api/leave", { "X-AUTH-TOKEN": token });
    expect(handedOver.rawNames).toContain("Content-Security-Policy");
  });

  it("a page's CSP nonce is the one its scripts carry, and a new one each answer", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await raw(server.baseUrl, "GET", "/leave/me", { Cookie: cookie });
      expect(page.status).toBe(200);
      const csp = String(page.headers["content-security-policy"]);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1]!;
      const scripts = [...page.text.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      expect(new Set(scripts)).toEqual(new Set([nonce]));
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("nonces are 16 random bytes, never twice, across the pool's refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = cspNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });

  it("a percent-encoded path still takes the stack's URL guard: a French 400", async () => {
    const bad = await raw(server.baseUrl, "GET", "/leave/detail/%ZZ", {});
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('lang="fr"');
  });
});

/**
 * The /api document cannot drift (issue 33 item 3, decisions 0099 and 0108): /api/docs.json is a valid OpenAPI 3.1
 * document whose every call is in the rights table with the same rights; every /api route file is in it, and no
 * method a documented path serves is missing from it; real answers of every documented call (its refusals without a
 * token, its answer to a body that breaks its schema, its answer to management, and a real login) are validated
 * against the document's schemas with a JSON-schema validator (ajv 8, draft 2020-12). The success answers of every
 * call, on seeded data, are in openapi-operations.test.ts.
 */
import Ajv2020 from "ajv/dist/2020";
import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRuleFor } from "~/domain/identity/access";
import { useTestDatabase } from "~tests/support/db";
import { createOrg, createRoleAccounts, TEST_PASSWORD, type Org, type TestEmployee } from "~tests/support/factories";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

type Operation = { responses: Record<string, { content?: { "application/json": { schema: object } } }>; requestBody?: unknown; "x-rights": unknown };
let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };
let org: Org;
let manager: TestEmployee;
let token: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });

function operations() {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();
/** One compiled validator per distinct schema (the error answers share theirs). */
function compiled(schema: object) {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile({ ...schema, components: doc.components })));
  return validate;
}

/** Validates an answer against the schema the document gives for its status; answers the problems. */
function check(op: Operation, status: number, body: unknown): string[] {
  const response = op.responses[String(status)];
  if (!response) return [`status ${status} is not documented`];
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return [];
  const validate = compiled(schema);
  return validate(body) ? [] : [`${status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 200)}`];
}

/** A path with real ids: the manager's sheet and account, the org's places. */
function concrete(path: string): string {
  const ids: [RegExp, number][] = [
    [/^\/api\/(employees|users)\//, manager.employeeId],
    [/^\/api\/countries\//, org.countryId],
    [/^\/api\/subsidiaries\//, org.subsidiaryId],
  ];
  const id = ids.find(([re]) => re.test(path))?.[1] ?? 999999;
  return path.replace(/\{[^}]+\}/g, String(path.startsWith("/api/users/") ? manager.userId : id));
}

beforeAll(async () => {
  org = await createOrg(db.em());
  const accounts = await createRoleAccounts(db.em(), org);
  manager = accounts.ROLE_HEAD_MANAGEMENT!;
  token = await api.login(manager.email);
  const res = await api.get("/api/docs.json");
  expect(res.status).toBe(200);
  doc = res.body;
});

describe("the OpenAPI document of /api", () => {
  it("is OpenAPI 3.1, and each call has the rights of the rights table", () => {
    expect(doc.openapi).toBe("3.1.0");
    const ops = operations();
    expect(ops.length).toBeGreaterThan(70);
    for (const { method, path, op } of ops) expect(apiRuleFor(method, concrete(path))?.rights, `${method} ${path}`).toEqual(op["x-rights"]);
  });

  it("lists every /api route file of the app (a new route without its entry fails here)", () => {
    const routes = readdirSync("app/routes")
      .filter((f) => /^api\..+\.tsx?$/.test(f) && f !== "api.$.ts")
      .map((f) => `/${f.replace(/\.tsx?$/, "").replace("[.]", "\u0000").split(".").join("/").replace("\u0000", ".").replace(/\$(\w+)/g, "{$1}")}`);
    // A route's parameter may be documented as its concrete values (/api/leaves/{id}/{action}: valid, refuse, remove).
    const shape = (p: string) => p.split("/").map((x) => (x.startsWith("{") ? "*" : x));
    const covers = (route: string, path: string) => {
      const [r, p] = [shape(route), shape(path)];
      return r.length === p.length && r.every((x, i) => x === "*" || p[i] === "*" || x === p[i]);
    };
    const documented = Object.keys(doc.paths);
    expect(routes.filter((r) => !r.startsWith("/api/docs") && !documented.some((p) => covers(r, p)))).toEqual([]);
  });

  it("serves no method on a documented path that the document does not hold (404 or 405 for each other method)", async () => {
    const served: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !(m.toLowerCase() in ops))) {
        const res = await api.call(method, concrete(path), { token, ...(method === "GET" ? {} : { body: {} }) });
        if (res.status !== 404 && res.status !== 405) served.push(`${method} ${path}: ${res.status}`);
      }
    }
    expect(served).toEqual([]);
  });

  it("describes the real refusal of every call without a token (401 with a French message)", async () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations().filter((o) => o.op["x-rights"] !== "public")) {
      const res = await api.call(method, concrete(path), method === "GET" || method === "DELETE" ? {} : { body: {} });
      if (res.status !== 401) problems.push(`${method} ${path}: ${res.status}`);
      problems.push(...check(op, res.status, res.body).map((p) => `${method} ${path} ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("describes the real answer of every call with a body to a body its schema refuses", async () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations().filter((o) => o.op.requestBody && o.path !== "/api/login")) {
      const res = await api.call(method, concrete(path), { body: { unknownOnly: true, email: 12 }, token });
      if (res.status < 400) problems.push(`${method} ${path}: accepted a broken body (${res.status})`);
      problems.push(...check(op, res.status, res.body).map((p) => `${method} ${path} ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("describes the real answer of every GET call to management", async () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations().filter((o) => o.method === "GET")) {
      const res = await api.call("GET", concrete(path), { token });
      problems.push(...check(op, res.status, res.body).map((p) => `${method} ${path} ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("validates a real employee sheet against its schema, and would refuse one that drifts", async () => {
    const op = doc.paths["/api/employees/{id}"]!.get!;
    const res = await api.get(`/api/employees/${manager.employeeId}`, token);
    expect(res.status).toBe(200);
    expect(check(op, 200, res.body)).toEqual([]);
    expect(check(op, 200, { ...res.body, completion: "100 %" })).not.toEqual([]);
  });

  it("describes a real login's answer, and its refusal", async () => {
    const op = doc.paths["/api/login"]!.post!;
    const ok = await api.post("/api/login", { username: manager.email, password: TEST_PASSWORD });
    expect(check(op, ok.status, ok.body)).toEqual([]);
    expect(ok.status).toBe(200);
    const bad = await api.post("/api/login", { username: "", password: "" });
    expect(bad.status).toBe(422);
    expect(check(op, bad.status, bad.body)).toEqual([]);
  });
});

describe("the reference page", () => {
  it("is rendered on the server: every call, its rights and answers, without JavaScript", async () => {
    const res = await fetch(`${server.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<script");
    for (const { method, path } of operations()) expect(html).toContain(`${method} ${path}`);
    expect(html).toContain("Droits : public (sans jeton)");
  });
});

describe("the schemas of the document", () => {
  // Last in the file: compiling every schema takes seconds, and the HTTP tests above should not wait on it.
  it("all compile with a JSON-schema validator (draft 2020-12)", () => {
    for (const { op } of operations()) {
      for (const r of Object.values(op.responses)) {
        const schema = r.content?.["application/json"]?.schema;
        if (schema) expect(() => compiled(schema)).not.toThrow();
      }
    }
  });
});

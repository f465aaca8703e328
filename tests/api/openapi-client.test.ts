/**
 * Issue 43 item 2: the document is usable, not only valid. From the document the server serves, this test generates
 * a TypeScript client the way an integrator would (openapi-typescript for the types, openapi-fetch for the calls),
 * type-checks a small program that calls ten operations with it (strict TypeScript: a wrong path, method, body field
 * or answer field fails the compile), then runs that program against the real server and checks what it read.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { mondayAfter } from "~tests/support/factories-time";
import { useTestDatabase } from "~tests/support/db";
import { createOrg, createRoleAccounts, TEST_PASSWORD, type Org, type TestEmployee } from "~tests/support/factories";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
// Inside the project, so that the program's imports ("openapi-fetch") resolve to the project's node_modules.
const dir = path.resolve(`.data/openapi-client-${process.pid}`);

let org: Org;
let manager: TestEmployee;
let employee: TestEmployee;

/** The integrator's program: ten operations, by the names and types the generator gave them. */
const PROGRAM = `
import createClient from "openapi-fetch";
import type { paths } from "./cadran-api";

export interface Seen {
  login: number;
  me: string;
  profilePhone: string | null;
  employees: number;
  sheetEmail: string | null;
  countries: string[];
  leaveId: number;
  leaveState: string;
  myLeaves: number;
  reportStatus: number;
  reportEmployees: number;
  overtimeRows: number;
  refusedStatus: number;
  refusedMessage: string;
}

export async function run(baseUrl: string, manager: { email: string; employeeId: number }, employee: { email: string }, password: string, day: { start: string; end: string; compactStart: string; compactEnd: string; subsidiaryId: string }): Promise<Seen> {
  const anonymous = createClient<paths>({ baseUrl });
  // 1. login
  const signed = await anonymous.POST("/api/login", { body: { username: manager.email, password } });
  if (!signed.data) throw new Error("login failed");
  const token: string = signed.data.apiToken;
  const client = createClient<paths>({ baseUrl, headers: { "X-AUTH-TOKEN": token } });
  // 2. getUser
  const me = await client.GET("/api/users/{id}", { params: { path: { id: String(signed.data.identifier) } } });
  // 3. getProfile
  const profile = await client.GET("/api/profile");
  // 4. listEmployees
  const list = await client.GET("/api/employees", { params: { query: { page: "1" } } });
  // 5. getEmployee
  const sheet = await client.GET("/api/employees/{id}", { params: { path: { id: String(manager.employeeId) } } });
  // 6. listCountries
  const countries = await client.GET("/api/countries");
  // 7. createLeave, as the employee
  const asEmployee = await anonymous.POST("/api/login", { body: { username: employee.email, password } });
  const employeeClient = createClient<paths>({ baseUrl, headers: { "X-AUTH-TOKEN": asEmployee.data!.apiToken } });
  const asked = await employeeClient.POST("/api/leaves", { body: { reason: "NO_PAID_LEAVE", start: day.start, end: day.end } });
  if (!asked.data) throw new Error("createLeave failed: " + JSON.stringify(asked.error));
  // 8. getLeave
  const leave = await employeeClient.GET("/api/leaves/{id}", { params: { path: { id: String(asked.data.id) } } });
  // 9. listMyLeaves
  const mine = await employeeClient.GET("/api/leaves/me");
  // 10. getLeaveReport
  const report = await client.GET("/api/report/leave", { params: { query: { start: day.compactStart, end: day.compactEnd } } });
  // 11. searchOvertimeWeeks
  const overtime = await client.GET("/api/overtime/search", { params: { query: { start: day.compactStart, end: day.compactEnd, view: "subsidiary", subsidiaryId: day.subsidiaryId } } });
  // And a refusal (a sheet outside the employee's scope is not found), typed as the document's Error.
  const refused = await employeeClient.GET("/api/employees/{id}", { params: { path: { id: String(manager.employeeId) } } });
  return {
    login: signed.response.status,
    me: me.data?.email ?? "",
    profilePhone: profile.data?.phone ?? null,
    employees: list.data?.["hydra:member"].length ?? -1,
    sheetEmail: sheet.data?.email ?? null,
    countries: (countries.data?.["hydra:member"] ?? []).map((c) => c.name),
    leaveId: leave.data?.id ?? -1,
    leaveState: leave.data?.state ?? "",
    myLeaves: mine.data?.["hydra:member"].length ?? -1,
    reportStatus: report.response.status,
    reportEmployees: report.data?.employees.length ?? -1,
    overtimeRows: overtime.response.status,
    refusedStatus: refused.response.status,
    refusedMessage: refused.error?.message ?? "",
  };
}
`;

/** The first Monday four weeks from now or later, and its Friday (the API reads the real clock: decision 0115). */
function aWorkingWeek() {
  const start = mondayAfter(28);
  const end = addDays(start, 4);
  return { start, end, compactStart: start.replaceAll("-", ""), compactEnd: end.replaceAll("-", "") };
}

beforeAll(async () => {
  org = await createOrg(db.em());
  const accounts = await createRoleAccounts(db.em(), org);
  manager = accounts.ROLE_HEAD_MANAGEMENT!;
  employee = accounts.ROLE_EMPLOYEE!;
  mkdirSync(dir, { recursive: true });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a client generated from /api/docs.json (issue 43 item 2)", () => {
  it("compiles a program of ten operations under strict TypeScript, and runs it against the server", async () => {
    const res = await api.get("/api/docs.json");
    expect(res.status).toBe(200);
    writeFileSync(path.join(dir, "cadran-api.d.ts"), astToString(await openapiTS(res.body)));
    writeFileSync(path.join(dir, "program.ts"), PROGRAM);

    const options: ts.CompilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      outDir: dir,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    };
    const program = ts.createProgram([path.join(dir, "program.ts")], options);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
    // The same program with a field the document does not have must not compile: the types are real, not `any`.
    const broken = PROGRAM.replace("leave.data?.state", "leave.data?.status");
    writeFileSync(path.join(dir, "broken.ts"), broken);
    const brokenProgram = ts.createProgram([path.join(dir, "broken.ts")], options);
    expect(ts.getPreEmitDiagnostics(brokenProgram).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n")).toMatch(/status/);

    writeFileSync(path.join(dir, "program.mjs"), ts.transpileModule(PROGRAM, { compilerOptions: options }).outputText);
    const { run } = (await import(pathToFileURL(path.join(dir, "program.mjs")).href)) as { run: (...args: unknown[]) => Promise<Record<string, unknown>> };
    const seen = await run(server.baseUrl, manager, employee, TEST_PASSWORD, { ...aWorkingWeek(), subsidiaryId: String(org.subsidiaryId) });
    expect(seen).toMatchObject({
      login: 200,
      me: manager.email,
      sheetEmail: manager.email,
      countries: expect.arrayContaining(["France"]),
      leaveState: "pending",
      myLeaves: 1,
      overtimeRows: 200,
      refusedStatus: 404,
    });
    expect(seen.employees).toBeGreaterThanOrEqual(8);
    expect(seen.leaveId).toBeGreaterThan(0);
    // The report lists accepted leaves: the pending one is not in it yet, but the typed list is there.
    expect(seen.reportStatus).toBe(200);
    expect(seen.reportEmployees).toBeGreaterThanOrEqual(0);
    expect(seen.refusedMessage).not.toBe("");
    // Generating and type-checking take 10–50 s on a loaded 2-core machine.
  }, 180_000);
});

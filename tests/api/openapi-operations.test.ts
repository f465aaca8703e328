/**
 * Every call of the /api document, for real (issue 33 item 3, decisions 0099 and 0108): on the demo organisation
 * (real PostgreSQL, seeded), each documented operation is called with the role that may, and its status and body
 * are validated against the document's schema for that status by a JSON-schema validator (ajv 8, draft 2020-12;
 * answers described as closed objects refuse any field they do not name). An operation of the document that this
 * scenario never brings to a success answer fails the test, and so does a call the scenario makes that the document
 * does not hold: the document cannot drift from the routes in either direction.
 */
import Ajv2020 from "ajv/dist/2020";
import { writeFileSync } from "node:fs";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemo } from "~db/seeds/demo";
import { createResetToken } from "~/services/identity/auth.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, type Org } from "~tests/support/factories";
import { completeSheet, sheetToApiBody } from "~tests/support/factories-employees";
import { PNG_1X1 } from "~tests/support/factories-profile";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

type Response = { content?: { "application/json"?: { schema: object } } };
type Doc = { paths: Record<string, Record<string, { responses: Record<string, Response> }>>; components: Record<string, unknown> };
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

const TODAY = DateTime.now().setZone("Europe/Paris");
const ymd = (d: DateTime) => d.toFormat("yyyyMMdd");
const tokens: Record<string, string> = {};
const WHO = ["direction", "daf", "chef.division", "chef.equipe", "employe"] as const;
type Who = (typeof WHO)[number] | "fresh" | "none";

/** The operations brought to a success answer ("GET /api/leaves/{id}"), and the problems met. */
const succeeded = new Set<string>();
const problems: string[] = [];
/** OPENAPI_DUMP=/tmp/answers.json writes one real answer per operation and status (to write a new answer's schema). */
const dump: Record<string, unknown> = {};

/**
 * Calls `op` ("PATCH /api/leaves/{id}/valid") on a concrete path, checks the status expected and validates the
 * answer against the document; answers the body.
 */
async function call(op: string, path: string, who: Who, status: number, options: { body?: unknown; token?: string; multipart?: FormData } = {}) {
  const [method, template] = op.split(" ") as [string, string];
  const token = options.token ?? (who === "none" ? undefined : tokens[who]);
  let res: { status: number; body: any };
  if (options.multipart) {
    const r = await fetch(server.baseUrl + path, { method, headers: { "X-AUTH-TOKEN": token!, Accept: "application/json" }, body: options.multipart });
    res = { status: r.status, body: await r.json().catch(() => null) };
  } else {
    res = await api.call(method, path, { token, ...(options.body !== undefined ? { body: options.body } : {}) });
  }
  if (process.env.OPENAPI_DUMP) dump[`${op} ${res.status}`] ??= res.body;
  const operation = doc.paths[template]?.[method.toLowerCase()];
  if (!operation) {
    problems.push(`${op}: not in the document`);
    return res.body;
  }
  if (res.status !== status) problems.push(`${op} (${path}): ${res.status} instead of ${status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  const response = operation.responses[String(res.status)];
  if (!response) {
    problems.push(`${op}: status ${res.status} is not documented`);
    return res.body;
  }
  const schema = response.content?.["application/json"]?.schema;
  if (schema) {
    const key = `${op} ${res.status}`;
    let validate = validators.get(key);
    if (!validate) validators.set(key, (validate = ajv.compile({ ...schema, components: doc.components })));
    if (!validate(res.body)) problems.push(`${op} ${res.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(res.body).slice(0, 300)}`);
  } else if (res.status !== 204) problems.push(`${op} ${res.status}: no schema for a body`);
  if (res.status < 300 && res.status === status) succeeded.add(op);
  return res.body;
}

let ids: { employee: number; employeeUser: number; clock: number; clockDate: string; subsidiary: number; division: number; team: number; country: number };
let org: Org;

beforeAll(async () => {
  await seedDemo(db.em(), { today: TODAY.toISODate()! });
  for (const who of WHO) tokens[who] = await api.login(`${who}@cadran.test`, DEMO_PASSWORD);
  const [me] = await db.sql<{ e: number; u: number; s: number; d: number; t: number; c: number }>(
    `select e.id as e, u.id as u, subsidiary_id as s, division_id as d, team_id as t, country_id as c
       from employee e join app_user u on u.employee_id = e.id where u.email = 'employe@cadran.test'`,
  );
  const [clock] = await db.sql<{ id: number; date: string }>(
    `select id, to_char(date, 'YYYY-MM-DD') as date from time_clock c where employee_id = ? and suggested = false and date < current_date - 3
        and not exists (select 1 from time_clock s where s.origin_suggested_id = c.id) order by date desc limit 1`,
    [me!.e],
  );
  ids = { employee: me!.e, employeeUser: me!.u, clock: clock!.id, clockDate: clock!.date, subsidiary: me!.s, division: me!.d, team: me!.t, country: me!.c };
  const [other] = await db.sql<{ d: number; t: number }>("select division_id as d, id as t from team where id <> ? order by id limit 1", [me!.t]);
  org = { countryId: me!.c, subsidiaryId: me!.s, divisionId: me!.d, teamId: me!.t, otherTeamId: other!.t, otherDivisionId: other!.d };
  const res = await api.get("/api/docs.json");
  expect(res.status).toBe(200);
  doc = res.body;
}, 180_000);

describe("every call of the /api document, for real", () => {
  it("answers as the document says: status and body, each operation at least once with its success", async () => {
    const from = ymd(TODAY.minus({ weeks: 6 }));
    const to = ymd(TODAY);
    const period = `start=${from}&end=${to}`;
    const { employee, subsidiary, division, team } = ids;

    // ---- sign-in and accounts ----
    await call("POST /api/login", "/api/login", "none", 200, { body: { username: "employe@cadran.test", password: DEMO_PASSWORD } });
    await call("POST /api/login", "/api/login", "none", 422, { body: { username: "", password: "" } });
    await call("POST /api/password/reset", "/api/password/reset", "none", 202, { body: { email: "employe@cadran.test" } });
    const fresh = await createEmployee(db.em(), org, { timeRegistration: true });
    const resetToken = await createResetToken(db.em(), fresh.userId);
    await call("POST /api/password/change", "/api/password/change", "none", 200, { body: { token: resetToken, plainPassword: "Nouveau-Mot-2026!" } });
    tokens.fresh = await api.login(fresh.email, "Nouveau-Mot-2026!");
    await call("GET /api/users/{id}", `/api/users/${ids.employeeUser}`, "employe", 200);
    await call("GET /api/profile", "/api/profile", "employe", 200);
    await call("POST /api/profile", "/api/profile", "employe", 200, { body: { phone: "0601020304", email: "perso@example.org" } });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" }), "avatar.png");
    await call("POST /api/avatars", "/api/avatars", "employe", 201, { multipart: form });
    await call("DELETE /api/avatars", "/api/avatars", "employe", 204);

    // ---- employees ----
    await call("GET /api/employees", "/api/employees", "direction", 200);
    const created = await call("POST /api/employees", "/api/employees", "direction", 201, { body: sheetToApiBody(completeSheet(org)) });
    await call("GET /api/employees/{id}", `/api/employees/${created.id}`, "direction", 200);
    await call("PUT /api/employees/{id}", `/api/employees/${created.id}`, "direction", 200, { body: { position: "Relieur" } });
    await call("DELETE /api/employees/{id}", `/api/employees/${created.id}`, "direction", 204);
    await call("GET /api/dashboard/employees", `/api/dashboard/employees?subsidiaryId=${subsidiary}&teamId=${team}`, "chef.equipe", 200);

    // ---- settings ----
    const overtime = { paid: 60, inRecuperation: 40, employeeInitiatedRecuperation: 12.5, employerInitiatedRecuperation: 87.5 };
    const country = await call("POST /api/countries", "/api/countries", "direction", 201, {
      body: { name: "Monaco", timezone: "Europe/Monaco", overtime, holidays: [{ date: "2027-11-19", name: "Fête du Prince" }] },
    });
    await call("GET /api/countries", "/api/countries", "direction", 200);
    await call("GET /api/countries/{id}", `/api/countries/${country.id}`, "direction", 200);
    await call("PUT /api/countries/{id}", `/api/countries/${country.id}`, "direction", 200, { body: { name: "Monaco", timezone: "Europe/Monaco", overtime } });
    const sub = await call("POST /api/subsidiaries", "/api/subsidiaries", "direction", 201, {
      body: { name: "Monte-Carlo", country: `/api/countries/${country.id}`, city: "Monaco", timezone: "Europe/Monaco" },
    });
    await call("GET /api/subsidiaries", "/api/subsidiaries", "direction", 200);
    await call("GET /api/subsidiaries/{id}", `/api/subsidiaries/${sub.id}`, "direction", 200);
    await call("PUT /api/subsidiaries/{id}", `/api/subsidiaries/${sub.id}`, "direction", 200, {
      body: { name: "Monte-Carlo", country: `/api/countries/${country.id}`, city: "Monaco-Ville", timezone: "Europe/Monaco" },
    });
    const div = await call("POST /api/divisions", "/api/divisions", "direction", 201, { body: { name: "Reliure", subsidiary: `/api/subsidiaries/${sub.id}` } });
    await call("GET /api/divisions", "/api/divisions", "direction", 200);
    await call("GET /api/divisions/{id}", `/api/divisions/${div.id}`, "direction", 200);
    await call("PUT /api/divisions/{id}", `/api/divisions/${div.id}`, "direction", 200, { body: { name: "Reliure d'art", subsidiary: `/api/subsidiaries/${sub.id}` } });
    const teamBody = { name: "Dorure", subsidiary: `/api/subsidiaries/${sub.id}`, division: `/api/divisions/${div.id}` };
    const newTeam = await call("POST /api/teams", "/api/teams", "direction", 201, { body: teamBody });
    await call("GET /api/teams", "/api/teams", "direction", 200);
    await call("GET /api/teams/{id}", `/api/teams/${newTeam.id}`, "direction", 200);
    await call("PUT /api/teams/{id}", `/api/teams/${newTeam.id}`, "direction", 200, { body: { ...teamBody, name: "Dorure à chaud" } });
    await call("GET /api/subsidiaries/{id}/divisions", `/api/subsidiaries/${subsidiary}/divisions`, "direction", 200);
    await call("GET /api/subsidiaries/{id}/divisions/{divisionId}/teams", `/api/subsidiaries/${subsidiary}/divisions/${division}/teams`, "direction", 200);
    await call("DELETE /api/divisions/{id}", `/api/divisions/${div.id}`, "direction", 409);
    await call("DELETE /api/teams/{id}", `/api/teams/${newTeam.id}`, "direction", 204);
    await call("DELETE /api/divisions/{id}", `/api/divisions/${div.id}`, "direction", 204);
    await call("DELETE /api/subsidiaries/{id}", `/api/subsidiaries/${sub.id}`, "direction", 204);
    await call("DELETE /api/countries/{id}", `/api/countries/${country.id}`, "direction", 204);

    // ---- the time clock ----
    await call("GET /api/timeclock", "/api/timeclock", "fresh", 404);
    await call("POST /api/timeclock/start", "/api/timeclock/start", "fresh", 200);
    await call("POST /api/timeclock/start", "/api/timeclock/start", "fresh", 409);
    await call("POST /api/timeclock/pause", "/api/timeclock/pause", "fresh", 200);
    await call("POST /api/timeclock/lunch", "/api/timeclock/lunch", "fresh", 409);
    await call("POST /api/timeclock/start", "/api/timeclock/start", "fresh", 200);
    await call("POST /api/timeclock/lunch", "/api/timeclock/lunch", "fresh", 200);
    await call("POST /api/timeclock/start", "/api/timeclock/start", "fresh", 200);
    await call("POST /api/timeclock/end", "/api/timeclock/end", "fresh", 200);
    const today = await call("GET /api/timeclock", "/api/timeclock", "fresh", 200);
    await call("POST /api/timeclock/reset", "/api/timeclock/reset", "fresh", 200);
    await call("GET /api/timeclock/{id}", `/api/timeclock/${today.id}`, "direction", 200);
    await call("GET /api/timeclock/{id}", `/api/timeclock/${ids.clock}`, "employe", 200);
    await call("GET /api/timeclock/agency/{subsidiaryId}", `/api/timeclock/agency/${subsidiary}?divisionId=${division}&${period}`, "chef.division", 200);
    await call("GET /api/timeclock/employee/{id}/{start}/{end}", `/api/timeclock/employee/${employee}/${from}/${to}`, "employe", 200);
    await call("GET /api/timeclock/history/{start}/{end}", `/api/timeclock/history/${ymd(TODAY.minus({ days: 13 }))}/${to}`, "employe", 200);
    await call("GET /api/timeclock/history/{start}/{end}", `/api/timeclock/history/${ymd(TODAY.minus({ days: 13 }))}/${to}?teamId=${team}`, "chef.equipe", 200);
    const day = DateTime.fromISO(ids.clockDate, { zone: "Europe/Paris" });
    const logs = (d: DateTime) => [
      { time: d.set({ hour: 8 }).toUnixInteger(), type: "START" },
      { time: d.set({ hour: 16 }).toUnixInteger(), type: "END" },
    ];
    const asked = await call("POST /api/timeclock/suggest", "/api/timeclock/suggest", "employe", 201, {
      body: { id: ids.clock, date: day.toUnixInteger(), message: "Oubli de badge.", timeLogs: logs(day) },
    });
    const free = TODAY.minus({ weeks: 10 }).startOf("week").plus({ days: 1 });
    const second = await call("POST /api/timeclock/suggest", "/api/timeclock/suggest", "employe", 201, {
      body: { date: free.toUnixInteger(), message: "Oubli de badge.", timeLogs: logs(free) },
    });
    await call("GET /api/timeclock/suggested", "/api/timeclock/suggested", "direction", 200);
    await call("PATCH /api/timeclock/suggest/{id}/valid", `/api/timeclock/suggest/${asked.id}/valid`, "direction", 200);
    await call("DELETE /api/timeclock/suggest/{id}", `/api/timeclock/suggest/${second.id}`, "employe", 204);
    await call("DELETE /api/timeclock/suggest/{id}", `/api/timeclock/suggest/${second.id}`, "employe", 404);

    // ---- leaves ----
    const leaveDay = (weeks: number) => TODAY.plus({ weeks }).startOf("week").plus({ days: 2 }).toISODate()!;
    const leave = (weeks: number) => ({ reason: "PAID_LEAVE", start: leaveDay(weeks), end: leaveDay(weeks), comment: "Contrat" });
    const first = await call("POST /api/leaves", "/api/leaves", "employe", 201, { body: leave(21) });
    await call("GET /api/leaves/{id}", `/api/leaves/${first.id}`, "employe", 200);
    await call("PATCH /api/leaves/{id}", `/api/leaves/${first.id}`, "employe", 200, { body: { ...leave(21), comment: "Contrat 2" } });
    await call("GET /api/leaves/me", "/api/leaves/me", "employe", 200);
    await call("GET /api/leaves/waiting", "/api/leaves/waiting", "chef.equipe", 200);
    await call("GET /api/leaves/waiting-planning", "/api/leaves/waiting-planning", "chef.equipe", 200);
    await call("GET /api/leaves/all", `/api/leaves/all?${period}`, "chef.equipe", 200);
    await call("GET /api/leaves/filtered/{subsidiaryId}", `/api/leaves/filtered/${subsidiary}?${period}`, "direction", 200);
    await call("PATCH /api/leaves/{id}/valid", `/api/leaves/${first.id}/valid`, "direction", 200);
    await call("PATCH /api/leaves/{id}", `/api/leaves/${first.id}`, "employe", 409, { body: leave(21) });
    await call("GET /api/leaves/valid/employee/{id}", `/api/leaves/valid/employee/${employee}`, "employe", 200);
    await call("PATCH /api/leaves/{id}/remove", `/api/leaves/${first.id}/remove`, "direction", 200);
    const refused = await call("POST /api/leaves", "/api/leaves", "employe", 201, { body: leave(22) });
    await call("PATCH /api/leaves/{id}/refuse", `/api/leaves/${refused.id}/refuse`, "direction", 200, { body: { reason: "Période chargée." } });
    const dropped = await call("POST /api/leaves", "/api/leaves", "employe", 201, { body: leave(23) });
    await call("DELETE /api/leaves/{id}", `/api/leaves/${dropped.id}`, "employe", 204);
    await call("GET /api/leaves/{id}", `/api/leaves/${dropped.id}`, "employe", 404);

    // ---- planning and event days ----
    const eventDay = await call("POST /api/event_days", "/api/event_days", "employe", 201, { body: { date: leaveDay(8), type: "closed" } });
    await call("POST /api/event_days", "/api/event_days", "employe", 409, { body: { date: leaveDay(8), type: "closed" } });
    await call("GET /api/event_days", "/api/event_days", "employe", 200);
    await call("GET /api/event_days/employee/{id}", `/api/event_days/employee/${employee}`, "chef.equipe", 200);
    await call("DELETE /api/event_days/{id}", `/api/event_days/${eventDay.id}`, "employe", 204);
    await call("GET /api/planning/employee/{id}/{start}/{end}", `/api/planning/employee/${employee}/${from}/${ymd(TODAY.plus({ weeks: 8 }))}`, "employe", 200);

    // ---- overtime and recovery ----
    await call("GET /api/overtime", `/api/overtime?${period}`, "employe", 200);
    await call("GET /api/overtime/search", `/api/overtime/search?subsidiaryId=${subsidiary}&${period}`, "direction", 200);
    await call("GET /api/overtime/employee/{id}", `/api/overtime/employee/${employee}`, "employe", 200);
    const lastWeek = TODAY.minus({ weeks: 1 });
    await call("GET /api/overtime/employee/{id}/{year}/{week}", `/api/overtime/employee/${employee}/${lastWeek.weekYear}/${lastWeek.weekNumber}`, "employe", 200);
    const deduction = await call("POST /api/deduction", "/api/deduction", "direction", 201, { body: { newdeduction: "1,5", employeeId: employee } });
    await call("POST /api/getdeduction", "/api/getdeduction", "direction", 200, {
      body: { employeeId: employee, start: TODAY.minus({ months: 1 }).toUnixInteger(), end: TODAY.toUnixInteger() },
    });
    await call("DELETE /api/deduction/{id}", `/api/deduction/${deduction.id}`, "direction", 200);
    await call("POST /api/add-recovery", "/api/add-recovery", "daf", 200, { body: { week: lastWeek.weekNumber, year: lastWeek.weekYear, force: true } });
    await call("POST /api/add-recovery", "/api/add-recovery", "daf", 409, { body: { week: lastWeek.weekNumber, year: lastWeek.weekYear } });

    // ---- reports ----
    for (const report of ["leave", "overtime", "recovery", "hourly-cost"]) {
      await call(`GET /api/report/${report}`, `/api/report/${report}?subsidiaryId=${subsidiary}&${period}`, "daf", 200);
    }

    if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(dump, null, 1));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(problems, problems.join("\n")).toEqual([]);
    expect(documented.filter((op) => !succeeded.has(op))).toEqual([]);
  }, 180_000);
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type TestEmployee } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * An employee whose time registration is off may not clock (DESIGN §5): the /api calls and the HTML badging
 * form answer a 4xx with a French message and store nothing.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const MESSAGE = "Le pointage des heures n'est pas activé pour vous : aucune action de pointage n'a été enregistrée.";
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

let off: TestEmployee;
let on: TestEmployee;
beforeAll(async () => {
  const org = await createOrg(db.em());
  off = await createEmployee(db.em(), org, { timeRegistration: false });
  on = await createEmployee(db.em(), org, { timeRegistration: true });
});

const stored = async (employeeId: number) => ({
  days: await db.sql("select id from time_clock where employee_id = ?", [employeeId]),
  logs: await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [employeeId]),
  state: await db.sql("select last_state_time_clock from employee where id = ?", [employeeId]),
});

describe("POST /api/timeclock/{action} with time registration off", () => {
  it.each(["start", "pause", "lunch", "end", "reset"])("%s: 409 with a French message, nothing stored", async (action) => {
    const token = await api.login(off.email);
    const before = await stored(off.employeeId);
    const res = await api.post(`/api/timeclock/${action}`, {}, token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: MESSAGE });
    expect(await stored(off.employeeId)).toEqual(before);
    expect(before.days).toEqual([]);
  });

  it("still works for an employee whose time registration is on", async () => {
    const token = await api.login(on.email);
    expect((await api.post("/api/timeclock/start", {}, token)).status).toBe(200);
  });
});

describe("the HTML badging form with time registration off", () => {
  it("shows a notice instead of the buttons", async () => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(off.email);
    const page = await c.get("/time-clock/badging");
    expect(page.status).toBe(200);
    const html = decode(page.text);
    expect(html).toContain("Le pointage des heures n'est pas activé pour vous.");
    expect(html).not.toContain('name="intent" value="start"');
  });

  it.each(["start", "pause", "lunch", "end"])("refuses %s (409, French message in the page), nothing stored", async (intent) => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(off.email);
    const res = await c.post("/time-clock/badging", { intent });
    expect(res.status).toBe(409);
    expect(decode(res.text)).toContain(MESSAGE);
    expect((await stored(off.employeeId)).days).toEqual([]);
  });
});

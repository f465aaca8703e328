import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { createEmployee as createSheet } from "~/services/employees/writes.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock } from "~tests/support/factories-badging";
import { actorOf, completeSheet, sheetToForm } from "~tests/support/factories-employees";
import { createLeave } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/** Archive, don't delete (issue 29 §8, issue 27 §2; decision 0081). */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

let org: Org;
let token: string;
let manager: Awaited<ReturnType<typeof createEmployee>>;

beforeAll(async () => {
  org = await createOrg(db.em(), " Archive");
  manager = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "arch.head@cadran.test" });
  token = await api.login(manager.email);
});

describe("a departure date before the hiring date", () => {
  it.each([
    ["unix seconds 12345 (01/01/1970)", 12345],
    ["−1 (31/12/1969)", -1],
    ["1.5 (01/01/1970)", 1.5],
    ["a date string before the hiring", "2022-12-31"],
  ])("PUT /api/employees/{id} firedAt %s → 422 on firedAt, nothing stored", async (_case, firedAt) => {
    const { employeeId } = await createEmployee(db.em(), org);
    await db.sql(`update employee set hired_at = '2023-03-01' where id = ?`, [employeeId]);
    const res = await api.put(`/api/employees/${employeeId}`, { firedAt }, token);
    expect(res.status).toBe(422);
    expect(res.body.violations).toContainEqual({
      propertyPath: "firedAt",
      message: t("employee.error.fired_before_hired", { date: "01/03/2023" }),
    });
    const [row] = await db.sql<{ fired_at: string | null }>(`select fired_at from employee where id = ?`, [employeeId]);
    expect(row!.fired_at).toBeNull();
  });

  it("a departure on or after the hiring is accepted; a new sheet is checked the same way", async () => {
    const { employeeId } = await createEmployee(db.em(), org);
    await db.sql(`update employee set hired_at = '2023-03-01' where id = ?`, [employeeId]);
    const res = await api.put(`/api/employees/${employeeId}`, { firedAt: "2023-03-01" }, token);
    expect(res.status).toBe(200);
    // /api bodies give unix seconds (decision 0088): 01/03/2023 at midnight UTC.
    expect(res.body.firedAt).toBe(Date.UTC(2023, 2, 1) / 1000);
    const actor = await actorOf(db.em(), manager);
    await expect(createSheet(db.em(), actor, completeSheet(org, { hiredAt: "2024-05-02", firedAt: "2024-05-01" }))).rejects.toMatchObject({
      status: 422,
      violations: [{ propertyPath: "firedAt", message: t("employee.error.fired_before_hired", { date: "02/05/2024" }) }],
    });
  });
});

it("the sheet form answers a departure before the hiring with a French field error, the form filled back (400)", async () => {
  const client = htmlClient(() => server.baseUrl);
  await client.login(manager.email);
  const sheet = completeSheet(org, { hiredAt: "2024-05-02", firedAt: "2024-05-01", email: "arch.form@cadran.test" });
  const res = await client.post("/employees/new", sheetToForm(sheet));
  expect(res.status).toBe(400);
  const html = res.text.replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
  expect(html).toContain(t("employee.error.fired_before_hired", { date: "02/05/2024" }));
  expect(html).toContain('value="2024-05-01"');
  expect(await db.sql(`select 1 from employee where email = 'arch.form@cadran.test'`)).toHaveLength(0);
});

describe("deleting an employee", () => {
  const refusal = t("employee.error.delete_has_history");

  it.each([
    [
      "with a clocked day",
      async (id: number) =>
        void (await createClock(db.em(), id, "2026-10-05", [
          ["08:00", "START"],
          ["12:00", "END"],
        ])),
    ],
    [
      "with a leave",
      async (id: number) => void (await createLeave(db.em(), id, { reason: "PAID_LEAVE", start: "2026-10-05", end: "2026-10-05", state: "pending" })),
    ],
    ["with a recovery balance", async (id: number) => void (await db.sql(`update employee set recovery_earned = 3600 where id = ?`, [id]))],
    [
      "with a deduction",
      async (id: number) =>
        void (await db.sql(`insert into deduction (employee_id, date, seconds, created_at) values (?, '2026-10-05', 3600, now())`, [id])),
    ],
  ])("%s is refused with a French 409 pointing to archiving; nothing deleted", async (_case, give) => {
    const { employeeId } = await createEmployee(db.em(), org);
    await give(employeeId);
    const res = await api.delete(`/api/employees/${employeeId}`, token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(refusal);
    expect(refusal).toContain("Archivez");
    expect(await db.sql(`select 1 from employee where id = ?`, [employeeId])).toHaveLength(1);
  });

  it("an empty sheet created by mistake is still deleted (204)", async () => {
    const { employeeId } = await createEmployee(db.em(), org);
    expect((await api.delete(`/api/employees/${employeeId}`, token)).status).toBe(204);
    expect(await db.sql(`select 1 from employee where id = ?`, [employeeId])).toHaveLength(0);
  });
});

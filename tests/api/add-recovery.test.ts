import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { ALL_ROLES, createEmployee, createOrg, createRoleAccounts, type Org } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { apiClient, useTestServer } from "~tests/support/http";

/**
 * POST /api/add-recovery {week, year, force} over HTTP (spec 2 §7): one ISO week of the whole company computed and
 * its recovery credited; 409 when already credited without force; force credits only the difference; rights per
 * role; bad input answered in French with nothing stored.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const H = 3600;
/** Week 10 of 2026 (2 – 8 March), long over whatever day the tests run. */
const WEEK10 = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];

let org: Org;
let worker = 0;
const tokens = {} as Record<(typeof ALL_ROLES)[number], string>;

async function counter(): Promise<number> {
  const [row] = await db.sql<{ recovery_earned: number }>("select recovery_earned from employee where id = ?", [worker]);
  return row!.recovery_earned;
}

async function stored() {
  const [row] = await db.sql<{ weeks: number; credited: number; earned: number }>(
    `select count(*)::int as weeks, coalesce(sum(credited_seconds), 0)::int as credited,
            (select coalesce(sum(recovery_earned), 0)::int from employee) as earned from overtime_week`,
  );
  return row!;
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Recovery");
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2020-01-01" });
  const accounts = await createRoleAccounts(db.em(), org);
  for (const role of ALL_ROLES) tokens[role] = await api.login(accounts[role].email);
  ({ employeeId: worker } = await createEmployee(db.em(), org));
  await createSchedule(db.em(), worker);
  await db.sql("update employee set number_of_hours_per_week = 35, hired_at = '2025-01-01' where id = ?", [worker]);
  // The role accounts were hired later: only the worker is employed during week 10.
  await db.sql("update employee set hired_at = '2026-06-01' where id <> ?", [worker]);
  for (const date of WEEK10) await recomputeDay(db.em(), await createClock(db.em(), worker, date, NINE_HOURS));
});

describe("POST /api/add-recovery", () => {
  it.each([
    ["week 54", { week: 54, year: 2026, force: "false" }, "week"],
    ["year 1900", { week: 10, year: 1900 }, "year"],
    ["non-numbers", { week: "abc", year: "deux mille" }, "week"],
    ["a week not over", { week: 53, year: 2020 + 100 }, "year"],
    ["force neither true nor false", { week: 10, year: 2026, force: "oui" }, "force"],
  ])("refuses %s with 422 and French violations, storing nothing", async (_name, body, field) => {
    const before = await stored();
    const res = await api.post("/api/add-recovery", body, tokens.ROLE_HEAD_MANAGEMENT);
    expect(res.status).toBe(422);
    // One field wrong: the message is its reason; several: the general sentence (issue 28 item 4).
    expect(res.body.message).toBe(new Set(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).size === 1 ? res.body.violations[0].message : "Certains champs sont invalides.");
    const violation = res.body.violations.find((v: { propertyPath: string }) => v.propertyPath === field);
    expect(violation.message).toMatch(/semaine|année|force/);
    expect(await stored()).toEqual(before);
  });

  it("refuses a body that is not a JSON object with 400", async () => {
    const res = await api.call("POST", "/api/add-recovery", { rawBody: "[10, 2026]", token: tokens.ROLE_FINANCIAL_MANAGEMENT });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTypeOf("string");
  });

  it.each(ALL_ROLES.map((role) => [role, role === "ROLE_HEAD_MANAGEMENT" || role === "ROLE_FINANCIAL_MANAGEMENT"] as const))(
    "rights: %s may call it: %s",
    async (role, allowed) => {
      // A bad week: an allowed role reaches the validation (422), another is refused first (403); nothing stored.
      const res = await api.post("/api/add-recovery", { week: 54, year: 2026 }, tokens[role]);
      expect(res.status).toBe(allowed ? 422 : 403);
      expect(res.body.message).toBeTypeOf("string");
    },
  );

  it("answers 401 without a token", async () => {
    expect((await api.post("/api/add-recovery", { week: 10, year: 2026 })).status).toBe(401);
  });

  it("credits a week once: 409 without force, the difference only with force", async () => {
    const res = await api.post("/api/add-recovery", { week: "10", year: "2026", force: "false" }, tokens.ROLE_FINANCIAL_MANAGEMENT);
    expect(res.status).toBe(200);
    // 45 h on a 35 h contract, half into recovery: 4 h × 1.25 + 1 h × 1.5.
    expect(res.body).toMatchObject({ week: 10, year: 2026, employees: 1, creditedWeeks: 1, creditedSeconds: 6.5 * H });
    expect(res.body.message).toBe("Récupération ajoutée pour la semaine 10 de 2026 : 1 salarié, 6 h 30 créditées.");
    expect(await counter()).toBe(6.5 * H);

    const again = await api.post("/api/add-recovery", { week: 10, year: 2026 }, tokens.ROLE_HEAD_MANAGEMENT);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "La récupération de la semaine 10 de 2026 a déjà été créditée. Envoyez « force » à « true » pour la recalculer et ne créditer que la différence.",
    );
    expect(await counter()).toBe(6.5 * H);

    const forcedSame = await api.post("/api/add-recovery", { week: 10, year: 2026, force: "true" }, tokens.ROLE_HEAD_MANAGEMENT);
    expect(forcedSame.status).toBe(200);
    expect(forcedSame.body).toMatchObject({ creditedWeeks: 0, creditedSeconds: 0 });
    expect(await counter()).toBe(6.5 * H);

    // Saturday worked too (54 h): 4 h × 1.25 + 5.5 h × 1.5 = 13 h 15 of recovery; force credits the 6 h 45 more.
    await recomputeDay(db.em(), await createClock(db.em(), worker, "2026-03-07", NINE_HOURS));
    const forced = await api.post("/api/add-recovery", { week: 10, year: 2026, force: true }, tokens.ROLE_HEAD_MANAGEMENT);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ creditedWeeks: 1, creditedSeconds: 6.75 * H });
    expect(await counter()).toBe(13.25 * H);
    const [week] = await db.sql("select credited, credited_seconds from overtime_week where employee_id = ? and iso_week = 10", [worker]);
    expect(week).toEqual({ credited: true, credited_seconds: 13.25 * H });
  });

  it("answers GET as a call the rights table does not list (404)", async () => {
    expect((await api.get("/api/add-recovery", tokens.ROLE_HEAD_MANAGEMENT)).status).toBe(404);
  });
});

import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { counters, createLeave, createLeaveCast, setCounters } from "~tests/support/factories-leave";
import { apiClient, useTestServer } from "~tests/support/http";
import { startSmtpCapture } from "~tests/support/smtp";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

type Cast = Awaited<ReturnType<typeof createLeaveCast>>;
let cast: Cast;
const tokens: Record<string, string> = {};

/** A working day next year, so that "no start before yesterday" never bites whatever the date of the run. */
// Next year in Paris, as the app counts years (the machine\'s zone gave the year before on 1 January 00:30).
const Y = DateTime.now().setZone("Europe/Paris").year + 1;
const day = (mmdd: string) => `${Y}-${mmdd}`;
/** Unix seconds of local midnight in Paris, as the spec's client sends (and 00:00 UTC, as we answer, round-trips). */
const unix = (ymd: string) => Date.parse(`${ymd}T00:00:00+01:00`) / 1000;
/** The first Monday of March next year and the days after it. */
const monday = (() => {
  const d = new Date(Date.UTC(Y, 2, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
const plus = (ymd: string, n: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.INLINE_JOBS = "1";
  resetEnvCache();
  cast = await createLeaveCast(db.em(), " Api");
  for (const key of ["head", "financial", "departmentHead", "teamLeader", "employee", "otherTeamLeader", "otherDepartmentHead", "colleague", "host"] as const) {
    await setCounters(db.em(), cast[key].employeeId, { earnedLastYear: 5, earnedThisYear: 10, recoveryEarned: 10 * 3600 });
    tokens[key] = await api.login(cast[key].email);
  }
});
afterAll(async () => {
  await drainInlineJobs();
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});

describe("POST /api/leaves", () => {
  it("creates a pending leave (dates as unix seconds) and answers the spec's leave JSON", async () => {
    const res = await api.post(
      "/api/leaves",
      { reason: "PAID_LEAVE", start: unix(monday), end: unix(plus(monday, 1)), comment: "Ski", urgent: true, state: "accepted", employee: "/api/employees/1" },
      tokens.employee,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      "@type": "Leave",
      reason: "PAID_LEAVE",
      start: Date.parse(`${monday}T00:00:00Z`) / 1000,
      end: Date.parse(`${plus(monday, 1)}T00:00:00Z`) / 1000,
      state: "pending",
      numberDaysWork: 2,
      urgent: true,
      comment: "Ski",
      halfDayMorning: false,
      halfDayAfternoon: false,
      nbHourAbsence: null,
      canEdit: true,
      canDelete: true,
      employee: {
        "@id": `/api/employees/${cast.employee.employeeId}`,
        id: cast.employee.employeeId,
        holidayEarnedLastYear: 5,
        holidayEarnedThisYear: 10,
        recoveryEarned: 36000,
        recoveryTaken: 0,
      },
    });
    expect(typeof res.body.employee.fullname).toBe("string");
    await api.delete(`/api/leaves/${res.body.id}`, tokens.employee);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["a missing reason", { start: "MON", end: "MON" }, "reason", "Ce champ est obligatoire."],
    ["an unknown reason", { reason: "HOLIDAY", start: "MON", end: "MON" }, "reason", "Valeur invalide."],
    ["a malformed date", { reason: "PAID_LEAVE", start: "31/02", end: "MON" }, "start", "Valeur invalide."],
    ["an end before the start", { reason: "PAID_LEAVE", start: "TUE", end: "MON" }, "end", "La date de fin doit être postérieure ou égale à la date de début."],
    ["a recovery leave without hours", { reason: "RECOVERY_LEAVE", start: "MON", end: "MON" }, "nbHourAbsence", "Ce champ est obligatoire."],
    ["a recovery leave under 1 hour", { reason: "RECOVERY_LEAVE", start: "MON", end: "MON", nbHourAbsence: 0.5 }, "nbHourAbsence", "Une récupération dure au moins 1 heure."],
    ["morning and afternoon together", { reason: "PAID_LEAVE", start: "MON", end: "MON", halfDayMorning: true, halfDayAfternoon: true }, "halfDay", "Choisissez le matin ou l'après-midi, pas les deux."],
    ["a half day on several days", { reason: "PAID_LEAVE", start: "MON", end: "TUE", halfDayMorning: true }, "halfDay", "Une demi-journée n'est possible que pour un congé d'un seul jour."],
    ["more days than the balance", { reason: "PAID_LEAVE", start: "MON", end: "FAR" }, "start", "Pas assez de congés : 20 j demandés, 15 j disponibles."],
    ["a weekend only", { reason: "PAID_LEAVE", start: "SAT", end: "SUN" }, "start", "Cette période ne tombe que sur un week-end : elle ne compte aucun jour ouvré à poser."],
    ["a start in the past", { reason: "PAID_LEAVE", start: "PAST", end: "MON" }, "start", "La date de début ne peut pas être antérieure à hier."],
  ])("answers 422 for %s", async (_name, body, path, message) => {
    const map: Record<string, string> = { MON: monday, TUE: plus(monday, 1), SAT: plus(monday, 5), SUN: plus(monday, 6), FAR: plus(monday, 27), PAST: "2020-01-06" };
    const resolved = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" && map[v] ? map[v] : v]));
    const res = await api.post("/api/leaves", resolved, tokens.employee);
    expect(res.status).toBe(422);
    const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    expect(res.body.violations).toContainEqual({ propertyPath: path, message: message.replace("SATFR", fr(map.SAT!)).replace("SUNFR", fr(map.SUN!)) });
  });

  it("answers 422 on an overlap and on a public holiday, 415 without JSON, 401 without a token", async () => {
    await db.sql("insert into holiday (country_id, date, name) values (?, ?, 'Férié')", [cast.org.countryId, plus(monday, 14)]);
    const holiday = await api.post("/api/leaves", { reason: "SICK_LEAVE", start: plus(monday, 14), end: plus(monday, 14) }, tokens.employee);
    expect(holiday.status).toBe(422);
    expect(holiday.body.violations).toContainEqual({ propertyPath: "start", message: "Cette période ne tombe que sur un jour férié : elle ne compte aucun jour ouvré à poser." });
    const first = await api.post("/api/leaves", { reason: "SICK_LEAVE", start: plus(monday, 7), end: plus(monday, 8) }, tokens.employee);
    expect(first.status).toBe(201);
    const clash = await api.post("/api/leaves", { reason: "RTT_LEAVE", start: plus(monday, 8), end: plus(monday, 8) }, tokens.employee);
    expect(clash.status).toBe(422);
    expect(clash.body.violations).toContainEqual({ propertyPath: "start", message: "Un congé existe déjà sur cette période." });
    expect((await api.call("POST", "/api/leaves", { rawBody: "reason=x", contentType: "application/x-www-form-urlencoded", token: tokens.employee })).status).toBe(415);
    expect((await api.post("/api/leaves", {})).status).toBe(401);
    await api.delete(`/api/leaves/${first.body.id}`, tokens.employee);
  });
});

describe("GET /api/leaves/{id}, PATCH and DELETE", () => {
  it("shows a leave to its owner and to managers in scope only", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 21), end: plus(monday, 21) });
    for (const who of ["employee", "teamLeader", "departmentHead", "head", "financial"]) {
      const res = await api.get(`/api/leaves/${id}`, tokens[who]);
      expect(res.status, who).toBe(200);
      expect(res.body.canEdit, who).toBe(who === "employee");
    }
    for (const who of ["colleague", "otherTeamLeader", "otherDepartmentHead", "host"]) {
      const res = await api.get(`/api/leaves/${id}`, tokens[who]);
      expect(res.status, who).toBe(404);
      expect(res.body.message).toBe("Demande de congé introuvable.");
    }
    expect((await api.get(`/api/leaves/999999`, tokens.head)).status).toBe(404);
    expect((await api.get(`/api/leaves/abc`, tokens.head)).status).toBe(404);
  });

  it("edits and deletes one's own pending leave; 403 for a manager, 404 out of scope, 409 once decided", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 22), end: plus(monday, 22) });
    const edited = await api.patch(`/api/leaves/${id}`, { reason: "RTT_LEAVE", start: plus(monday, 22), end: plus(monday, 22), halfDayAfternoon: true }, tokens.employee);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ reason: "RTT_LEAVE", halfDayAfternoon: true, numberDaysWork: 0.5, version: 2 });
    expect((await api.patch(`/api/leaves/${id}`, { reason: "RTT_LEAVE", start: plus(monday, 22), end: plus(monday, 22) }, tokens.teamLeader)).status).toBe(403);
    expect((await api.patch(`/api/leaves/${id}`, { reason: "RTT_LEAVE", start: plus(monday, 22), end: plus(monday, 22) }, tokens.colleague)).status).toBe(404);
    expect((await api.delete(`/api/leaves/${id}`, tokens.colleague)).status).toBe(404);
    expect((await api.patch(`/api/leaves/${id}/valid`, undefined, tokens.teamLeader)).status).toBe(200);
    const late = await api.patch(`/api/leaves/${id}`, { reason: "RTT_LEAVE", start: plus(monday, 22), end: plus(monday, 22) }, tokens.employee);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Cette demande ne peut plus être modifiée : elle n'est plus en attente.");
    expect((await api.delete(`/api/leaves/${id}`, tokens.employee)).status).toBe(409);
    const id2 = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 23), end: plus(monday, 23) });
    expect((await api.delete(`/api/leaves/${id2}`, tokens.employee)).status).toBe(204);
    expect(await db.sql("select id from leave where id = ?", [id2])).toHaveLength(0);
  });
});

describe("PATCH /api/leaves/{id}/valid, /refuse, /remove", () => {
  it("walks the full workflow; rights 403, scope 404, step 403; acceptance charges the counters, removal restores them", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 28), end: plus(monday, 29), numberDaysWork: 2 });
    // Roles without the right: 403 from the rights table.
    expect((await api.patch(`/api/leaves/${id}/valid`, undefined, tokens.colleague)).status).toBe(403);
    expect((await api.patch(`/api/leaves/${id}/refuse`, undefined, tokens.host)).status).toBe(403);
    // A team leader of another team: the leave is outside their scope, 404 (its existence is not revealed).
    const other = await api.patch(`/api/leaves/${id}/valid`, undefined, tokens.otherTeamLeader);
    expect(other.status).toBe(404);
    // The department head in scope but before the team leader: 403 with a French message.
    const early = await api.patch(`/api/leaves/${id}/valid`, undefined, tokens.departmentHead);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe("Vous ne pouvez pas traiter cette demande à cette étape.");
    expect((await api.get(`/api/leaves/${id}`, tokens.employee)).body.stateLabel).toBe("En attente du chef d'équipe");
    const prevalidated = await api.patch(`/api/leaves/${id}/valid`, undefined, tokens.teamLeader);
    expect(prevalidated.body.state).toBe("prevalidate");
    // Where the request is, beside the raw state (issue 11 §3).
    expect(prevalidated.body.stateLabel).toMatch(/^En attente du chef de pôle \(validée par le chef d'équipe le \d{2}\/\d{2}\/\d{4}\)$/);
    const validated = await api.patch(`/api/leaves/${id}/valid`, {}, tokens.departmentHead);
    expect(validated.body.state).toBe("validate");
    expect(validated.body.stateLabel).toMatch(/^En attente de la direction \(validée par le chef de pôle le \d{2}\/\d{2}\/\d{4}\)$/);
    const before = await counters(db.em(), cast.employee.employeeId);
    const accepted = await api.patch(`/api/leaves/${id}/valid`, undefined, tokens.financial);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: "accepted", stateLabel: "Acceptée", canEdit: false, canDelete: false, canRemove: true });
    const after = await counters(db.em(), cast.employee.employeeId);
    expect(after.takenLastYear - before.takenLastYear + after.takenThisYear - before.takenThisYear).toBe(2);
    expect((await api.patch(`/api/leaves/${id}/refuse`, undefined, tokens.head)).status).toBe(409);
    // Remove after validation: head and financial management only.
    expect((await api.patch(`/api/leaves/${id}/remove`, undefined, tokens.departmentHead)).status).toBe(403);
    const removed = await api.patch(`/api/leaves/${id}/remove`, undefined, tokens.head);
    expect(removed.status).toBe(200);
    expect(removed.body.state).toBe("removed");
    expect(await counters(db.em(), cast.employee.employeeId)).toEqual(before);
    expect((await api.patch(`/api/leaves/${id}/remove`, undefined, tokens.head)).status).toBe(409);
    expect((await api.get(`/api/leaves/${id}/valid`, tokens.head)).status).toBe(405);
  });

  it("refuse ends the request at any step", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 30), end: plus(monday, 30) });
    const res = await api.patch(`/api/leaves/${id}/refuse`, undefined, tokens.teamLeader);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe("refused");
  });

  it("two validations at once: exactly one 200 and one 409", async () => {
    const fast = await createEmployee(db.em(), cast.org, { leaveWorkflow: "fast", email: "race.api@cadran.test" });
    await setCounters(db.em(), fast.employeeId, { earnedThisYear: 20 });
    for (let round = 0; round < 4; round++) {
      const id = await createLeave(db.em(), fast.employeeId, { start: plus(monday, 35 + round), numberDaysWork: 1 });
      const [a, b] = await Promise.all([
        api.patch(`/api/leaves/${id}/valid`, { version: 1 }, tokens.head),
        api.patch(`/api/leaves/${id}/valid`, { version: 1 }, tokens.financial),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toBe("Cette demande a déjà été traitée entre-temps. Rechargez la page.");
    }
    expect((await counters(db.em(), fast.employeeId)).takenThisYear).toBe(4);
  });

  it("a stale version is a 409 even when the request is still in flight", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 42) });
    expect((await api.patch(`/api/leaves/${id}/valid`, { version: 1 }, tokens.teamLeader)).status).toBe(200);
    expect((await api.patch(`/api/leaves/${id}/valid`, { version: 1 }, tokens.head)).status).toBe(409);
    expect((await api.patch(`/api/leaves/${id}/valid`, { version: "x" }, tokens.head)).status).toBe(422);
  });
});

describe("lists", () => {
  let pendingFull: number;
  let lisbonLeave: number;
  let lisbonSubsidiary: number;
  beforeAll(async () => {
    pendingFull = await createLeave(db.em(), cast.employee.employeeId, { start: plus(monday, 49), end: plus(monday, 49) });
    const lisbon = await createOrg(db.em(), " Lisboa Api");
    lisbonSubsidiary = lisbon.subsidiaryId;
    const ana = await createEmployee(db.em(), lisbon, { leaveWorkflow: "fast", email: "ana.api@cadran.test" });
    lisbonLeave = await createLeave(db.em(), ana.employeeId, { start: plus(monday, 49) });
    await createLeave(db.em(), ana.employeeId, { start: plus(monday, 50), state: "accepted" });
  });

  it("GET /api/leaves/waiting: what awaits the caller's step, management company-wide", async () => {
    const ids = async (who: string) => ((await api.get("/api/leaves/waiting", tokens[who])).body["hydra:member"] as { id: number }[]).map((l) => l.id);
    expect(await ids("teamLeader")).toContain(pendingFull);
    expect(await ids("otherTeamLeader")).not.toContain(pendingFull);
    expect(await ids("departmentHead")).not.toContain(pendingFull);
    expect(await ids("head")).not.toContain(pendingFull);
    expect(await ids("head")).toContain(lisbonLeave);
    expect((await api.get("/api/leaves/waiting", tokens.colleague)).status).toBe(403);
    // The menu counter counts the same list.
    const waiting = await api.get("/api/leaves/waiting", tokens.teamLeader);
    expect(waiting.body["hydra:totalItems"]).toBe(waiting.body["hydra:member"].length);
  });

  it("GET /api/leaves/me, /all, /waiting-planning, /valid/employee/{id} and /filtered/{subsidiaryId}", async () => {
    const mine = await api.get("/api/leaves/me", tokens.employee);
    expect(mine.status).toBe(200);
    expect(mine.body["hydra:member"].every((l: { employee: { id: number } }) => l.employee.id === cast.employee.employeeId)).toBe(true);

    const all = await api.get(`/api/leaves/all?start=${plus(monday, 49).replaceAll("-", "")}&end=${plus(monday, 49).replaceAll("-", "")}`, tokens.teamLeader);
    expect(all.status).toBe(200);
    expect(all.body["hydra:member"].map((l: { id: number }) => l.id)).toEqual([pendingFull]);
    expect((await api.get(`/api/leaves/all?employeeId=${cast.employee.employeeId}`, tokens.otherTeamLeader)).status).toBe(404);
    expect((await api.get(`/api/leaves/all?start=2026-01-01`, tokens.head)).status).toBe(400);
    expect((await api.get(`/api/leaves/all`, tokens.employee)).status).toBe(403);

    const planning = await api.get("/api/leaves/waiting-planning", tokens.head);
    const planningIds = planning.body["hydra:member"].map((l: { id: number }) => l.id);
    expect(planningIds).toContain(pendingFull);
    expect(planningIds).toContain(lisbonLeave);

    const valid = await api.get(`/api/leaves/valid/employee/${cast.employee.employeeId}`, tokens.departmentHead);
    expect(valid.status).toBe(200);
    expect(valid.body["hydra:member"].every((l: { state: string }) => l.state === "accepted")).toBe(true);
    expect((await api.get(`/api/leaves/valid/employee/${cast.employee.employeeId}`, tokens.colleague)).status).toBe(404);

    const filtered = await api.get(`/api/leaves/filtered/${lisbonSubsidiary}`, tokens.head);
    expect(filtered.status).toBe(200);
    expect(filtered.body["hydra:totalItems"]).toBe(2);
    expect((await api.get(`/api/leaves/filtered/${lisbonSubsidiary}`, tokens.host)).status).toBe(404);
    const own = await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}?teamId=${cast.org.teamId}&employeeName=employe`, tokens.host);
    expect(own.status).toBe(200);
    expect((await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}`, tokens.colleague)).status).toBe(403);
  });
});

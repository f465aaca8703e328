import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { runJob } from "~/jobs/registry.server";
import { clockNotifications } from "~/jobs/clock-notifications.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createAcceptedLeave, createClock, createSchedule } from "~tests/support/factories-badging";
import { startSmtpCapture } from "~tests/support/smtp";

const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

const DATE = "2026-03-30"; // a Monday
const AT_0920 = new Date("2026-03-30T07:20:00Z"); // 09:20 in Paris (summer time)
const AT_1156 = new Date("2026-03-30T09:56:00Z"); // 11:56 in Paris

let late: { employeeId: number; email: string };
let working: { employeeId: number };
let onLeave: { employeeId: number };
let noSchedule: { employeeId: number };
let notTracked: { employeeId: number };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  const org = await createOrg(db.em());
  late = await createEmployee(db.em(), org, { firstname: "léa", lastname: "retard" });
  working = await createEmployee(db.em(), org);
  onLeave = await createEmployee(db.em(), org);
  noSchedule = await createEmployee(db.em(), org);
  notTracked = await createEmployee(db.em(), org, { timeRegistration: false });
  for (const e of [late, working, onLeave, notTracked]) await createSchedule(db.em(), e.employeeId);
  await createAcceptedLeave(db.em(), onLeave.employeeId, "2026-03-30", "2026-04-03");
  await createClock(db.em(), working.employeeId, DATE, [["08:55", "START"]]);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

async function notificationOf(employeeId: number) {
  const rows = await db.sql<{ new_notification: string | null; type: string | null }>(
    `select new_notification, type from time_clock where employee_id = ? and date = ? and suggested = false`,
    [employeeId, DATE],
  );
  return rows;
}

describe("clock.notifications job", () => {
  it("sets the missed start once, creating the day's clock, and mails it once even when run twice", async () => {
    const first = await clockNotifications(db.em(), AT_0920);
    expect(first).toEqual({ due: 1, notified: 1, mails: 1 });
    const second = await clockNotifications(db.em(), new Date(AT_0920.getTime() + 5 * 60_000));
    expect(second).toEqual({ due: 1, notified: 0, mails: 0 });

    expect(await notificationOf(late.employeeId)).toEqual([{ new_notification: "start_missed", type: null }]);
    const keys = await db.sql<{ key: string }>(`select key from job_run where key like 'notif:%'`);
    expect(keys.map((k) => k.key)).toEqual([`notif:${late.employeeId}:${DATE}:start_missed`]);

    const mail = await smtp.waitFor((m) => m.to.includes(late.email));
    // The capture joins folded encoded words with a space: compare with whitespace normalised.
    expect(mail.subject.replace(/\s+/g, " ")).toBe("Cadran : vous n'avez pas badgé votre début de journée");
    expect(mail.text).toContain("Léa RETARD");
    expect(mail.text).toContain("09:00");
    expect(mail.text).toContain("30/03/2026");
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter((m) => m.to.includes(late.email))).toHaveLength(1);

    for (const e of [working, onLeave, noSchedule, notTracked]) {
      const rows = await notificationOf(e.employeeId);
      expect(rows.every((r) => r.new_notification === null)).toBe(true);
    }
  });

  it("sets the pre-lunch reminder on a started day through the worker's registry, without a mail", async () => {
    await runJob("clock.notifications", {}); // real now: whatever it finds (missed starts mail), it must not fail
    await new Promise((r) => setTimeout(r, 200)); // let the real-now mails arrive before counting
    const before = smtp.messages.length;
    const result = await clockNotifications(db.em(), AT_1156);
    expect(result.notified).toBeGreaterThanOrEqual(1);
    expect(await notificationOf(working.employeeId)).toEqual([{ new_notification: "pre_lunch", type: "START" }]);
    const again = await clockNotifications(db.em(), AT_1156);
    expect(again.notified).toBe(0);
    expect(smtp.messages.length - before).toBe(0); // a pre-lunch reminder never mails
  });
});

describe("no false overtime alarm (issue 28 item 2)", () => {
  const TUESDAY = "2026-03-31";
  const AT_1935 = new Date("2026-03-31T17:35:00Z"); // 19:35 in Paris

  it("compares the time worked with the time expected, not the clock with the schedule's end", async () => {
    const org = await createOrg(db.em(), " Alarm");
    const lateComer = await createEmployee(db.em(), org);
    const longDay = await createEmployee(db.em(), org);
    for (const e of [lateComer, longDay]) await createSchedule(db.em(), e.employeeId);
    await createClock(db.em(), lateComer.employeeId, TUESDAY, [["19:34", "START"]]);
    await createClock(db.em(), longDay.employeeId, TUESDAY, [["07:30", "START"]]);

    await clockNotifications(db.em(), AT_1935);
    const of = async (employeeId: number) =>
      (
        await db.sql<{ new_notification: string | null }>(
          `select new_notification from time_clock where employee_id = ? and date = ? and suggested = false`,
          [employeeId, TUESDAY],
        )
      )[0]?.new_notification ?? null;
    // 1 minute worked at 19:35: no red "Heures supplémentaires importantes" modal, nor a premature end reminder.
    expect(await of(lateComer.employeeId)).toBeNull();
    // 12 h 05 worked for 7 h expected: the important overtime alarm.
    expect(await of(longDay.employeeId)).toBe("post_overtime");
  });
});

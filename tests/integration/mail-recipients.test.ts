import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { sendMail, sendStoredMail } from "~/server/operations/mail.server";
import { sendLeaveDecisionMail } from "~/services/leave/mail.server";
import { useTestDatabase } from "~tests/support/db";
import { createLeave, createLeaveCast } from "~tests/support/factories-leave";
import { startSmtpCapture } from "~tests/support/smtp";

/**
 * Issue 42 §6, decision 0121: no mail to an archived or anonymised person, whatever the mail (the probe saw a leave's
 * removal mailed to `anonyme-24@anonyme.invalid`), checked when it is sent and again when a stored one is delivered.
 * Real PostgreSQL and a real SMTP server.
 */
const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let cast: Awaited<ReturnType<typeof createLeaveCast>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  cast = await createLeaveCast(db.em(), " mail recipients");
});
afterAll(async () => {
  await smtp.close();
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

describe("mails to archived and anonymised people", () => {
  it("an active person is mailed; an archived one is not, even with a departure date ahead", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    expect(await sendMail({ to: cast.colleague.email, subject: "Actif", text: "x" })).toEqual({});
    await db.sql(`update employee set fired_at = ?::date where id = ?`, ["2099-12-31", cast.employee.employeeId]);
    expect(await sendMail({ to: cast.employee.email, subject: "Archivé", text: "x" })).toEqual({ refused: "archived" });
    // The same address typed in another case is the same person.
    expect(await sendMail({ to: cast.employee.email.toUpperCase(), subject: "Archivé", text: "x" })).toEqual({ refused: "archived" });
    await smtp.waitFor((m) => m.to.includes(cast.colleague.email));
    expect(mailsTo(cast.employee.email)).toEqual([]);
    vi.restoreAllMocks();
  });

  it("an anonymised person's future leave removed: no removal mail, to the anonymised address or any other", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const leaveId = await createLeave(db.em(), cast.departmentHead.employeeId, { start: "2099-07-01", end: "2099-07-03", state: "removed" });
    await db.sql(`insert into leave_step (leave_id, step, actor_id, at) values (?, 'removed', ?, now())`, [leaveId, cast.head.employeeId]);
    await db.sql(
      `update employee set fired_at = '2020-01-31', anonymised_at = now(), email = 'anonyme-' || id || '@anonyme.invalid', firstname = 'Anonyme', lastname = id::text where id = ?`,
      [cast.departmentHead.employeeId],
    );
    await sendLeaveDecisionMail(db.em(), leaveId);
    const address = `anonyme-${cast.departmentHead.employeeId}@anonyme.invalid`;
    expect(mailsTo(address)).toEqual([]);
    expect(mailsTo(cast.departmentHead.email)).toEqual([]);
    expect(info.mock.calls.flat().join("\n")).toMatch(/\[mail\] not sent \((undeliverable|anonymised) recipient/);
    vi.restoreAllMocks();
  });

  it("a mail stored before the person was archived is not delivered later, and is never retried", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const [row] = await db.sql<{ id: string }>(
      `insert into outgoing_mail (key, to_address, subject, body) values (?, ?, 'Stocké', 'x') returning id`,
      [`test:archived-later:${Date.now()}`, cast.teamLeader.email],
    );
    await db.sql(`update employee set fired_at = '2026-01-31' where id = ?`, [cast.teamLeader.employeeId]);
    expect(await sendStoredMail(Number(row!.id))).toEqual({ sent: false });
    const [stored] = await db.sql<{ sent: boolean; failed: boolean; error: string }>(
      `select sent_at is not null as sent, failed_at is not null as failed, error from outgoing_mail where id = ?`,
      [row!.id],
    );
    expect(stored).toEqual({ sent: false, failed: true, error: "not sent: archived recipient (decision 0121)" });
    expect(mailsTo(cast.teamLeader.email)).toEqual([]);
    vi.restoreAllMocks();
  });
});

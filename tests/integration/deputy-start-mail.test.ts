import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { dayBounds } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { deputyToday, nameDeputy } from "~/services/identity/deputies.server";
import { mailStartingDeputies } from "~/services/identity/deputy-start-mail.server";
import { useTestDatabase } from "~tests/support/db";
import { createLeave, createLeaveCast, currentUserOf } from "~tests/support/factories-leave";
import { useInlineMail } from "~tests/support/smtp";

/**
 * A deputy period's first day (decision 0112), on real PostgreSQL and a real SMTP server: the deputy is told, once,
 * how many requests already awaited the manager before the period began; a period named to start today is told at
 * once.
 */
const db = useTestDatabase();
const mail = useInlineMail();
const today = deputyToday();
const tomorrow = addDays(today, 1);
/** 07:00 in Paris on a day: when the daily job runs. */
const sevenOn = (day: string) => new Date(dayBounds(day, "Europe/Paris").start.getTime() + 7 * 3600_000);

const toDeputy = (prefix: string) => mail.capture.messages.filter((m) => m.to.some((to) => to.startsWith(prefix)));

describe("the first day of a deputy period", () => {
  it("tells the deputy what already awaits the manager, once, on the period's first day only", async () => {
    const cast = await createLeaveCast(db.em(), " Debut suppleance");
    // Two requests await the team leader before the period; the deputy's own request is not theirs to decide.
    await createLeave(db.em(), cast.employee.employeeId, { start: "2031-03-03" });
    await createLeave(db.em(), cast.employee.employeeId, { start: "2031-04-07" });
    await createLeave(db.em(), cast.colleague.employeeId, { start: "2031-05-05" });
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    await nameDeputy(db.em(), leader, { deputyId: cast.colleague.employeeId, startsOn: tomorrow, endsOn: addDays(tomorrow, 6) }, today);
    await drainInlineJobs();

    // Today, the period has not begun: nothing.
    expect(await mailStartingDeputies(db.em(), new Date())).toEqual({ sent: 0 });
    // Tomorrow at 07:00: one mail, naming the manager and counting the two requests.
    expect(await mailStartingDeputies(db.em(), sevenOn(tomorrow))).toEqual({ sent: 1 });
    const sent = await mail.capture.waitFor((m) => m.to.some((to) => to.startsWith("collegue.debutsuppleance")));
    expect(sent.subject).toBe(t("deputy.mail.start_subject", { manager: leader.fullName }));
    expect(sent.text).toContain("2 demandes de congé l'attendaient déjà");
    expect(sent.text).toContain("/leave/waiting");
    // Run again (the next day's job, a retried job): nothing more.
    expect(await mailStartingDeputies(db.em(), sevenOn(addDays(tomorrow, 1)))).toEqual({ sent: 0 });
    expect(toDeputy("collegue.debutsuppleance")).toHaveLength(1);
  });

  it("a period named to start today is told at once, even with nothing waiting", async () => {
    const cast = await createLeaveCast(db.em(), " Suppleance immediate");
    const head = await currentUserOf(db.em(), cast.head);
    await nameDeputy(db.em(), head, { deputyId: cast.colleague.employeeId, startsOn: today, endsOn: addDays(today, 3) }, today);
    await drainInlineJobs();
    const sent = await mail.capture.waitFor((m) => m.to.some((to) => to.startsWith("collegue.suppleanceimmediate")));
    expect(sent.subject).toBe(t("deputy.mail.start_subject", { manager: head.fullName }));
    expect(sent.text).toContain("Aucune demande ne l'attend pour l'instant");
    expect(await mailStartingDeputies(db.em(), new Date())).toEqual({ sent: 0 });
    expect(toDeputy("collegue.suppleanceimmediate")).toHaveLength(1);
  });

  it("an archived deputy is not mailed, and their period is not read again", async () => {
    const cast = await createLeaveCast(db.em(), " Suppleant parti");
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    await nameDeputy(db.em(), leader, { deputyId: cast.colleague.employeeId, startsOn: tomorrow, endsOn: addDays(tomorrow, 2) }, today);
    await db.sql(`update employee set fired_at = ? where id = ?`, [today, cast.colleague.employeeId]);
    expect(await mailStartingDeputies(db.em(), sevenOn(tomorrow))).toEqual({ sent: 0 });
    const [row] = await db.sql<{ told: Date | null }>(`select start_mail_at as told from deputy where deputy_id = ?`, [cast.colleague.employeeId]);
    expect(row!.told).not.toBeNull();
    expect(toDeputy("collegue.suppleantparti")).toHaveLength(0);
  });
});

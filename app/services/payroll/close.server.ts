/**
 * The monthly close (DESIGN §10, decision 0046): a month of a subsidiary closed for payroll, who closed and reopened
 * it, and the guard every write that would change one of its weeks calls. The variables are in payroll.server.ts.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordHistory } from "~/services/history/history.server";
import { displayName } from "~/domain/employees/name";
import { canCloseMonth, closableFrom, monthWords } from "~/domain/payroll/month";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import type { PayrollLine } from "~/domain/payroll/variables";
import { payrollMonth } from "./payroll.server";
import { assertSubsidiary, checkMonth, PAYROLL_SNAPSHOT_LAYOUT, type StoredLine } from "./store.server";
import { backfillPaidWeeks, carryRappels, storePaidWeeks } from "./rappel.server";
import { computeWeeks } from "~/services/overtime/week.server";
import { creditFinishedWeeks } from "~/services/overtime/run.server";
import { isoWeekKey, mondayOf } from "~/domain/shared/iso-week";
import { addDays } from "~/domain/shared/time-calendar-date";

const frDate = (d: CalendarDate) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const monthLabel = (first: string) => monthWords(first);
const frInstant = (d: Date) => d.toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" });

// ---------------------------------------------------------------------------------------------------------------
// The close

export interface MonthState {
  closed: boolean;
  closedBy: string | null;
  closedAt: string | null;
  /** Whether the month may be closed now: its last day has passed in the subsidiary's zone (issue 27 §1). */
  closable: boolean;
  /** The first day it may be closed ('YYYY-MM-DD'). */
  closableFrom: CalendarDate;
  log: { action: string; actor: string | null; at: string; reason: string | null }[];
}

/** A subsidiary's zone (its own, else its country's, else Paris): the day a month is over is read there. */
async function subsidiaryToday(em: EntityManager, subsidiaryId: number, now: Date): Promise<CalendarDate> {
  const [row] = await em.execute<{ sub_tz: string | null; country_tz: string | null }[]>(
    `select s.timezone as sub_tz, c.timezone as country_tz from subsidiary s left join country c on c.id = s.country_id where s.id = ?`,
    [subsidiaryId],
  );
  if (!row) throw new NotFoundError();
  return localDate(now, resolveTimeZone(row.sub_tz, row.country_tz));
}

/** A name as the log shows it: the account's current name, else the name stored then (the account is gone). */
const shownName = (r: { firstname: string | null; lastname: string | null; stored: string | null }) =>
  r.firstname || r.lastname ? displayName(r.firstname, r.lastname) : r.stored;

export async function monthState(em: EntityManager, subsidiaryId: number, month: string, now: Date = new Date()): Promise<MonthState> {
  const { from } = checkMonth(month);
  const today = await subsidiaryToday(em, subsidiaryId, now);
  const rows = await em.execute<
    { kind: string; action: string | null; firstname: string | null; lastname: string | null; stored: string | null; at: Date; reason: string | null }[]
  >(
    `select 'state' as kind, null as action, e.firstname, e.lastname, pm.closed_by_name as stored, pm.closed_at as at, null as reason
       from payroll_month pm left join employee e on e.id = pm.closed_by_id where pm.subsidiary_id = ? and pm.month = ?
     union all
     select 'log', l.action, e.firstname, e.lastname, l.actor_name, l.at, l.reason
       from payroll_month_log l left join employee e on e.id = l.actor_id where l.subsidiary_id = ? and l.month = ?
     order by at desc`,
    [subsidiaryId, from, subsidiaryId, from],
  );
  const state = rows.find((r) => r.kind === "state");
  return {
    closed: !!state,
    closedBy: state ? shownName(state) : null,
    closedAt: state ? new Date(state.at).toISOString() : null,
    closable: canCloseMonth(month, today),
    closableFrom: closableFrom(month)!,
    log: rows.filter((r) => r.kind === "log").map((r) => ({ action: r.action ?? "", actor: shownName(r), at: new Date(r.at).toISOString(), reason: r.reason })),
  };
}

export interface ClosedMonth {
  /** 'YYYY-MM' */
  month: string;
  closedBy: string | null;
  closedAt: string;
}

/** The closed months of a subsidiary, newest first, with who closed them and when (issue 27 §5). One query. */
export async function closedMonths(em: EntityManager, subsidiaryId: number, limit = 36): Promise<ClosedMonth[]> {
  const rows = await em.execute<{ month: string; firstname: string | null; lastname: string | null; stored: string | null; at: Date }[]>(
    `select to_char(pm.month, 'YYYY-MM') as month, e.firstname, e.lastname, pm.closed_by_name as stored, pm.closed_at as at
       from payroll_month pm left join employee e on e.id = pm.closed_by_id
      where pm.subsidiary_id = ? order by pm.month desc limit ?`,
    [subsidiaryId, limit],
  );
  return rows.map((r) => ({ month: r.month, closedBy: shownName(r), closedAt: new Date(r.at).toISOString() }));
}

/** Runs a statement with bound parameters in the entity manager's transaction (a close's lines are one JSON). */
async function executeBound(em: EntityManager, sql: string, params: readonly (string | number)[]): Promise<void> {
  const query = em.getConnection().getKnex().raw(sql, params);
  const ctx = em.getTransactionContext();
  if (ctx) query.transacting(ctx);
  await query;
}

/**
 * Finance (or head management) closes a month of a subsidiary, once its last day has passed in the subsidiary's
 * zone (issue 27 §1: 409 before); the month's lines are stored as they are now (issue 27 §2) and read back from
 * there until it is reopened; logged with the actor's name. 409 when already closed.
 */
export async function closeMonth(em: EntityManager, actor: CurrentUser, subsidiaryId: number, month: string, now: Date = new Date()): Promise<void> {
  if (!["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"].includes(actor.profileType)) throw new ForbiddenError();
  const { from, to } = checkMonth(month);
  await assertSubsidiary(em, subsidiaryId);
  if (!canCloseMonth(month, await subsidiaryToday(em, subsidiaryId, now))) {
    throw new ConflictError(t("payroll.close_too_early", { month: monthLabel(from), date: frDate(closableFrom(month)!) }));
  }
  const name = displayName(actor.firstname, actor.lastname) || null;
  await em.transactional(async (tx) => {
    // Never closed at an old figure (issue 38 §4): the month's weeks changed since their computation (or still
    // provisional) are computed inside the close, then their rappels of earlier closed months carried.
    await recomputeStaleWeeks(tx, subsidiaryId, from, to, now);
    // The lines first (the month is still open, so they are the live ones, regularisations included).
    const data = await payrollMonth(tx, subsidiaryId, month);
    const inserted = await tx.execute<{ id: number }[]>(
      `insert into payroll_month (subsidiary_id, month, closed_by_id, closed_at, closed_by_name, layout, version)
       values (?, ?, ?, ?, ?, ?, 1 + (select count(*) from payroll_month_log l where l.subsidiary_id = ? and l.month = ? and l.action = 'close'))
       on conflict (subsidiary_id, month) do nothing returning id`,
      [subsidiaryId, from, actor.employeeId, now, name, PAYROLL_SNAPSHOT_LAYOUT, subsidiaryId, from],
    );
    if (inserted.length === 0) throw new ConflictError(t("payroll.already_closed"));
    // What each week's share of the month was paid (decision 0118): the later rappels are measured from it.
    const paidIds = [...new Set(data.lines.filter((l) => !(l as StoredLine).rappel).map((l) => l.employeeId))];
    await storePaidWeeks(tx, inserted[0]!.id, paidIds, from);
    if (data.lines.length > 0) {
      await executeBound(
        tx,
        `insert into payroll_month_line (payroll_month_id, position, employee_id, line)
         select ?, a.ord, (a.line ->> 'employeeId')::int, a.line from jsonb_array_elements(?::jsonb) with ordinality as a(line, ord)`,
        [inserted[0]!.id, JSON.stringify(data.lines)],
      );
    }
    await recordHistory(tx, { action: "close.close", employeeId: null, subsidiaryId, actorId: actor.employeeId, at: now, details: { month: from } });
    await tx.execute(`insert into payroll_month_log (subsidiary_id, month, action, actor_id, actor_name, at) values (?, ?, 'close', ?, ?, ?)`, [
      subsidiaryId,
      from,
      actor.employeeId,
      name,
      now,
    ]);
  });
}

/**
 * The weeks of a subsidiary's employees touching [from, to] changed since their last computation (dirty) or still
 * provisional, computed now (the engine's usual statements), their recovery credited and the rappels they owe to
 * earlier closed months carried. In the caller's transaction. Returns the number of weeks computed.
 */
export async function recomputeStaleWeeks(tx: EntityManager, subsidiaryId: number, from: CalendarDate, to: CalendarDate, now: Date): Promise<number> {
  const stale = await tx.execute<{ employee_id: number; mondays: string[] }[]>(
    `select w.employee_id, array_agg(to_char(w.monday, 'YYYY-MM-DD') order by w.monday) as mondays
       from overtime_week w join employee e on e.id = w.employee_id
      where e.subsidiary_id = ? and (w.dirty or w.provisional or w.computed_at is null) and w.monday between ?::date - 6 and ?::date
      group by w.employee_id order by w.employee_id`,
    [subsidiaryId, from, to],
  );
  if (stale.length === 0) return 0;
  // An earlier month closed before decision 0118 gets its paid weeks before a week touching it is computed again.
  await backfillPaidWeeks(tx);
  await computeWeeks(tx, stale.map((s) => ({ employeeId: s.employee_id, weeks: s.mondays.map(isoWeekKey) })), now);
  await carryRappels(tx, stale.flatMap((s) => s.mondays.map((monday) => ({ employeeId: s.employee_id, monday }))));
  const ids = stale.map((s) => s.employee_id);
  await creditFinishedWeeks(tx, { firstId: Math.min(...ids), lastId: Math.max(...ids) });
  return stale.reduce((n, s) => n + s.mondays.length, 0);
}

/** The longest reopening reason kept. */
export const REOPEN_REASON_MAX = 500;

/**
 * Only head management reopens a closed month, and only as the exception (issue 38 §3): with a reason (kept in the
 * log and the change history; a French 422 without one) and, once the month's file was downloaded, only when the
 * person confirms that the payslips are being redone (409 otherwise). Its stored lines and paid weeks go (it is read
 * live again); logged. 409 when not closed.
 */
export async function reopenMonth(
  em: EntityManager,
  actor: CurrentUser,
  subsidiaryId: number,
  month: string,
  now: Date = new Date(),
  options: { reason?: string | null; payslipsRedone?: boolean } = {},
): Promise<void> {
  if (actor.profileType !== "ROLE_HEAD_MANAGEMENT") throw new ForbiddenError(t("payroll.reopen_forbidden"));
  const { from } = checkMonth(month);
  await assertSubsidiary(em, subsidiaryId);
  const reason = (options.reason ?? "").trim();
  if (!reason || reason.length > REOPEN_REASON_MAX) {
    const message = t(reason ? "payroll.reopen.reason_too_long" : "payroll.reopen.reason_required", { max: REOPEN_REASON_MAX });
    throw new ValidationError([{ propertyPath: "reason", message }], message);
  }
  await em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number; downloaded_at: Date | null }[]>(
      `select id, downloaded_at from payroll_month where subsidiary_id = ? and month = ? for update`,
      [subsidiaryId, from],
    );
    if (!row) throw new ConflictError(t("payroll.not_closed"));
    if (row.downloaded_at && !options.payslipsRedone) {
      throw new ConflictError(t("payroll.reopen.downloaded", { month: monthLabel(from), date: frInstant(new Date(row.downloaded_at)) }));
    }
    await tx.execute(`delete from payroll_month where id = ?`, [row.id]);
    await recordHistory(tx, {
      action: "close.reopen",
      employeeId: null,
      subsidiaryId,
      actorId: actor.employeeId,
      at: now,
      details: { month: from, reason, ...(row.downloaded_at ? { payslipsRedone: true } : {}) },
    });
    await tx.execute(`insert into payroll_month_log (subsidiary_id, month, action, actor_id, actor_name, at, reason) values (?, ?, 'reopen', ?, ?, ?, ?)`, [
      subsidiaryId,
      from,
      actor.employeeId,
      displayName(actor.firstname, actor.lastname) || null,
      now,
      reason,
    ]);
  });
}

/** The month's file was downloaded (issue 38 §3): a reopening then asks whether the payslips are being redone. */
export async function markMonthDownloaded(em: EntityManager, subsidiaryId: number, month: string, now: Date): Promise<void> {
  const { from } = checkMonth(month);
  await em.execute(`update payroll_month set downloaded_at = coalesce(downloaded_at, ?) where subsidiary_id = ? and month = ?`, [now, subsidiaryId, from]);
}

/** The version of a closed month's file (1, then 2… after a reopening and a new close); null when open. */
export async function monthVersion(em: EntityManager, subsidiaryId: number, month: string): Promise<number | null> {
  const { from } = checkMonth(month);
  const [row] = await em.execute<{ version: number }[]>(`select version from payroll_month where subsidiary_id = ? and month = ?`, [subsidiaryId, from]);
  return row ? Number(row.version) : null;
}

export interface ReopenPreview {
  /** The employee lines that would read differently once reopened (live), of the stored ones. */
  changed: { name: string; paidHours: { before: number; after: number } }[];
  changedCount: number;
  lineCount: number;
  /** When the month's file was first downloaded since the close (ISO), or null. */
  downloadedAt: string | null;
  version: number;
}

/**
 * What reopening a closed month would change (issue 38 §3): its stored lines against the month as it computes now,
 * line by line (an employee line whose figures differ), and whether its file was downloaded. Null when not closed.
 */
export async function reopenPreview(em: EntityManager, subsidiaryId: number, month: string): Promise<ReopenPreview | null> {
  const { from } = checkMonth(month);
  const [row] = await em.execute<{ downloaded_at: Date | null; version: number }[]>(
    `select downloaded_at, version from payroll_month where subsidiary_id = ? and month = ?`,
    [subsidiaryId, from],
  );
  if (!row) return null;
  const [stored, live] = await Promise.all([payrollMonth(em, subsidiaryId, month), payrollMonth(em, subsidiaryId, month, null, { live: true })]);
  const figures = (l: PayrollLine) => JSON.stringify({ ...l, employeeName: undefined, matricule: undefined });
  const paid = (l: PayrollLine | undefined) => (l ? l.paidByRate.reduce((a, b) => a + b, 0) + l.paidOtherRates : 0) / 3600;
  const employees = (lines: PayrollLine[]) => new Map(lines.filter((l) => !(l as StoredLine).rappel).map((l) => [l.employeeId, l]));
  const before = employees(stored.lines);
  const after = employees(live.lines);
  const changed: ReopenPreview["changed"] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(id);
    const a = after.get(id);
    if (b && a && figures(b) === figures(a)) continue;
    changed.push({ name: (b ?? a)!.employeeName, paidHours: { before: paid(b), after: paid(a) } });
  }
  return {
    changed: changed.slice(0, 20),
    changedCount: changed.length,
    lineCount: before.size,
    downloadedAt: row.downloaded_at ? new Date(row.downloaded_at).toISOString() : null,
    version: Number(row.version),
  };
}

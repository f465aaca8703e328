/**
 * The monthly close (DESIGN §10, decision 0046): a month of a subsidiary closed for payroll, who closed and reopened
 * it, and the guard every write that would change one of its weeks calls. The variables are in payroll.server.ts.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employee-name";
import { mondayOf } from "~/domain/iso-week";
import { payrollMonthRange } from "~/domain/payroll-month";
import { addDays, type CalendarDate } from "~/domain/time-calendar-date";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors";

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const monthLabel = (first: string) => `${MONTHS[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------------------------
// The close

/**
 * Refuses (French 409) a change that would alter a week touching a month closed for payroll. `target`: the
 * employees concerned (their subsidiary's closes apply), a whole subsidiary, or every employee of a country (a policy
 * or public holiday change); `range`: the changed dates, as a span or as separate days (a holiday list), widened to
 * their ISO weeks (a change of one day changes its whole week). One statement.
 */
export async function assertMonthOpen(
  em: EntityManager,
  target: { employeeIds: readonly number[] } | { subsidiaryId: number } | { countryId: number },
  range: { from: CalendarDate; to: CalendarDate } | { dates: readonly CalendarDate[] },
): Promise<void> {
  let months: string;
  let params: unknown[];
  if ("dates" in range) {
    if (range.dates.length === 0) return;
    // The first days of the months each day's ISO week touches.
    const firsts = new Set(range.dates.flatMap((d) => [mondayOf(d), addDays(mondayOf(d), 6)].map((x) => `${x.slice(0, 7)}-01`)));
    months = "pm.month = any(?::date[])";
    params = [`{${[...firsts].join(",")}}`];
  } else {
    if (range.to < range.from) return;
    months = "pm.month between date_trunc('month', ?::date)::date and ?::date";
    params = [mondayOf(range.from), addDays(mondayOf(range.to), 6)];
  }
  let who: string;
  if ("subsidiaryId" in target) {
    who = "pm.subsidiary_id = ?";
    params.push(target.subsidiaryId);
  } else if ("countryId" in target) {
    who = `pm.subsidiary_id in (select e.subsidiary_id from employee e left join subsidiary s on s.id = e.subsidiary_id
                                 where coalesce(e.country_id, s.country_id) = ?)`;
    params.push(target.countryId);
  } else {
    who = "pm.subsidiary_id in (select e.subsidiary_id from employee e where e.id = any(?::int[]))";
    params.push(`{${target.employeeIds.map(Number).join(",")}}`);
  }
  const [closed] = await em.execute<{ month: string }[]>(
    `select to_char(pm.month, 'YYYY-MM-DD') as month from payroll_month pm where ${months} and ${who} order by pm.month limit 1`,
    params,
  );
  if (closed) throw new ConflictError(t("payroll.month_closed", { month: monthLabel(closed.month) }));
}

/** A month 'YYYY-MM' of the payroll years (decision 0079) → its days; a French 400 otherwise (0000-01, 2026-13). */
export function checkMonth(month: string) {
  const range = payrollMonthRange(month);
  if (!range) throw new ValidationError([{ propertyPath: "month", message: t("payroll.error.month") }], t("payroll.error.month"));
  return range;
}

export async function assertSubsidiary(em: EntityManager, subsidiaryId: number): Promise<string> {
  const [row] = await em.execute<{ name: string }[]>(`select name from subsidiary where id = ?`, [subsidiaryId]);
  if (!row) throw new NotFoundError();
  return row.name;
}

export interface MonthState {
  closed: boolean;
  closedBy: string | null;
  closedAt: string | null;
  log: { action: string; actor: string | null; at: string }[];
}

export async function monthState(em: EntityManager, subsidiaryId: number, month: string): Promise<MonthState> {
  const { from } = checkMonth(month);
  const rows = await em.execute<{ kind: string; action: string | null; firstname: string | null; lastname: string | null; at: Date }[]>(
    `select 'state' as kind, null as action, e.firstname, e.lastname, pm.closed_at as at
       from payroll_month pm left join employee e on e.id = pm.closed_by_id where pm.subsidiary_id = ? and pm.month = ?
     union all
     select 'log', l.action, e.firstname, e.lastname, l.at
       from payroll_month_log l left join employee e on e.id = l.actor_id where l.subsidiary_id = ? and l.month = ?
     order by at desc`,
    [subsidiaryId, from, subsidiaryId, from],
  );
  const state = rows.find((r) => r.kind === "state");
  const name = (r: { firstname: string | null; lastname: string | null }) => (r.firstname || r.lastname ? displayName(r.firstname, r.lastname) : null);
  return {
    closed: !!state,
    closedBy: state ? name(state) : null,
    closedAt: state ? new Date(state.at).toISOString() : null,
    log: rows.filter((r) => r.kind === "log").map((r) => ({ action: r.action ?? "", actor: name(r), at: new Date(r.at).toISOString() })),
  };
}

/** Finance (or head management) closes a month of a subsidiary; logged. 409 when already closed. */
export async function closeMonth(em: EntityManager, actor: CurrentUser, subsidiaryId: number, month: string, now: Date = new Date()): Promise<void> {
  if (!["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"].includes(actor.profileType)) throw new ForbiddenError();
  const { from } = checkMonth(month);
  await assertSubsidiary(em, subsidiaryId);
  await em.transactional(async (tx) => {
    const inserted = await tx.execute<{ id: number }[]>(
      `insert into payroll_month (subsidiary_id, month, closed_by_id, closed_at) values (?, ?, ?, ?)
       on conflict (subsidiary_id, month) do nothing returning id`,
      [subsidiaryId, from, actor.employeeId, now],
    );
    if (inserted.length === 0) throw new ConflictError(t("payroll.already_closed"));
    await tx.execute(`insert into payroll_month_log (subsidiary_id, month, action, actor_id, at) values (?, ?, 'close', ?, ?)`, [
      subsidiaryId,
      from,
      actor.employeeId,
      now,
    ]);
  });
}

/** Only head management reopens a closed month; logged. 409 when not closed. */
export async function reopenMonth(em: EntityManager, actor: CurrentUser, subsidiaryId: number, month: string, now: Date = new Date()): Promise<void> {
  if (actor.profileType !== "ROLE_HEAD_MANAGEMENT") throw new ForbiddenError(t("payroll.reopen_forbidden"));
  const { from } = checkMonth(month);
  await assertSubsidiary(em, subsidiaryId);
  await em.transactional(async (tx) => {
    const deleted = await tx.execute<{ id: number }[]>(`delete from payroll_month where subsidiary_id = ? and month = ? returning id`, [subsidiaryId, from]);
    if (deleted.length === 0) throw new ConflictError(t("payroll.not_closed"));
    await tx.execute(`insert into payroll_month_log (subsidiary_id, month, action, actor_id, at) values (?, ?, 'reopen', ?, ?)`, [
      subsidiaryId,
      from,
      actor.employeeId,
      now,
    ]);
  });
}

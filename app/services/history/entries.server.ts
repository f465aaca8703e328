import type { EntityManager } from "@mikro-orm/postgresql";
import type { HistoryDetails, HistoryValue } from "~/domain/history/history";
import { clockRowValues } from "~/domain/history/values";
import { recordHistory } from "./history.server";

/**
 * The common details of the change history's entries (decision 0106), shared by the writers so that every entry of a
 * kind reads the same.
 */

/** A leave's entry: which leave, its type code and its days. */
export function leaveDetails(row: { id: number; reason: string; start: string; end: string }, extra: HistoryDetails = {}): HistoryDetails {
  return { leaveId: Number(row.id), leaveType: row.reason, from: row.start, to: row.end, ...extra };
}

/** The entries of a day (or of a proposed correction) as an entry keeps them, in time order. */
export async function clockRowsOf(em: EntityManager, timeClockId: number | null | undefined): Promise<HistoryValue[]> {
  if (timeClockId == null) return [];
  const rows = await em.execute<{ type: string; time: Date }[]>(
    `select type, time from time_log where time_clock_id = ? and superseded_at is null order by time, id`,
    [timeClockId],
  );
  return clockRowValues(rows);
}

/** A proposed correction's day, message and entries (read before it is validated or deleted). */
export async function correctionDetails(em: EntityManager, suggestionId: number): Promise<HistoryDetails> {
  const [row] = await em.execute<{ date: string; message: string | null }[]>(`select date::text as date, message from time_clock where id = ?`, [
    suggestionId,
  ]);
  return { day: row?.date, reason: row?.message ?? null, after: await clockRowsOf(em, suggestionId) };
}

/**
 * A policy change's entries: subsidiary-wide, one per subsidiary concerned (the subsidiary itself, or every subsidiary
 * of a country); a country without subsidiaries gets one entry about no one in particular (both ids null).
 */
export async function recordPolicyChange(
  em: EntityManager,
  area: "country" | "subsidiary",
  areaId: number,
  actorId: number | null,
  details: HistoryDetails,
  at?: Date,
): Promise<void> {
  if (!details.changes || details.changes.length === 0) return;
  const subsidiaries =
    area === "subsidiary"
      ? [{ id: areaId }]
      : await em.execute<{ id: number }[]>(`select id from subsidiary where country_id = ? order by id`, [areaId]);
  const [named] = await em.execute<{ name: string }[]>(`select name from ${area === "country" ? "country" : "subsidiary"} where id = ?`, [areaId]);
  // The entry names its country or subsidiary: "Règles du pays « Portugal » modifiées" (issue 43 item 4).
  const base = { action: "policy.update" as const, employeeId: null, actorId, at, details: { area, areaId, areaName: named?.name, ...details } };
  await recordHistory(em, subsidiaries.length === 0 ? base : subsidiaries.map((s) => ({ ...base, subsidiaryId: s.id })));
}

/** A holiday list as a policy entry keeps it: "YYYY-MM-DD name" in date order, joined by " ; " (empty: null). */
export function holidaysValue(list: readonly { date: string; name: string }[] | undefined): HistoryValue {
  if (!list || list.length === 0) return null;
  return [...list]
    .map((h) => `${h.date} ${h.name}`.trim())
    .sort()
    .join(" ; ");
}

/** The stored holidays of a country or a subsidiary, as holidaysValue. */
export async function storedHolidays(em: EntityManager, column: "country_id" | "subsidiary_id", id: number): Promise<HistoryValue> {
  const rows = await em.execute<{ date: string; name: string }[]>(`select date::text as date, name from holiday where ${column} = ?`, [id]);
  return holidaysValue(rows);
}

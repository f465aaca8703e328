/**
 * Suggested clock corrections (spec 2 "Suggested corrections", DESIGN §5): the list management works through,
 * edit, delete and validate (the correction a manager proposes from the team/division/agency views is in
 * services/time-clock/suggest-for.server.ts).
 *
 * A suggestion is a time_clock row with suggested = true, the proposed entries as its time logs and
 * origin_suggested_id pointing at the day it corrects (null when the day had no clock). Validating it, in one
 * transaction: locks the suggestion and the day, marks the day's live entries superseded (kept, with who and
 * when: entries are append-only), copies the proposed entries onto the day, recomputes the day's totals and
 * overtime row, and deletes the suggestion. Deleting and validating both take it off the list; a second
 * validate/delete of the same suggestion finds nothing (404).
 */
import { askedPage } from "~/domain/shared/paging";
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { decidesCorrections, mayDecideCorrectionOf } from "~/domain/identity/deputy";
import { checkClockSequence } from "~/domain/time-clock/clock-state";
import { isClockType, type ClockType } from "~/domain/time-clock/clock-type";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { instantAt } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError, NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { clockEmployee, recomputeDay } from "./time-clock.server";
import { CLOCK_FROM, CLOCK_SELECT, intArray, toClockView, type ClockRow, type ClockView } from "./views.server";
import { markWeekDirty } from "~/services/overtime/dirty.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { recomputeEmployeesNow } from "~/services/overtime/run.server";
import { recordHistory } from "~/services/history/history.server";
import { correctionOnBehalfOf } from "~/services/identity/deputies.server";
import { clockRowsOf, correctionDetails } from "~/services/history/entries.server";

/** One proposed entry as typed in a form: wall-clock time 'HH:MM' of the day and a type. */
export interface EntryInput {
  time: string;
  type: string;
}

export interface SuggestionInput {
  message: string;
  entries: EntryInput[];
}

export interface SuggestionCard {
  suggestion: ClockView;
  /** The day it corrects, when one exists (its live entries are the "old entries"). */
  origin: ClockView | null;
  createdByName: string | null;
  createdAt: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Checks a proposed day and turns it into instants: a message is required, each kept row needs a time and a type
 * (a row with neither is an unused form row and is skipped), at least one entry, and the entries in time order
 * must be a sequence the buttons could produce. Violations name `message` or `entries.N.time|type`.
 */
export function parseEntries(
  input: SuggestionInput,
  date: CalendarDate,
  zone: string,
): { message: string; entries: { time: Date; type: ClockType }[] } {
  const violations: Violation[] = [];
  const message = input.message?.trim() ?? "";
  if (!message) violations.push({ propertyPath: "message", message: t("time_clock.edit_message_required") });
  const kept: { index: number; time: Date; type: ClockType }[] = [];
  input.entries.forEach((entry, index) => {
    const time = (entry.time ?? "").trim();
    const type = (entry.type ?? "").trim();
    if (!time && !type) return;
    let ok = true;
    if (!HHMM.test(time)) {
      violations.push({ propertyPath: `entries.${index}.time`, message: t("time_clock.edit_time_required") });
      ok = false;
    }
    if (!isClockType(type)) {
      violations.push({ propertyPath: `entries.${index}.type`, message: t("time_clock.edit_type_required") });
      ok = false;
    }
    if (ok) kept.push({ index, time: instantAt(date, time, zone), type: type as ClockType });
  });
  if (kept.length === 0 && !violations.some((v) => v.propertyPath.startsWith("entries"))) {
    violations.push({ propertyPath: "entries", message: t("time_clock.edit_entries_required") });
  }
  if (violations.length === 0) {
    const ordered = [...kept].sort((a, b) => a.time.getTime() - b.time.getTime());
    const check = checkClockSequence(ordered.map((e) => e.type));
    if (!check.ok) {
      const bad = ordered[check.index]!;
      const previous = ordered[check.index - 1]?.type;
      violations.push({
        propertyPath: `entries.${bad.index}.type`,
        message: t("time_clock.edit_sequence_invalid", { type: previous ? t(`time_clock.type.${previous}`) : "—" }),
      });
    }
    if (violations.length === 0) return { message, entries: ordered.map(({ time, type }) => ({ time, type })) };
  }
  throw new ValidationError(violations);
}

/** Management, or a deputy of management today (decision 0105). */
function requireManagement(actor: CurrentUser) {
  if (!decidesCorrections(actor)) throw new ForbiddenError(t("error.forbidden"));
}

async function loadViews(em: EntityManager, where: string, params: unknown[]): Promise<ClockView[]> {
  const rows = await em.execute<ClockRow[]>(`select ${CLOCK_SELECT} from ${CLOCK_FROM} where ${where} order by c.created_at, c.id`, params);
  return rows.map(toClockView);
}

/**
 * Every pending suggestion (management is company-wide), oldest first, with the day it corrects: two queries.
 */
export async function listSuggestions(em: EntityManager, actor: CurrentUser): Promise<SuggestionCard[]> {
  requireManagement(actor);
  const suggestions = await loadViews(em, "c.suggested = true", []);
  return withOrigins(em, suggestions);
}

/** The correction page shows this many suggestions a page (each card carries its old and new entries and a form). */
export const SUGGESTIONS_PAGE_SIZE = 10;

export interface SuggestionsPage {
  cards: SuggestionCard[];
  page: number;
  pages: number;
  total: number;
}

/**
 * One page of the pending suggestions, oldest first, for the correction page: the count and the clamped page are
 * scalar subqueries of the one statement that reads the page (the partial index on suggested ones serves all
 * three), then the page's origins and authors: three queries whatever the number of suggestions.
 * `page` past the end gives the last page; absent or malformed, the first.
 */
export async function listSuggestionsPage(em: EntityManager, actor: CurrentUser, rawPage: string | null): Promise<SuggestionsPage> {
  requireManagement(actor);
  const asked = askedPage(rawPage);
  const size = SUGGESTIONS_PAGE_SIZE;
  const counted = `(select count(*)::int from time_clock where suggested = true)`;
  const rows = await em.execute<(ClockRow & { total: number })[]>(
    `select ${CLOCK_SELECT}, ${counted} as total from ${CLOCK_FROM} where c.suggested = true order by c.created_at, c.id
     limit ${size} offset (select (least(?::int, greatest(ceil(${counted} / ${size}.0)::int, 1)) - 1) * ${size})`,
    [asked],
  );
  // The offset is clamped to the last page, so no row means no suggestion at all.
  const total = rows[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  return { cards: await withOrigins(em, rows.map(toClockView)), page: Math.min(asked, pages), pages, total };
}

async function withOrigins(em: EntityManager, suggestions: ClockView[]): Promise<SuggestionCard[]> {
  const originIds = suggestions.map((s) => s.originId).filter((id): id is number => id !== null);
  const origins = originIds.length ? await loadViews(em, "c.id = any(?::int[])", [intArray(originIds)]) : [];
  const byId = new Map(origins.map((o) => [o.id, o]));
  const meta = suggestions.length
    ? await em.execute<{ id: number; created_at: Date; firstname: string | null; lastname: string | null }[]>(
        `select c.id, c.created_at, cb.firstname, cb.lastname from time_clock c left join employee cb on cb.id = c.created_by_id where c.id = any(?::int[])`,
        [intArray(suggestions.map((s) => s.id))],
      )
    : [];
  const metaById = new Map(meta.map((m) => [m.id, m]));
  return suggestions.map((s) => {
    const m = metaById.get(s.id);
    return {
      suggestion: s,
      origin: s.originId !== null ? (byId.get(s.originId) ?? null) : null,
      createdByName: m?.firstname != null ? `${m.firstname} ${m.lastname ?? ""}`.trim() : null,
      createdAt: new Date(m?.created_at ?? 0).toISOString(),
    };
  });
}

/** One pending suggestion; NotFoundError when it does not exist (or is not a suggestion). */
export async function getSuggestion(em: EntityManager, actor: CurrentUser, id: number): Promise<SuggestionCard> {
  requireManagement(actor);
  const [suggestion] = await loadViews(em, "c.id = ? and c.suggested = true", [id]);
  if (!suggestion) throw new NotFoundError(t("badging.edit.error.not_found"));
  return (await withOrigins(em, [suggestion]))[0]!;
}

/** Locks a pending suggestion row for the rest of the transaction. */
async function lockSuggestion(tx: EntityManager, id: number) {
  const [row] = await tx.execute<{ id: number; employee_id: number; date: string; origin_suggested_id: number | null }[]>(
    `select id, employee_id, date::text as date, origin_suggested_id from time_clock where id = ? and suggested = true for update`,
    [id],
  );
  if (!row) throw new NotFoundError(t("badging.edit.error.not_found"));
  return row;
}

/** Replaces a suggestion's message and proposed entries (they are a proposal, not a record: no audit kept). */
export async function updateSuggestion(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  input: SuggestionInput,
  now: Date = new Date(),
): Promise<void> {
  requireManagement(actor);
  await em.transactional(async (tx) => {
    const row = await lockSuggestion(tx, id);
    const emp = await clockEmployee(tx, row.employee_id);
    const parsed = parseEntries(input, row.date, emp.zone);
    await tx.execute(`delete from time_log where time_clock_id = ?`, [id]);
    await insertLogs(tx, id, parsed.entries, actor.employeeId, now);
    await tx.execute(`update time_clock set message = ?, updated_at = ? where id = ?`, [parsed.message, now, id]);
    await recomputeDay(tx, id, now);
  });
}

async function insertLogs(tx: EntityManager, clockId: number, entries: { time: Date; type: ClockType }[], actorId: number, now: Date) {
  if (entries.length === 0) return;
  await tx.execute(
    `insert into time_log (time_clock_id, time, type, created_at, created_by_id)
     select ?, t.time, t.type, ?, ? from json_to_recordset(?::json) as t(time timestamptz, type text)`,
    [clockId, now, actorId, JSON.stringify(entries.map((e) => ({ time: e.time.toISOString(), type: e.type })))],
  );
}

/** Deletes a pending suggestion (its proposed entries go with it). */
export async function deleteSuggestion(em: EntityManager, actor: CurrentUser, id: number): Promise<void> {
  requireManagement(actor);
  await em.transactional(async (tx) => {
    const row = await lockSuggestion(tx, id);
    const details = await correctionDetails(tx, id);
    const onBehalfOfId = await correctionOnBehalfOf(tx, actor);
    await tx.execute(`delete from time_clock where id = ? and suggested = true`, [id]);
    await recordHistory(tx, {
      action: "correction.delete",
      employeeId: row.employee_id,
      actorId: actor.employeeId,
      details: { ...details, ...(onBehalfOfId ? { onBehalfOfId } : {}) },
    });
  });
}

/**
 * Validates a suggestion: the day's entries become the proposed ones, in one transaction (see the file comment).
 * Returns the id of the corrected day.
 */
export async function validateSuggestion(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  now: Date = new Date(),
): Promise<{ timeClockId: number; notice: string | null }> {
  requireManagement(actor);
  const done = await em.transactional(async (tx) => {
    const row = await lockSuggestion(tx, id);
    if (!mayDecideCorrectionOf(actor, row.employee_id)) throw new ForbiddenError(t("error.forbidden"));
    // A day of a month closed for payroll: accepted, paid as a rappel on the next open month (decision 0118).
    const late = await lateChange(tx, { employeeIds: [row.employee_id] }, { from: row.date, to: row.date });
    // The day row: the origin if it still exists, else the employee's day (created if need be), locked either way.
    const [day] = await tx.execute<{ id: number }[]>(
      `insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                               overtime_seconds, anomaly, created_by_id, created_at, updated_at)
       values (?, ?, null, false, 0, 0, 0, 0, false, ?, ?, ?)
       on conflict (employee_id, date) where suggested = false do update set updated_at = excluded.updated_at
       returning id`,
      [row.employee_id, row.date, actor.employeeId, now, now],
    );
    const dayId = day!.id;
    const onBehalfOfId = await correctionOnBehalfOf(tx, actor, now);
    const details = { ...(await correctionDetails(tx, id)), before: await clockRowsOf(tx, dayId), ...(onBehalfOfId ? { onBehalfOfId } : {}) };
    await tx.execute(
      `update time_log set superseded_at = ?, superseded_by_id = ? where time_clock_id = ? and superseded_at is null`,
      [now, actor.employeeId, dayId],
    );
    // The copies keep who proposed each entry; created_at says when it became the day's record.
    await tx.execute(
      `insert into time_log (time_clock_id, time, type, created_at, created_by_id)
       select ?, time, type, ?, created_by_id from time_log where time_clock_id = ? and superseded_at is null order by time, id`,
      [dayId, now, id],
    );
    await tx.execute(`update time_clock set new_notification = null where id = ?`, [dayId]);
    await recomputeDay(tx, dayId, now);
    await markWeekDirty(tx, row.employee_id, row.date);
    await tx.execute(`delete from time_clock where id = ?`, [id]);
    await recordHistory(tx, { action: "correction.validate", employeeId: row.employee_id, actorId: actor.employeeId, at: now, details });
    return { timeClockId: dayId, notice: late.notice, recompute: late.recompute, employeeId: row.employee_id };
  });
  // Its week is computed at once (its day, or its week, in a closed month): the rappel lines are right before anyone
  // downloads them.
  if (done.recompute) await recomputeEmployeesNow(em, [done.employeeId], now);
  return { timeClockId: done.timeClockId, notice: done.notice };
}

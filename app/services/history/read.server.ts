import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import type { HistoryDetails, HistoryKind } from "~/domain/history/history";
import { HISTORY_PAGE_SIZE, type HistoryFilters } from "~/domain/history/filters";
import { frDateTime, historyLines, namedIds, PLACE_FIELDS, type HistoryNames } from "~/domain/history/text";
import { contentDisposition, slugPart } from "~/domain/reports/reports";
import { addDays } from "~/domain/shared/time-calendar-date";
import { dayBounds, localDate, resolveTimeZone, timeOfDay } from "~/domain/shared/zoned-day";
import { t, tOr } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement } from "~/services/employees/records.server";
import { NotFoundError } from "~/services/shared/errors";
import { xlsxDate, type XlsxSheet } from "~/services/shared/xlsx.server";

/**
 * Reading the change history (issue 32 §3, decision 0107) for the "Historique" tab of an employee's sheet and its
 * Excel export; head and financial management only (the rights table, and `assertManagement` here for any caller).
 * An employee's history is the entries about them, the entries about their (current) subsidiary as a whole (a
 * month closed or reopened, its policy) and the company-wide policy entries, newest first. Each of the three is
 * read through its own index (decision 0106's migration) and merged: a page is one statement whatever the size of
 * the table. Entries are never written here.
 */

export interface HistorySubject {
  id: number;
  displayName: string;
  subsidiaryId: number | null;
  zone: string;
}

export interface HistoryEntryView {
  id: number;
  /** ISO instant, and as shown: DD/MM/YYYY HH:mm in the subsidiary's zone. */
  at: string;
  shownAt: string;
  kind: HistoryKind | null;
  kindLabel: string;
  /** The actor's display name (an anonymised actor's anonymous label), « — » for the system or a deleted sheet. */
  actor: string;
  lines: string[];
}

export interface HistoryPage {
  subject: HistorySubject;
  entries: HistoryEntryView[];
  page: number;
  pages: number;
  total: number;
}

interface SubjectRow {
  id: number;
  firstname: string;
  lastname: string;
  subsidiary_id: number | null;
  s_zone: string | null;
  c_zone: string | null;
}

async function readSubject(em: EntityManager, employeeId: number): Promise<HistorySubject> {
  const [row] = await em.getConnection().execute<SubjectRow[]>(
    `select e.id, e.firstname, e.lastname, e.subsidiary_id, s.timezone as s_zone, co.timezone as c_zone
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country co on co.id = coalesce(e.country_id, s.country_id)
      where e.id = ?`,
    [employeeId],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return { id: row.id, displayName: displayName(row.firstname, row.lastname), subsidiaryId: row.subsidiary_id, zone: resolveTimeZone(row.s_zone, row.c_zone) };
}

/** The three sources of an employee's history, each a WHERE its index answers, with the filters applied. */
function sources(subject: HistorySubject, filters: HistoryFilters): { where: string; params: unknown[] }[] {
  const extra: string[] = [];
  const params: unknown[] = [];
  if (filters.kind) (extra.push("a.kind = ?"), params.push(filters.kind));
  if (filters.from) (extra.push("a.at >= ?"), params.push(dayBounds(filters.from, subject.zone).start));
  if (filters.to) (extra.push("a.at < ?"), params.push(dayBounds(addDays(filters.to, 1), subject.zone).start));
  const and = extra.map((e) => ` and ${e}`).join("");
  const list = [{ where: `a.employee_id = ?${and}`, params: [subject.id, ...params] }];
  if (subject.subsidiaryId !== null) list.push({ where: `a.employee_id is null and a.subsidiary_id = ?${and}`, params: [subject.subsidiaryId, ...params] });
  // A policy entry naming no subsidiary is a country without subsidiaries: it concerns no one's history (issue 43
  // item 4; a country's change is written once per subsidiary of it, recordPolicyChange).
  return list;
}

interface EntryRow {
  id: number;
  at: Date;
  action: string;
  kind: string | null;
  details: HistoryDetails | null;
  actor_id: number | null;
  firstname: string | null;
  lastname: string | null;
}

/** Entries newest first: `limit` of them after `offset` (all of them when `limit` is null). One statement. */
async function readEntries(em: EntityManager, subject: HistorySubject, filters: HistoryFilters, limit: number | null, offset: number): Promise<EntryRow[]> {
  const parts = sources(subject, filters);
  // Each source is cut at offset + limit before the merge, so each reads only its index's newest rows.
  const cut = limit === null ? "" : ` limit ${offset + limit}`;
  const union = parts
    .map((p) => `(select a.id, a.at, a.action, a.kind, a.details, a.actor_id from audit_log a where ${p.where} order by a.at desc, a.id desc${cut})`)
    .join(" union all ");
  return em.getConnection().execute<EntryRow[]>(
    `select h.id, h.at, h.action, h.kind, h.details, h.actor_id, ae.firstname, ae.lastname
       from (${union}) h left join employee ae on ae.id = h.actor_id
      order by h.at desc, h.id desc${limit === null ? "" : ` limit ${limit} offset ${offset}`}`,
    parts.flatMap((p) => p.params),
  );
}

async function countEntries(em: EntityManager, subject: HistorySubject, filters: HistoryFilters): Promise<number> {
  const parts = sources(subject, filters);
  const [row] = await em.getConnection().execute<{ n: string }[]>(
    `select ${parts.map((p) => `(select count(*) from audit_log a where ${p.where})`).join(" + ")} as n`,
    parts.flatMap((p) => p.params),
  );
  return Number(row?.n ?? 0);
}

/** The people and places the entries name by id (a deputy's manager, a sheet's subsidiary…): one statement, or none. */
async function readNames(em: EntityManager, rows: EntryRow[]): Promise<HistoryNames> {
  return readHistoryNames(em, rows.map((r) => r.details));
}

/** The names entries' details refer to by id (also the personal-data ZIP's historique.csv, issue 41). */
export async function readHistoryNames(em: EntityManager, details: readonly (HistoryDetails | null)[]): Promise<HistoryNames> {
  const keys = new Set(details.flatMap((d) => namedIds(d)));
  if (keys.size === 0) return {};
  const ids = (prefix: string) => [...keys].filter((k) => k.startsWith(`${prefix}:`)).map((k) => Number(k.slice(prefix.length + 1)));
  const TABLES: Record<(typeof PLACE_FIELDS)[number], string> = { country: "country", subsidiary: "subsidiary", division: "division", team: "team" };
  const found = await em.getConnection().execute<{ key: string; firstname: string | null; lastname: string | null; name: string | null }[]>(
    [
      `select 'person:' || id as key, firstname, lastname, null as name from employee where id = any(string_to_array(?, ',')::int[])`,
      ...PLACE_FIELDS.map((f) => `select '${f}:' || id, null, null, name from ${TABLES[f]} where id = any(string_to_array(?, ',')::int[])`),
    ].join(" union all "),
    [ids("person").join(","), ...PLACE_FIELDS.map((f) => ids(f).join(","))],
  );
  return Object.fromEntries(found.map((r) => [r.key, r.name ?? displayName(r.firstname, r.lastname)]));
}

function viewOf(row: EntryRow, names: HistoryNames, zone: string): HistoryEntryView {
  const at = row.at instanceof Date ? row.at : new Date(row.at);
  const actor = row.actor_id === null || row.lastname === null ? t("history.actor.none") : displayName(row.firstname, row.lastname);
  const kind = (row.kind as HistoryKind | null) ?? null;
  return {
    id: row.id,
    at: at.toISOString(),
    shownAt: frDateTime(at, zone),
    kind,
    kindLabel: kind ? tOr(`history.kind.${kind}`, kind) : "",
    actor,
    lines: historyLines({ action: row.action, details: row.details, actorName: actor }, { names, zone }),
  };
}

/** A page of 50 entries of an employee's history (a page past the end: the last one). 404 for an unknown employee. */
export async function employeeHistory(em: EntityManager, actor: CurrentUser, employeeId: number, filters: HistoryFilters, asked: number): Promise<HistoryPage> {
  assertManagement(actor);
  const subject = await readSubject(em, employeeId);
  const total = await countEntries(em, subject, filters);
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, asked), pages);
  const rows = total === 0 ? [] : await readEntries(em, subject, filters, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
  const names = await readNames(em, rows);
  return { subject, entries: rows.map((r) => viewOf(r, names, subject.zone)), page, pages, total };
}

/**
 * The filtered history as an Excel sheet (every entry, newest first): a real date, the time, the kind, who, and the
 * lines of the change. Texts that look like formulas are written as text by the writer (decision 0080).
 */
export async function employeeHistorySheet(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  filters: HistoryFilters,
): Promise<{ fileName: string; disposition: string; sheet: XlsxSheet }> {
  assertManagement(actor);
  const subject = await readSubject(em, employeeId);
  const rows = await readEntries(em, subject, filters, null, 0);
  const names = await readNames(em, rows);
  const fileName = `${t("history.file_word")}-${slugPart(subject.displayName)}-${localDate(new Date(), subject.zone)}.xlsx`;
  return {
    fileName,
    disposition: contentDisposition(fileName),
    sheet: {
      name: t("history.sheet_name"),
      columns: [
        { header: t("history.col.at"), kind: "date" },
        { header: t("history.col.time"), kind: "text", width: 8 },
        { header: t("history.col.kind"), kind: "text", width: 22 },
        { header: t("history.col.actor"), kind: "text", width: 24 },
        { header: t("history.col.what"), kind: "text", width: 60 },
      ],
      rows: rows.map((row) => {
        const view = viewOf(row, names, subject.zone);
        const at = new Date(view.at);
        return () => [xlsxDate(localDate(at, subject.zone)), timeOfDay(at, subject.zone), view.kindLabel, view.actor, view.lines.join("\n")];
      }),
    },
  };
}

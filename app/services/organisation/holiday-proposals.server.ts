import type { EntityManager } from "@mikro-orm/postgresql";
import {
  computedHolidays,
  hasNationalCalendar,
  holidaysToAdd,
  isHolidayCalendar,
  offersAlsaceMoselle,
  proposeHolidays,
  type HolidayCalendar,
  type ProposedHoliday,
} from "~/domain/organisation/holiday-proposal";
import type { PublicHoliday } from "~/domain/organisation/holidays";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import { assertManagement, lockRow, sql, writeHolidays, type HolidayOwner } from "./common.server";

/**
 * Public holidays computed, not typed (decision 0097): Settings proposes a country's national holidays of a year, or
 * Alsace-Moselle's extras for a subsidiary, next to what is stored; one click adds the missing days (never a
 * second row for a day, a renamed day keeps its name); the calendar is then followed and the worker adds next
 * year's days every 1 December (`addNextYearHolidays`, idempotent per calendar and year).
 */

/** What a proposal is for: a country's national calendar, or a subsidiary's Alsace-Moselle one. */
export type HolidayTarget = { kind: "country"; id: number } | { kind: "subsidiary"; id: number; calendar: Exclude<HolidayCalendar, "national"> };

/** `country-3`, `alsace-moselle-5`, `alsace-moselle-good-friday-5` (the value of the page's select). */
export function parseHolidayTarget(raw: unknown): HolidayTarget | null {
  const m = /^(country|alsace-moselle|alsace-moselle-good-friday)-(\d{1,9})$/.exec(String(raw ?? ""));
  if (!m) return null;
  const id = Number(m[2]);
  if (m[1] === "country") return { kind: "country", id };
  return { kind: "subsidiary", id, calendar: m[1] as Exclude<HolidayCalendar, "national"> };
}

export function holidayTargetValue(target: HolidayTarget): string {
  return target.kind === "country" ? `country-${target.id}` : `${target.calendar}-${target.id}`;
}

export interface HolidayChoice {
  value: string;
  label: string;
}

export interface FollowedCalendar {
  id: number;
  label: string;
  /** Years added by the worker (latest first), with the number of days each run added. */
  runs: { year: number; added: number; ranAt: string }[];
}

/** The page's choices (calendars Cadran computes for the countries and subsidiaries) and the followed calendars: two queries. */
export async function holidayCalendars(em: EntityManager, actor: CurrentUser): Promise<{ choices: HolidayChoice[]; followed: FollowedCalendar[] }> {
  assertManagement(actor);
  const owners = await sql<{ kind: "country" | "subsidiary"; id: number; name: string; country: string }>(
    em,
    `select 'country' as kind, c.id, c.name, c.name as country from country c
     union all
     select 'subsidiary', s.id, s.name, c.name from subsidiary s join country c on c.id = s.country_id
     order by 1, 3, 2`,
  );
  const choices: HolidayChoice[] = [];
  for (const o of owners) {
    if (o.kind === "country" && hasNationalCalendar(o.name)) {
      choices.push({ value: `country-${o.id}`, label: t("holidays.calendar.national", { name: o.name }) });
    }
    if (o.kind === "subsidiary" && offersAlsaceMoselle(o.country)) {
      choices.push({ value: `alsace-moselle-${o.id}`, label: t("holidays.calendar.alsace_moselle", { name: o.name }) });
      choices.push({ value: `alsace-moselle-good-friday-${o.id}`, label: t("holidays.calendar.alsace_moselle_good_friday", { name: o.name }) });
    }
  }
  const rows = await sql<{ id: number; calendar: string; owner: string; runs: { year: number; added: number; ranAt: string }[] }>(
    em,
    `select hc.id, hc.calendar, coalesce(c.name, s.name) as owner,
            coalesce((select json_agg(json_build_object('year', r.year, 'added', r.added, 'ranAt', to_char(r.ran_at at time zone 'Europe/Paris', 'DD/MM/YYYY'))
                                      order by r.year desc)
                        from holiday_calendar_run r where r.calendar_id = hc.id), '[]'::json) as runs
       from holiday_calendar hc
       left join country c on c.id = hc.country_id
       left join subsidiary s on s.id = hc.subsidiary_id
      order by owner, hc.id`,
  );
  const followed = rows.map((r) => ({ id: r.id, label: calendarLabel(r.calendar, r.owner), runs: r.runs }));
  return { choices, followed };
}

function calendarLabel(calendar: string, owner: string): string {
  if (calendar === "alsace-moselle") return t("holidays.calendar.alsace_moselle", { name: owner });
  if (calendar === "alsace-moselle-good-friday") return t("holidays.calendar.alsace_moselle_good_friday", { name: owner });
  return t("holidays.calendar.national", { name: owner });
}

interface OwnerFacts {
  owner: HolidayOwner;
  calendar: HolidayCalendar;
  countryName: string;
  ownerName: string;
}

async function ownerFacts(em: EntityManager, target: HolidayTarget): Promise<OwnerFacts> {
  if (!Number.isSafeInteger(target.id) || target.id <= 0 || target.id > 2_147_483_647) throw new NotFoundError(t("error.not_found_item"));
  if (target.kind === "country") {
    const [row] = await sql<{ name: string }>(em, "select name from country where id = ?", [target.id]);
    if (!row || !hasNationalCalendar(row.name)) throw new NotFoundError(t("error.not_found_item"));
    return { owner: { column: "country_id", id: target.id }, calendar: "national", countryName: row.name, ownerName: row.name };
  }
  const [row] = await sql<{ name: string; country: string }>(
    em,
    "select s.name, c.name as country from subsidiary s join country c on c.id = s.country_id where s.id = ?",
    [target.id],
  );
  if (!row || !offersAlsaceMoselle(row.country)) throw new NotFoundError(t("error.not_found_item"));
  return { owner: { column: "subsidiary_id", id: target.id }, calendar: target.calendar, countryName: row.country, ownerName: row.name };
}

function checkYear(year: number) {
  if (!Number.isInteger(year) || year < 1990 || year > 2100) {
    throw new ValidationError([{ propertyPath: "year", message: t("holidays.error.year") }], t("error.validation"));
  }
}

/**
 * The days of a year a subsidiary or a country already has: for a subsidiary, its own and its country's (a day its
 * country already gives is not proposed again).
 */
async function storedDays(em: EntityManager, owner: HolidayOwner, year: number): Promise<PublicHoliday[]> {
  const where =
    owner.column === "country_id"
      ? "h.country_id = ?"
      : "(h.subsidiary_id = ? or h.country_id = (select country_id from subsidiary where id = ?))";
  return sql<PublicHoliday>(
    em,
    `select h.date::text as date, h.name from holiday h where ${where} and h.date between ? and ? order by h.date, h.subsidiary_id nulls first`,
    [...(owner.column === "country_id" ? [owner.id] : [owner.id, owner.id]), `${year}-01-01`, `${year}-12-31`],
  );
}

export interface HolidayProposal {
  target: string;
  ownerName: string;
  year: number;
  days: ProposedHoliday[];
  toAdd: number;
  followed: boolean;
}

/** The computed days of a year next to the stored ones (nothing written). */
export async function holidayProposal(em: EntityManager, actor: CurrentUser, target: HolidayTarget, year: number): Promise<HolidayProposal> {
  assertManagement(actor);
  checkYear(year);
  const facts = await ownerFacts(em, target);
  const [stored, followedRows] = await Promise.all([
    storedDays(em, facts.owner, year),
    sql<{ id: number }>(em, `select id from holiday_calendar where ${facts.owner.column} = ? and calendar = ?`, [facts.owner.id, facts.calendar]),
  ]);
  const days = proposeHolidays(computedHolidays(facts.calendar, facts.countryName, year), stored);
  return {
    target: holidayTargetValue(target),
    ownerName: facts.ownerName,
    year,
    days,
    toAdd: holidaysToAdd(days).length,
    followed: followedRows.length > 0,
  };
}

/** Adds the missing computed days inside the caller's transaction (the owner row locked); returns how many. */
async function addMissing(tx: EntityManager, facts: OwnerFacts, year: number): Promise<number> {
  await lockRow(tx, facts.owner.column === "country_id" ? "country" : "subsidiary", facts.owner.id);
  const missing = holidaysToAdd(proposeHolidays(computedHolidays(facts.calendar, facts.countryName, year), await storedDays(tx, facts.owner, year)));
  if (missing.length === 0) return 0;
  // writeHolidays replaces the owner's whole list: it gets every stored day of the owner plus the missing ones, so
  // nothing is removed or renamed, and the added days go through the same month-close guard and dirty marks.
  const own = await sql<PublicHoliday>(tx, `select date::text as date, name from holiday where ${facts.owner.column} = ?`, [facts.owner.id]);
  await writeHolidays(tx, facts.owner, [...own, ...missing]);
  return missing.length;
}

/**
 * Adds the missing days of a year in one transaction; `follow`: the worker will also add each next year's on
 * 1 December. Adding twice adds nothing the second time.
 */
export async function addComputedHolidays(
  em: EntityManager,
  actor: CurrentUser,
  target: HolidayTarget,
  year: number,
  options: { follow: boolean },
): Promise<number> {
  assertManagement(actor);
  checkYear(year);
  const facts = await ownerFacts(em, target);
  return em.transactional(async (tx) => {
    const added = await addMissing(tx, facts, year);
    if (options.follow) {
      await sql(
        tx,
        `insert into holiday_calendar (${facts.owner.column}, calendar) values (?, ?)
         on conflict (${facts.owner.column}) where ${facts.owner.column} is not null do update set calendar = excluded.calendar`,
        [facts.owner.id, facts.calendar],
      );
    }
    return added;
  });
}

/** Stops following a calendar (the days already added stay). */
export async function unfollowHolidayCalendar(em: EntityManager, actor: CurrentUser, id: number): Promise<void> {
  assertManagement(actor);
  const rows = await sql<{ id: number }>(em, "delete from holiday_calendar where id = ? returning id", [Number.isSafeInteger(id) ? id : -1]);
  if (!rows.length) throw new NotFoundError(t("error.not_found_item"));
}

/**
 * The worker's 1 December run: next year's days of every followed calendar. Each calendar and year is done once
 * (its run row is taken first, in the same transaction as the days): run twice, the second adds nothing.
 * Returns the number of calendars done by this run and the days added.
 */
export async function addNextYearHolidays(em: EntityManager, now: Date): Promise<{ year: number; calendars: number; added: number }> {
  const year = Number(localDate(now, "Europe/Paris").slice(0, 4)) + 1;
  const calendars = await sql<{ id: number; country_id: number | null; subsidiary_id: number | null; calendar: string }>(
    em,
    "select id, country_id, subsidiary_id, calendar from holiday_calendar order by id",
  );
  let done = 0;
  let added = 0;
  for (const c of calendars) {
    if (!isHolidayCalendar(c.calendar)) continue;
    const target: HolidayTarget =
      c.country_id !== null
        ? { kind: "country", id: c.country_id }
        : { kind: "subsidiary", id: c.subsidiary_id!, calendar: c.calendar as Exclude<HolidayCalendar, "national"> };
    const facts = await ownerFacts(em, target).catch(() => null);
    if (!facts) continue;
    const n = await em.transactional(async (tx) => {
      const taken = await sql(tx, "insert into holiday_calendar_run (calendar_id, year, added) values (?, ?, 0) on conflict do nothing returning year", [c.id, year]);
      if (taken.length === 0) return null;
      const count = await addMissing(tx, facts, year);
      await sql(tx, "update holiday_calendar_run set added = ? where calendar_id = ? and year = ?", [count, c.id, year]);
      return count;
    });
    if (n !== null) {
      done++;
      added += n;
    }
  }
  return { year, calendars: done, added };
}

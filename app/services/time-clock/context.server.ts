import type { EntityManager } from "@mikro-orm/postgresql";
import { shiftDayOf } from "~/domain/time-clock/clock-state";
import { isClockType, type ClockType } from "~/domain/time-clock/clock-type";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { namedStatement, runNamed } from "~/server/operations/named-statements.server";
import { apiTokenHash } from "~/services/identity/auth.server";
import { CURRENT_USER_FROM, CURRENT_USER_SELECT, toCurrentUser, type CurrentUser, type CurrentUserRow } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { holidayAppliesSql } from "~/services/organisation/holidays.server";
import { CLOCK_EMPLOYEE_EXTRA, CLOCK_EMPLOYEE_FROM, CLOCK_EMPLOYEE_SELECT, factsOf, toClockEmployee, type ClockEmployee, type ClockEmployeeRow, type ClockFacts, type FactRow } from "./employee.server";
/** The clock action's read: the employee, the day acted on and its facts, in one statement (decisions 0049, 0057, 0075). */
/** Today's day of an employee as read before an action: its state and active entries, and its row version. */
export interface DaySnapshot {
  id: number;
  type: ClockType | null;
  /** The row's xmin: any change of the day (an action, a reset, a validated correction) gives it a new one. */
  version: string;
  logs: { id: number; time: Date; type: ClockType }[];
}

/**
 * Everything a clock action reads: the employee, the day acted on (today's, or yesterday's while its shift is still
 * open: decision 0075), today's date in their zone, the expected facts, the day acted on as read.
 */
export interface ClockContext {
  emp: ClockEmployee;
  /** The day the action applies to: the shift's day. */
  date: CalendarDate;
  /** Today in the employee's zone. */
  today: CalendarDate;
  facts: ClockFacts;
  day: DaySnapshot | null;
}

type ClockContextRow = ClockEmployeeRow & {
  facts: FactRow[];
  days: { id: number; date: string; type: string | null; version: string; logs: { id: number; ms: number; type: string }[] }[];
};

/**
 * The day columns of the clock action's read, on `e` (employee) and `s` (subsidiary): the holidays and accepted
 * leaves (facts) and the non-suggested days with their active entries (days), between $1 and $2.
 */
const CLOCK_DAY_SELECT = `coalesce((select json_agg(f) from (
            select 'h' as kind, h.date::text as start, h.date::text as "end", false as hm, false as ha, null::text as reason
              from holiday h where ${holidayAppliesSql("coalesce(e.country_id, s.country_id)", "e.subsidiary_id")} and h.date between $1 and $2
            union all
            select 'l', l.start::text, l."end"::text, l.half_day_morning, l.half_day_afternoon, l.reason
              from leave l where l.employee_id = e.id and l.state = 'accepted' and l.start <= $2 and l."end" >= $1) f), '[]'::json) as facts,
          coalesce((select json_agg(json_build_object('id', d.id, 'date', d.date::text, 'type', d.type, 'version', d.xmin::text,
            'logs', (select coalesce(json_agg(json_build_object('id', l.id, 'ms', (extract(epoch from l.time) * 1000)::float8, 'type', l.type)
                                              order by l.time, l.id), '[]'::json)
                       from time_log l where l.time_clock_id = d.id and l.superseded_at is null)))
             from time_clock d where d.employee_id = e.id and d.suggested = false and d.date between $1 and $2), '[]'::json) as days`;

/** clockContext's statement: $1 and $2 the UTC date ± 1 day, $3 the employee. */
const CLOCK_CONTEXT = namedStatement(
  "clock_context",
  `select ${CLOCK_EMPLOYEE_SELECT},
          ${CLOCK_DAY_SELECT}
     from ${CLOCK_EMPLOYEE_FROM}
    where e.id = $3`,
);

/**
 * clockCallerContext's statement: the API token check of every /api call (auth.server's user_for_api_token: the
 * same CurrentUser columns, the same conditions) and CLOCK_CONTEXT's read in one statement. $1 and $2 the UTC date
 * ± 1 day, $3 the token's SHA-256, $4 now. No row: unknown, revoked or expired token.
 */
const CLOCK_CALLER_CONTEXT = namedStatement(
  "clock_caller_context",
  `select ${CURRENT_USER_SELECT},
          ${CLOCK_EMPLOYEE_EXTRA},
          ${CLOCK_DAY_SELECT}
     from ${CURRENT_USER_FROM}
     join api_token t on t.user_id = u.id
     left join subsidiary s on s.id = e.subsidiary_id
     left join country c on c.id = coalesce(e.country_id, s.country_id)
    where t.token_hash = $3 and t.revoked_at is null and t.expires_at > $4`,
);

/** The UTC date - 2 to + 1 day around `now`: every zone's today, and the day before it, is one of them. */
function aroundUtcDate(now: Date): [CalendarDate, CalendarDate] {
  const utcDate = now.toISOString().slice(0, 10);
  return [addDays(utcDate, -2), addDays(utcDate, 1)];
}

/**
 * The clock action's reads in one query. The day's date depends on the employee's zone, which the same query
 * reads, so the holidays, leaves and days fetched are those of the UTC date ± 1 day (every zone's today is one of
 * them) and today's are picked here.
 */
export async function clockContext(em: EntityManager, employeeId: number, now: Date): Promise<ClockContext> {
  const [row] = await runNamed<ClockContextRow>(em, CLOCK_CONTEXT, [...aroundUtcDate(now), employeeId]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return contextOf(row, now);
}

/** A clock action's first read, done with the caller's token check (clockCallerContext). */
export interface ClockCaller {
  /** Null for an archived employee (toCurrentUser): the token is refused. */
  user: CurrentUser | null;
  /** For clockAction and resetDay's first attempt. */
  context: ClockContext;
}

/**
 * The /api clock buttons' first statement (DESIGN §6, decision 0057): the API token check (auth.server's
 * currentUserForApiToken: the same user, null for the same tokens) and the action's reads (clockContext) in one
 * statement. The caller then checks the rights as for any /api call (api.server's checkApiCaller) and passes
 * `context` to clockAction or resetDay, which check and write as always. Null: no valid token.
 */
export async function clockCallerContext(em: EntityManager, token: string, now: Date): Promise<ClockCaller | null> {
  const tokenHash = apiTokenHash(token);
  if (tokenHash === null) return null;
  const [row] = await runNamed<CurrentUserRow & ClockContextRow>(em, CLOCK_CALLER_CONTEXT, [...aroundUtcDate(now), tokenHash, now.toISOString()]);
  if (!row) return null;
  const user = toCurrentUser(row);
  row.id = row.employee_id; // the ClockEmployeeRow's id (the driver's row, ours to complete: no copy of its 25 columns)
  return { user, context: contextOf(row, now) };
}

function contextOf(row: ClockContextRow, now: Date): ClockContext {
  const emp = toClockEmployee(row);
  const today = localDate(now, emp.zone);
  const snapshot = (date: CalendarDate): DaySnapshot | null => {
    const found = row.days.find((d) => d.date === date);
    return found
      ? {
          id: found.id,
          type: isClockType(found.type) ? found.type : null,
          version: found.version,
          logs: found.logs.filter((l) => isClockType(l.type)).map((l) => ({ id: l.id, time: new Date(l.ms), type: l.type as ClockType })),
        }
      : null;
  };
  const todays = snapshot(today);
  const yesterdays = snapshot(addDays(today, -1));
  const shift = (d: DaySnapshot | null) => (d ? { type: d.type, firstAt: d.logs[0]?.time ?? null } : null);
  const which = shiftDayOf({ yesterday: shift(yesterdays), today: shift(todays) }, now);
  return which === "yesterday"
    ? { emp, date: addDays(today, -1), today, facts: factsOf(emp, row.facts), day: yesterdays }
    : { emp, date: today, today, facts: factsOf(emp, row.facts), day: todays };
}

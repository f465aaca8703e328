/**
 * Stored overtime weeks (DESIGN §8): the engine's result per employee and ISO week, written by upsert on
 * (employee, iso_year, iso_week). The dirty marks are in overtime-dirty.server.ts.
 *
 * The annual quota is counted per ISO year (decision 0028): a week belongs to the year of its Thursday, so each
 * week counts once, and "the quota used before this week" is the sum of the earlier weeks of the same ISO year.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { createHash } from "node:crypto";
import { scheduleDaySeconds, weekForDate, type WeekSchedule, type WeekType } from "~/domain/expected-time";
import type { IsoWeekKey } from "~/domain/iso-week";
import { computeOvertimeWeek, mondayOfIsoWeek, type OvertimeDay, type OvertimeWeekInput, type OvertimeWeekResult } from "~/domain/overtime";
import { defaultPolicyFor, type OvertimePolicyRow } from "~/domain/overtime-policy";
import { addDays } from "~/domain/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/zoned-day";
import { t } from "~/i18n/fr";
import { NotFoundError } from "./errors";
import { holidayAppliesSql } from "./holidays.server";
import { policyFromJson, policyInForceSql, type PolicyJson } from "./overtime-policy.server";

// ---------------------------------------------------------------------------------------------------------------
// Reading one employee-week

interface WeekContextRow {
  id: number;
  week_type: string;
  contract_hours: number | null;
  subsidiary_id: number | null;
  country_id: number | null;
  country_name: string | null;
  sub_tz: string | null;
  country_tz: string | null;
  weeks: WeekSchedule[];
  policy: PolicyJson | null;
  company_size: number;
  quota_before: number;
  previous_quota_week: number | null;
  started_at: Date;
}

type FactRow = {
  kind: "c" | "h" | "l" | "e";
  start: string;
  end: string;
  seconds: number;
  flag: boolean;
  text: string | null;
  hm: boolean;
  ha: boolean;
};

/** What computing a week needs besides the engine's input: the policy row used and the quota stored before. */
export interface LoadedWeek {
  input: OvertimeWeekInput;
  policy: OvertimePolicyRow;
  previousQuotaWeekSeconds: number | null;
  startedAt: Date;
}

/**
 * The engine's input for one employee and ISO week, read in two queries whatever the week holds: (1) the employee,
 * their schedule, the policy row in force on the Monday, the company size and the quota used by the earlier weeks of
 * the ISO year; (2) the week's clock days, holidays, accepted leaves and event days. `now` decides which past day
 * without END is an anomaly (DESIGN §5) and nothing else. NotFoundError for an unknown employee.
 */
export async function loadOvertimeWeek(em: EntityManager, employeeId: number, week: IsoWeekKey, now: Date): Promise<LoadedWeek> {
  const monday = mondayOfIsoWeek(week);
  const sunday = addDays(monday, 6);
  const [ctx] = await em.execute<WeekContextRow[]>(
    `select e.id, e.week_type, e.number_of_hours_per_week::float8 as contract_hours,
            coalesce(e.country_id, s.country_id) as country_id, e.subsidiary_id, cn.name as country_name,
            s.timezone as sub_tz, cn.timezone as country_tz,
            coalesce((select json_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::json) as weeks,
            ${policyInForceSql("coalesce(e.country_id, s.country_id)", "?::date")} as policy,
            (select count(*)::int from employee o left join subsidiary os on os.id = o.subsidiary_id
              where coalesce(o.country_id, os.country_id) is not distinct from coalesce(e.country_id, s.country_id)
                and (o.hired_at is null or o.hired_at <= ?::date) and (o.fired_at is null or o.fired_at >= ?::date)) as company_size,
            (select coalesce(sum(w.quota_week_seconds), 0)::int from overtime_week w
              where w.employee_id = e.id and w.iso_year = ? and w.iso_week < ?) as quota_before,
            (select w.quota_week_seconds from overtime_week w
              where w.employee_id = e.id and w.iso_year = ? and w.iso_week = ? and w.computed_at is not null) as previous_quota_week,
            clock_timestamp() as started_at
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country cn on cn.id = coalesce(e.country_id, s.country_id)
      where e.id = ?`,
    [monday, sunday, monday, week.year, week.week, week.year, week.week, employeeId],
  );
  if (!ctx) throw new NotFoundError(t("error.not_found_item"));
  const zone = resolveTimeZone(ctx.sub_tz, ctx.country_tz);
  const today = localDate(now, zone);
  const facts = await em.execute<FactRow[]>(
    `select 'c' as kind, c.date::text as start, c.date::text as "end", c.working_time_seconds as seconds,
            (c.anomaly or (c.date < ?::date and c.type is not null and c.type <> 'END')) as flag, null as text, false as hm, false as ha
       from time_clock c where c.employee_id = ? and c.suggested = false and c.date between ? and ?
     union all
     select 'h', h.date::text, h.date::text, 0, false, h.name, false, false
       from holiday h where ${holidayAppliesSql("?", "?")} and h.date between ? and ?
     union all
     select 'l', l.start::text, l."end"::text, 0, false, l.reason, l.half_day_morning, l.half_day_afternoon
       from leave l where l.employee_id = ? and l.state = 'accepted' and l.start <= ? and l."end" >= ?
     union all
     select 'e', ev.date::text, ev.date::text, 0, false, ev.type, false, false
       from event_day ev where ev.employee_id = ? and ev.date between ? and ?`,
    [today, employeeId, monday, sunday, ctx.country_id ?? 0, ctx.subsidiary_id ?? 0, monday, sunday, employeeId, sunday, monday, employeeId, monday, sunday],
  );

  const policy: OvertimePolicyRow = ctx.policy
    ? policyFromJson(ctx.policy)
    : { ...defaultPolicyFor(ctx.country_name ?? ""), id: null, countryId: ctx.country_id, effectiveFrom: "2000-01-01" };
  const weekType: WeekType = ctx.week_type === "week_one_two" ? "week_one_two" : "unique_week";
  const days: OvertimeDay[] = [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const date = addDays(monday, i);
    const weekday = i + 1;
    const clock = facts.find((f) => f.kind === "c" && f.start === date);
    const holiday = facts.some((f) => f.kind === "h" && f.start === date);
    const leave = facts.find((f) => f.kind === "l" && f.start <= date && f.end >= date);
    const event = facts.find((f) => f.kind === "e" && f.start === date);
    const scheduled = weekday <= 5 ? scheduleDaySeconds(weekForDate(date, weekType, ctx.weeks ?? [])?.[weekday - 1]) : 0;
    const halfDay = !!leave && leave.start === leave.end && (leave.hm || leave.ha);
    // Expected time as DESIGN §5 (and §9 for event days): 0 on holidays, full-day leave and closing days.
    let expected = scheduled;
    if (holiday || event?.text === "closed" || (leave && !halfDay)) expected = 0;
    else if (halfDay) expected = scheduled / 2;
    return {
      date,
      workedSeconds: clock?.seconds ?? 0,
      scheduledSeconds: scheduled,
      expectedSeconds: expected,
      absence: leave ? { reason: leave.text ?? "", halfDay } : null,
      holiday,
      eventDay: event?.text === "closed" || event?.text === "moved" ? event.text : null,
      anomaly: clock?.flag ?? false,
    };
  });
  return {
    input: {
      week,
      zone,
      days,
      contractWeeklyHours: ctx.contract_hours === null ? null : Number(ctx.contract_hours),
      policy,
      quotaUsedBeforeSeconds: ctx.quota_before,
      companySize: ctx.company_size,
    },
    policy,
    previousQuotaWeekSeconds: ctx.previous_quota_week,
    startedAt: ctx.started_at,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Computing and storing one employee-week

/** sha256 of a result: the same facts and policy give the same checksum, whenever and however often it runs. */
export function weekChecksum(result: OvertimeWeekResult, policyId: number | null): string {
  return createHash("sha256").update(JSON.stringify({ policyId, result })).digest("hex");
}

export interface StoredWeek {
  id: number;
  result: OvertimeWeekResult;
  policyId: number | null;
  provisional: boolean;
  checksum: string;
}

/**
 * Computes one employee's ISO week from the database and upserts it (DESIGN §8): provisional while the week is not
 * over in the employee's zone, final after. The credited flag and amount are left as they are (crediting is the
 * job's step). The week is no longer dirty unless it was marked again while being computed. When its share of the
 * annual quota changed, the later stored weeks of the same ISO year are marked dirty (their "quota used before"
 * moved). Four statements whatever the week holds; run it in a transaction to keep them together.
 */
export async function computeEmployeeWeek(em: EntityManager, employeeId: number, week: IsoWeekKey, now: Date = new Date()): Promise<StoredWeek> {
  const loaded = await loadOvertimeWeek(em, employeeId, week, now);
  const result = computeOvertimeWeek(loaded.input);
  const sunday = addDays(result.monday, 6);
  const provisional = localDate(now, loaded.input.zone) <= sunday;
  const policyId = loaded.policy.id;
  const checksum = weekChecksum(result, policyId);
  const { explanation, days, anomalies, lines, rates } = result;
  const [row] = await em.execute<{ id: number }[]>(
    `insert into overtime_week (employee_id, iso_year, iso_week, monday, policy_id, mode, contract_seconds, worked_seconds,
        counted_seconds, normal_seconds, extra_seconds, undertime_seconds, overtime_seconds, complementary_seconds, paid_seconds,
        recovery_seconds, recovery_earned_seconds, premium_seconds, quota_before_seconds, quota_week_seconds, quota_after_seconds,
        mandatory_rest_seconds, anomaly_count, bands, explanation, checksum, provisional, dirty, dirty_at, computed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, false, null, clock_timestamp())
     on conflict (employee_id, iso_year, iso_week) do update set
        monday = excluded.monday, policy_id = excluded.policy_id, mode = excluded.mode, contract_seconds = excluded.contract_seconds,
        worked_seconds = excluded.worked_seconds, counted_seconds = excluded.counted_seconds, normal_seconds = excluded.normal_seconds,
        extra_seconds = excluded.extra_seconds, undertime_seconds = excluded.undertime_seconds,
        overtime_seconds = excluded.overtime_seconds, complementary_seconds = excluded.complementary_seconds,
        paid_seconds = excluded.paid_seconds, recovery_seconds = excluded.recovery_seconds,
        recovery_earned_seconds = excluded.recovery_earned_seconds, premium_seconds = excluded.premium_seconds,
        quota_before_seconds = excluded.quota_before_seconds, quota_week_seconds = excluded.quota_week_seconds,
        quota_after_seconds = excluded.quota_after_seconds, mandatory_rest_seconds = excluded.mandatory_rest_seconds,
        anomaly_count = excluded.anomaly_count, bands = excluded.bands, explanation = excluded.explanation,
        checksum = excluded.checksum, provisional = excluded.provisional, computed_at = excluded.computed_at,
        -- A mark left while this computation was reading stays: the week is computed again.
        dirty = overtime_week.dirty and overtime_week.dirty_at > ?,
        dirty_at = case when overtime_week.dirty and overtime_week.dirty_at > ? then overtime_week.dirty_at end
     returning id`,
    [
      employeeId,
      week.year,
      week.week,
      result.monday,
      policyId,
      result.mode,
      result.contractSeconds,
      result.workedSeconds,
      result.countedSeconds,
      result.normalSeconds,
      result.extraSeconds,
      result.undertimeSeconds,
      result.overtimeSeconds,
      result.complementarySeconds,
      result.paidSeconds,
      result.recoverySeconds,
      result.recoveryEarnedSeconds,
      result.premiumSeconds,
      result.quota.beforeSeconds,
      result.quota.weekSeconds,
      result.quota.afterSeconds,
      result.mandatoryRestSeconds,
      anomalies.length,
      JSON.stringify({ lines, rates }),
      JSON.stringify({ steps: explanation, days, anomalies, quota: result.quota }),
      checksum,
      provisional,
      loaded.startedAt,
      loaded.startedAt,
    ],
  );
  if ((loaded.previousQuotaWeekSeconds ?? 0) !== result.quota.weekSeconds) {
    await em.execute(
      `update overtime_week set dirty = true, dirty_at = clock_timestamp()
        where employee_id = ? and iso_year = ? and iso_week > ? and not dirty`,
      [employeeId, week.year, week.week],
    );
  }
  return { id: row!.id, result, policyId, provisional, checksum };
}

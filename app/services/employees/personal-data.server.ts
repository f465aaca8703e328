import type { EntityManager } from "@mikro-orm/postgresql";
import { createReadableStreamFromReadable } from "@remix-run/node";
import archiver from "archiver";
import { frDate } from "~/domain/shared/api-dates";
import { displayName } from "~/domain/employees/name";
import { csvDecimal, csvFile, csvHours } from "~/domain/employees/personal-data";
import { contentDisposition } from "~/domain/reports/reports";
import { localDate } from "~/domain/shared/zoned-day";
import { t, tOr } from "~/i18n/fr";
import type { HistoryDetails } from "~/domain/history/history";
import { historyLines } from "~/domain/history/text";
import { leavePeriodText } from "~/domain/leave/period-text";
import { readHistoryNames } from "~/services/history/read.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";

/**
 * "Mes données" (issue 32 §4, decision 0101): everything Cadran keeps about the signed-in employee, as a ZIP of CSV
 * files with a French README. One query per file, each over the employee's own rows (indexed by employee_id); the
 * archive is streamed as it is written.
 */

export const ZONE_FALLBACK = "Europe/Paris";
const yesNo = (value: boolean) => t(value ? "personal_data.yes" : "personal_data.no");

interface ProfileRow {
  matricule: number | null;
  firstname: string;
  lastname: string;
  acronym: string | null;
  birthday: string | null;
  email: string;
  email_personal: string | null;
  phone: string | null;
  position: string | null;
  profile_type: string;
  type_contract: string | null;
  number_of_hours_per_week: string | null;
  hired_at: string | null;
  fired_at: string | null;
  annual_salary: string | null;
  hourly_cost: string | null;
  subsidiary: string | null;
  division: string | null;
  team: string | null;
  holiday_total_balance: string;
  recovery_seconds: number;
  comments: string | null;
  zone: string | null;
}

async function profileCsv(em: EntityManager, employeeId: number): Promise<{ csv: string; zone: string; name: string }> {
  const [p] = await em.getConnection().execute<ProfileRow[]>(
    `select e.matricule, e.firstname, e.lastname, e.acronym, e.birthday::text as birthday, e.email, e.email_personal, e.phone,
            e.position, e.profile_type, e.type_contract, e.number_of_hours_per_week::text as number_of_hours_per_week,
            e.hired_at::text as hired_at, e.fired_at::text as fired_at, e.annual_salary::text as annual_salary,
            e.hourly_cost::text as hourly_cost, s.name as subsidiary, d.name as division, tm.name as team,
            e.holiday_total_balance::text as holiday_total_balance, e.recovery_earned - e.recovery_taken as recovery_seconds,
            e.comments, coalesce(s.timezone, co.timezone) as zone
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join division d on d.id = e.division_id
       left join team tm on tm.id = e.team_id
       left join country co on co.id = coalesce(e.country_id, s.country_id)
      where e.id = ?`,
    [employeeId]
  );
  if (!p) throw new NotFoundError(t("error.not_found_item"));
  const rows: [string, string | number | null][] = [
    ["matricule", p.matricule],
    ["lastname", p.lastname],
    ["firstname", p.firstname],
    ["acronym", p.acronym],
    ["birthday", frDate(p.birthday)],
    ["email", p.email],
    ["email_personal", p.email_personal],
    ["phone", p.phone],
    ["position", p.position],
    ["profile_type", p.profile_type],
    ["type_contract", p.type_contract],
    ["hours_week", csvDecimal(p.number_of_hours_per_week)],
    ["hired_at", frDate(p.hired_at)],
    ["fired_at", frDate(p.fired_at)],
    ["annual_salary", csvDecimal(p.annual_salary)],
    ["hourly_cost", csvDecimal(p.hourly_cost)],
    ["subsidiary", p.subsidiary],
    ["division", p.division],
    ["team", p.team],
    ["holiday_balance", csvDecimal(p.holiday_total_balance)],
    ["recovery_balance", csvHours(p.recovery_seconds)],
    ["comments", p.comments],
  ];
  const csv = csvFile(
    [t("personal_data.profile.field"), t("personal_data.profile.value")],
    rows.map(([key, value]) => [tOr(`personal_data.profile.${key}`), value])
  );
  return { csv, zone: p.zone ?? ZONE_FALLBACK, name: displayName(p.firstname, p.lastname) };
}

async function clocksCsv(em: EntityManager, employeeId: number, zone: string): Promise<string> {
  const rows = await em
    .getConnection()
    .execute<{ date: string; time: string; type: string; suggested: boolean; superseded: string | null; message: string | null }[]>(
      `select c.date::text as date, to_char(l.time at time zone ?, 'HH24:MI') as time, l.type, c.suggested,
            to_char(l.superseded_at at time zone ?, 'YYYY-MM-DD') as superseded, c.message
       from (select * from time_clock where employee_id = ? and suggested = false
             union all select * from time_clock where employee_id = ? and suggested) c
       join time_log l on l.time_clock_id = c.id
      order by c.date, l.time, l.id`,
      [zone, zone, employeeId, employeeId]
    );
  return csvFile(
    t("personal_data.clocks.header").split(";"),
    rows.map((r) => [frDate(r.date), r.time, tOr(`time_clock.type.${r.type}`, r.type), yesNo(r.suggested), frDate(r.superseded), r.message])
  );
}

async function leavesCsv(em: EntityManager, employeeId: number, zone: string): Promise<string> {
  const rows = await em.getConnection().execute<
    {
      start: string;
      end: string;
      half_day_morning: boolean;
      half_day_afternoon: boolean;
      reason: string;
      state: string;
      days: string;
      hours: string | null;
      comment: string | null;
      created: string;
    }[]
  >(
    `select l.start::text as start, l."end"::text as "end", l.half_day_morning, l.half_day_afternoon, l.reason, l.state,
            l.number_days_work::text as days, l.nb_hour_absence::text as hours, l.comment,
            to_char(l.created_at at time zone ?, 'YYYY-MM-DD') as created
       from leave l
      where l.employee_id = ?
      order by l.start, l.id`,
    [zone, employeeId]
  );
  return csvFile(
    t("personal_data.leaves.header").split(";"),
    rows.map((r) => [
      frDate(r.start),
      frDate(r.end),
      yesNo(r.half_day_morning),
      yesNo(r.half_day_afternoon),
      tOr(`leave.reason.${r.reason}`, r.reason),
      tOr(`leave.state.${r.state}`, r.state),
      csvDecimal(r.days),
      csvDecimal(r.hours),
      r.comment,
      frDate(r.created),
    ])
  );
}

async function weeksCsv(em: EntityManager, employeeId: number): Promise<string> {
  const rows = await em.getConnection().execute<
    {
      iso_year: number;
      iso_week: number;
      monday: string;
      contract_seconds: number;
      worked_seconds: number;
      overtime_seconds: number;
      complementary_seconds: number;
      recovery_earned_seconds: number;
      provisional: boolean;
    }[]
  >(
    `select iso_year, iso_week, monday::text as monday, contract_seconds, worked_seconds, overtime_seconds, complementary_seconds,
            recovery_earned_seconds, provisional
       from overtime_week
      where employee_id = ?
      order by monday`,
    [employeeId]
  );
  return csvFile(
    t("personal_data.weeks.header").split(";"),
    rows.map((r) => [
      r.iso_year,
      r.iso_week,
      frDate(r.monday),
      csvHours(r.contract_seconds),
      csvHours(r.worked_seconds),
      csvHours(r.overtime_seconds),
      csvHours(r.complementary_seconds),
      csvHours(r.recovery_earned_seconds),
      yesNo(r.provisional),
    ])
  );
}

/**
 * What was done about the employee: the steps of their leaves (who decided), deductions given and removed, clock
 * entries corrected, and the audit log entries about them. One union, ordered by date.
 */
async function historyCsv(em: EntityManager, employeeId: number, zone: string): Promise<string> {
  const rows = await em
    .getConnection()
    .execute<
      {
        at: string;
        kind: string;
        step: string | null;
        start: string | null;
        end: string | null;
        seconds: number | null;
        firstname: string | null;
        lastname: string | null;
        details: HistoryDetails | null;
        hm: boolean | null;
        ha: boolean | null;
      }[]
    >(
      `select to_char(h.at at time zone ?, 'YYYY-MM-DD') as at, h.kind, h.step, h.start, h."end", h.seconds, a.firstname, a.lastname,
              h.details, h.hm, h.ha
       from (
         select s.at, 'leave_step' as kind, s.step, l.start::text as start, l."end"::text as "end", null::int as seconds, s.actor_id,
                null::jsonb as details, l.half_day_morning as hm, l.half_day_afternoon as ha
           from leave l join leave_step s on s.leave_id = l.id
          where l.employee_id = ?
         union all
         select d.created_at, 'deduction', null, d.date::text, null, d.seconds, d.created_by_id, null, null, null
           from deduction d where d.employee_id = ?
         union all
         select d.removed_at, 'deduction_removed', null, d.date::text, null, d.seconds, d.removed_by_id, null, null, null
           from deduction d where d.employee_id = ? and d.removed_at is not null
         union all
         select tl.superseded_at, 'clock_corrected', null, c.date::text, null, null, tl.superseded_by_id, null, null, null
           from time_clock c join time_log tl on tl.time_clock_id = c.id
          where c.employee_id = ? and c.suggested = false and tl.superseded_at is not null
         union all
         select tl.superseded_at, 'clock_corrected', null, c.date::text, null, null, tl.superseded_by_id, null, null, null
           from time_clock c join time_log tl on tl.time_clock_id = c.id
          where c.employee_id = ? and c.suggested and tl.superseded_at is not null
         union all
         select g.at, 'audit', g.action, null, null, null, g.actor_id, g.details, null, null
           from audit_log g where g.employee_id = ?
       ) h
       left join employee a on a.id = h.actor_id
      order by h.at, h.kind`,
      [zone, employeeId, employeeId, employeeId, employeeId, employeeId, employeeId]
    );
  // The audit entries read as the sheet's Historique tab reads them (issue 41): the same French sentences, old → new,
  // "par X pour Y", with the names their ids refer to (one statement, none without such ids).
  const names = await readHistoryNames(em, rows.filter((r) => r.kind === "audit").map((r) => r.details));
  return csvFile(
    t("personal_data.history.header").split(";"),
    rows.map((r) => {
      const by = r.firstname || r.lastname ? displayName(r.firstname, r.lastname) : "";
      switch (r.kind) {
        case "leave_step":
          return [
            frDate(r.at),
            t("personal_data.history.leave_step", {
              period: leavePeriodText({ start: r.start ?? "", end: r.end ?? "", halfDayMorning: r.hm, halfDayAfternoon: r.ha }),
              step: tOr(`leave.step.${r.step}`, r.step ?? ""),
            }),
            by,
            "",
          ];
        case "deduction":
        case "deduction_removed":
          return [frDate(r.at), t(`personal_data.history.${r.kind}`), by, `${frDate(r.start)} ${csvHours(r.seconds)} h`];
        case "clock_corrected":
          return [frDate(r.at), t("personal_data.history.clock_corrected"), by, frDate(r.start)];
        default: {
          if (r.step === "anonymise") return [frDate(r.at), t("personal_data.history.audit.anonymise"), by, ""];
          const lines = historyLines({ action: r.step ?? "", details: r.details, actorName: by || t("history.actor.none") }, { names, zone });
          // A sheet change is "Fiche modifiée", its fields in the detail; anything else: its headline, the rest after.
          if (r.step === "sheet.update") return [frDate(r.at), t("history.sheet.update"), by, lines.join(" ; ")];
          return [frDate(r.at), lines[0] ?? "", by, lines.slice(1).join(" ; ")];
        }
      }
    })
  );
}

/** The archive's file name, dated in the employee's zone. */
export function personalDataFileName(now: Date, zone = ZONE_FALLBACK): string {
  return t("personal_data.file_name", { date: localDate(now, zone) });
}

/** Writes the archive of the signed-in employee into a ZIP stream (the caller answers it). */
export async function personalDataArchive(
  em: EntityManager,
  actor: CurrentUser,
  now = new Date()
): Promise<{ fileName: string; zip: archiver.Archiver }> {
  const profile = await profileCsv(em, actor.employeeId);
  const [clocks, leaves, weeks, history] = await Promise.all([
    clocksCsv(em, actor.employeeId, profile.zone),
    leavesCsv(em, actor.employeeId, profile.zone),
    weeksCsv(em, actor.employeeId),
    historyCsv(em, actor.employeeId, profile.zone),
  ]);
  const zip = archiver("zip", { zlib: { level: 6 } });
  const date = { date: now };
  zip.append(t("personal_data.readme", { date: frDate(localDate(now, profile.zone)), name: profile.name }), { name: "LISEZMOI.txt", ...date });
  zip.append(profile.csv, { name: "profil.csv", ...date });
  zip.append(clocks, { name: "pointages.csv", ...date });
  zip.append(leaves, { name: "conges.csv", ...date });
  zip.append(weeks, { name: "semaines.csv", ...date });
  zip.append(history, { name: "historique.csv", ...date });
  void zip.finalize();
  return { fileName: personalDataFileName(now, profile.zone), zip };
}

/** GET /profile/data: the streamed ZIP response. */
export async function personalDataResponse(em: EntityManager, actor: CurrentUser, now = new Date()): Promise<Response> {
  const { fileName, zip } = await personalDataArchive(em, actor, now);
  zip.on("error", (error) => console.error("[personal-data] archive failed", error));
  return new Response(createReadableStreamFromReadable(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

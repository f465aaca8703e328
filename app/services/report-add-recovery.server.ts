/**
 * The manual "add recovery" of the recovery report (spec 2 §2, §7 POST /api/add-recovery; DESIGN §8).
 *
 * PLACEHOLDER owned by the reports page until the overtime job's add-recovery service (branch h/otjob) is on main:
 * the page's action calls `addRecoveryForWeek` only, so wiring the real service is a one-line change here. This
 * version recomputes the week for every employee with time registration through the engine's `computeEmployeeWeek`
 * and refuses a week already credited without `force` (409); it does not credit anything (crediting is the job's
 * step).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { mondayOfIsoWeek } from "~/domain/overtime";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { ConflictError, ValidationError } from "./errors";
import { computeEmployeeWeek } from "./overtime-week.server";

export interface AddRecoveryInput {
  week: number;
  year: number;
  force: boolean;
}

/** Checks the week and year of the form (422 with French field errors). */
export function checkAddRecoveryInput(week: unknown, year: unknown, now: Date = new Date()): { week: number; year: number } {
  const violations = [];
  const y = Number(year);
  const w = Number(week);
  if (!Number.isInteger(y) || y < 2020 || y > now.getUTCFullYear() + 1) violations.push({ propertyPath: "year", message: t("report.add_recovery.error_year") });
  let validWeek = Number.isInteger(w) && w >= 1 && w <= 53;
  if (validWeek && violations.length === 0) {
    try {
      mondayOfIsoWeek({ year: y, week: w });
    } catch {
      validWeek = false;
    }
  }
  if (!validWeek) violations.push({ propertyPath: "week", message: t("report.add_recovery.error_week") });
  if (violations.length) throw new ValidationError(violations);
  return { week: w, year: y };
}

export async function addRecoveryForWeek(em: EntityManager, _actor: CurrentUser, input: AddRecoveryInput, now: Date = new Date()): Promise<{ employees: number }> {
  const { week, year } = checkAddRecoveryInput(input.week, input.year, now);
  if (!input.force) {
    const [credited] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from overtime_week where iso_year = ? and iso_week = ? and credited`,
      [year, week],
    );
    if ((credited?.n ?? 0) > 0) throw new ConflictError(t("report.add_recovery.already"));
  }
  const monday = mondayOfIsoWeek({ year, week });
  const employees = await em.execute<{ id: number }[]>(
    `select e.id from employee e where e.time_registration and (e.hired_at is null or e.hired_at <= ?::date + 6)
        and (e.fired_at is null or e.fired_at >= ?::date) order by e.id`,
    [monday, monday],
  );
  for (const e of employees) await computeEmployeeWeek(em, e.id, { year, week }, now);
  return { employees: employees.length };
}

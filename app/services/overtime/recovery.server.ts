/**
 * `POST /api/add-recovery {week, year, force}` (spec 2 §7, DESIGN §8, decision 0034): the nightly computation for
 * one ISO week of the whole company, then the credit of its recovery. A week already credited is left as it is
 * without `force` (409); with `force` it is recomputed and only the difference is credited (the ledger
 * `credited_seconds` of each stored week makes a second credit impossible).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { canCallApi } from "~/domain/identity/access";
import { parseAddRecovery } from "~/domain/overtime/add-recovery";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { mondayOfIsoWeek } from "~/domain/overtime/overtime";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError, ForbiddenError, ValidationError } from "~/services/shared/errors";
import { lateChangeNotice } from "~/services/payroll/late-change.server";
import { backfillPaidWeeks, carryRappels } from "~/services/payroll/rappel.server";
import { creditFinishedWeeks } from "./run.server";
import { computeEmployeeWeek } from "./week.server";

export interface AddRecoveryResult {
  message: string;
  week: number;
  year: number;
  employees: number;
  creditedWeeks: number;
  creditedSeconds: number;
  /** The week has days in a month closed for some employee: their difference is a rappel (decision 0118). */
  notice: string | null;
}

/** Validates (422, nothing stored), refuses a credited week without force (409), computes and credits. */
export async function addRecovery(em: EntityManager, actor: CurrentUser, body: Record<string, unknown>, now = new Date()): Promise<AddRecoveryResult> {
  if (!canCallApi("POST", "/api/add-recovery", actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
  const input = parseAddRecovery(body, isoWeekKey(localDate(now, "Europe/Paris")));
  if (!input.ok) {
    throw new ValidationError(
      input.errors.map((e) => ({
        propertyPath: e.field,
        message: t(`overtime.recovery.error.${e.code}`, { week: String(body.week ?? ""), year: String(body.year ?? "") }),
      })),
    );
  }
  const { week, year, force } = input;
  const [state] = await em.execute<{ credited: boolean }[]>(
    "select exists (select 1 from overtime_week where iso_year = ? and iso_week = ? and credited) as credited",
    [year, week],
  );
  if (state?.credited && !force) throw new ConflictError(t("overtime.recovery.already_credited", { week, year }));

  const monday = mondayOfIsoWeek({ year, week });
  const sunday = addDays(monday, 6);
  const employees = await em.execute<{ id: number }[]>(
    `select id from employee where (hired_at is null or hired_at <= ?) and (fired_at is null or fired_at >= ?) order by id`,
    [sunday, monday],
  );
  // The whole company's week is computed, closed months or not (issue 38 §1): a week with days in a month closed for
  // an employee's subsidiary carries its difference as a rappel into the next open month, said in the notice.
  const notice = await lateChangeNotice(em, { employeeIds: employees.map((e) => e.id) }, { from: monday, to: sunday });
  // A month closed before decision 0118 gets its paid weeks before any of its weeks is computed again.
  await backfillPaidWeeks(em);
  for (const { id } of employees) {
    await em.transactional((tx) => computeEmployeeWeek(tx, id, { year, week }, now));
  }
  await carryRappels(em, employees.map((e) => ({ employeeId: e.id, monday })));
  const credit = await creditFinishedWeeks(em, { isoYear: year, isoWeek: week });
  return {
    message: t("overtime.recovery.added", { week, year, employees: employees.length, hours: formatHoursMinutes(credit.seconds) }),
    week,
    year,
    employees: employees.length,
    creditedWeeks: credit.weeks,
    creditedSeconds: credit.seconds,
    notice,
  };
}

/**
 * What the leave ask form needs about the person (issue 28 item 7): the reasons that fit them and their balances, in
 * one query; and the preview of a request (GET, no JavaScript needed): working days counted and balance after.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { previewLeave, reasonsFor, type LeavePreview, type LeavePreviewInput } from "~/domain/leave/ask";
import type { LeaveReason } from "~/domain/leave/days";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { employeeHolidays } from "~/services/organisation/holidays.server";
import { balancesOf, type LeaveBalances } from "./leave.server";

export interface AskContext {
  reasons: LeaveReason[];
  balances: LeaveBalances;
}

interface AskRow {
  country: string | null;
  zone: string | null;
  working_time_reduction: boolean;
  holiday_earned_last_year: number;
  holiday_taken_last_year: number;
  holiday_earned_this_year: number;
  holiday_taken_this_year: number;
  recovery_earned: number;
  recovery_taken: number;
}

/** The reasons offered and the balances of the signed-in person (`keep`: the reason of a leave being edited). */
export async function askContext(em: EntityManager, user: CurrentUser, keep?: string | null): Promise<AskContext> {
  const [row] = await em.execute<AskRow[]>(
    `select c.name as country, coalesce(s.timezone, c.timezone) as zone, e.holiday_working_time_reduction as working_time_reduction,
            e.holiday_earned_last_year::float8 as holiday_earned_last_year, e.holiday_taken_last_year::float8 as holiday_taken_last_year,
            e.holiday_earned_this_year::float8 as holiday_earned_this_year, e.holiday_taken_this_year::float8 as holiday_taken_this_year,
            e.recovery_earned, e.recovery_taken
       from employee e left join subsidiary s on s.id = e.subsidiary_id left join country c on c.id = coalesce(e.country_id, s.country_id)
      where e.id = ?`,
    [user.employeeId],
  );
  if (!row) throw new NotFoundError();
  return {
    reasons: reasonsFor({ country: row.country, zone: row.zone, workingTimeReduction: row.working_time_reduction }, keep),
    balances: balancesOf(row),
  };
}

/** The preview of a request from the form's GET fields; null when the dates do not make a period yet. */
export async function askPreview(em: EntityManager, user: CurrentUser, input: LeavePreviewInput, balances: LeaveBalances): Promise<LeavePreview | null> {
  const checked = previewLeave(input, new Set(), { vacation: balances.vacation, recovery: balances.recovery });
  if (!checked) return null;
  const holidays = await employeeHolidays(em, user.employeeId, checked.start, checked.end);
  return previewLeave(input, holidays, { vacation: balances.vacation, recovery: balances.recovery });
}

/**
 * The manual "add recovery" of the recovery report (spec 2 §2, §7 POST /api/add-recovery; DESIGN §8): the page's
 * action calls the overtime job's service (`addRecovery`, decision 0034), the same as the /api call.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { addRecovery, type AddRecoveryResult } from "~/services/overtime/recovery.server";

export interface AddRecoveryInput {
  week: string;
  year: string;
  force: boolean;
}

export function addRecoveryForWeek(em: EntityManager, actor: CurrentUser, input: AddRecoveryInput, now: Date = new Date()): Promise<AddRecoveryResult> {
  return addRecovery(em, actor, { week: input.week, year: input.year, force: input.force ? "true" : "false" }, now);
}

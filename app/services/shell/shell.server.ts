import type { EntityManager } from "@mikro-orm/postgresql";
import { countersFor, type CounterKind } from "~/domain/shell/menu";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { waitingConditionFor } from "~/services/identity/deputies.server";
import { WAITING_CONDITION_SQL, waitingParams } from "~/services/leave/scope.server";

/**
 * Counts of the menu's red counters, in one round trip. Scope decisions (docs/decisions/0005): management sees the
 * whole company; a department head their division; a team leader their team. The waiting list is what awaits the
 * viewer's own step of the workflow (DESIGN §5), never their own requests.
 */
export async function shellCounters(em: EntityManager, user: CurrentUser): Promise<Partial<Record<CounterKind, number>>> {
  const kinds = countersFor(user.profileType, user.deputyFor);
  if (kinds.length === 0) return {};
  // A deputy's counter adds what awaits the managers they stand in for today (decision 0105).
  const waiting = waitingConditionFor(user);
  const [row] = await em.getConnection().execute<{ waiting: string | null; suggested: string | null }[]>(
    `select
       ${kinds.includes("waitingLeaves") ? `(select count(*) from leave l where ${waiting.sql})` : "null"} as waiting,
       ${kinds.includes("suggestedClocks") ? "(select count(*) from time_clock where suggested = true)" : "null"} as suggested`,
    kinds.includes("waitingLeaves") ? waiting.params : [],
  );
  const out: Partial<Record<CounterKind, number>> = {};
  if (row?.waiting != null) out.waitingLeaves = Number(row.waiting);
  if (row?.suggested != null) out.suggestedClocks = Number(row.suggested);
  return out;
}

/**
 * What awaits the viewer's step is the leave area's rule (services/leave/scope.server.ts, the SQL twin of
 * domain/leave/workflow.ts isAwaitingActor); the counter and the waiting list use the same condition.
 */
export { WAITING_CONDITION_SQL, waitingParams };

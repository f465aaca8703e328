import type { EntityManager } from "@mikro-orm/postgresql";
import { historyKindOf, type HistoryAction, type HistoryDetails } from "~/domain/history/history";

/**
 * Writing the change history (issue 32 §3, decision 0106). Call it with the entity manager of the change's own
 * transaction (`em.transactional(async (tx) => { …; await recordHistory(tx, …) })`) so the entry and the change are
 * committed together or not at all. Rows go to `audit_log`, which refuses updates and deletes (a trigger): no code
 * path changes an entry once written.
 */
export interface HistoryEntry {
  action: HistoryAction;
  /** The employee the entry is about; null for a subsidiary-wide entry (then `subsidiaryId`). */
  employeeId: number | null;
  subsidiaryId?: number | null;
  /** Who did it (their employee id); null for the system (a job, an import without a person). */
  actorId: number | null;
  details?: HistoryDetails;
  at?: Date;
}

export async function recordHistory(em: EntityManager, entries: HistoryEntry | readonly HistoryEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? (entries as readonly HistoryEntry[]) : [entries as HistoryEntry];
  if (list.length === 0) return;
  const values: string[] = [];
  const params: unknown[] = [];
  for (const e of list) {
    const kind = historyKindOf(e.action);
    if (!kind) throw new Error(`unknown history action ${e.action}`);
    if (e.employeeId == null && e.subsidiaryId == null && kind !== "policy") {
      throw new Error(`history entry ${e.action} names neither an employee nor a subsidiary`);
    }
    values.push(`(?, ?, ?, ?, ?, ?, ?::jsonb)`);
    params.push(e.at ?? new Date(), e.actorId, e.action, kind, e.employeeId, e.subsidiaryId ?? null, JSON.stringify(e.details ?? {}));
  }
  await em
    .getConnection()
    .execute(
      `insert into audit_log (at, actor_id, action, kind, employee_id, subsidiary_id, details) values ${values.join(", ")}`,
      params,
      "run",
      em.getTransactionContext()
    );
}

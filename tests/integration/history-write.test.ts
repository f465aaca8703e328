import { beforeAll, describe, expect, it } from "vitest";
import { recordHistory } from "~/services/history/history.server";
import { useTestDatabase } from "~tests/support/db";
import { createLeaveCast } from "~tests/support/factories-leave";

/** The change history's writer (issue 32 §3, decision 0106): in the caller's transaction, append-only. */
const db = useTestDatabase();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), "history write");
});

describe("recordHistory", () => {
  it("writes the entry with its kind, and nothing when the transaction rolls back", async () => {
    await db
      .em()
      .transactional(async (tx) => {
        await recordHistory(tx, {
          action: "sheet.update",
          employeeId: cast.employee.employeeId,
          actorId: cast.head.employeeId,
          details: { changes: [{ field: "lastname", old: "Roy", new: "Leroy" }] },
        });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await db.em().transactional((tx) =>
      recordHistory(tx, [
        { action: "sheet.update", employeeId: cast.employee.employeeId, actorId: cast.head.employeeId, details: { changes: [{ field: "phone", old: null, new: "0601" }] } },
        { action: "close.close", employeeId: null, subsidiaryId: cast.org.subsidiaryId, actorId: cast.financial.employeeId, details: { month: "2026-10-01" } },
      ])
    );
    const rows = await db.sql<{ action: string; kind: string; employee_id: number | null; subsidiary_id: number | null; details: unknown }>(
      `select action, kind, employee_id, subsidiary_id, details from audit_log where actor_id in (?, ?) order by id`,
      [cast.head.employeeId, cast.financial.employeeId]
    );
    expect(rows).toEqual([
      { action: "sheet.update", kind: "sheet", employee_id: cast.employee.employeeId, subsidiary_id: null, details: { changes: [{ field: "phone", old: null, new: "0601" }] } },
      { action: "close.close", kind: "close", employee_id: null, subsidiary_id: cast.org.subsidiaryId, details: { month: "2026-10-01" } },
    ]);
  });

  it("refuses an update or a delete of an entry", async () => {
    await expect(db.sql(`update audit_log set details = '{}'::jsonb where kind = 'sheet'`)).rejects.toThrow(/append-only/);
    await expect(db.sql(`delete from audit_log where kind = 'close'`)).rejects.toThrow(/append-only/);
  });

  it("refuses a TRUNCATE, direct or by cascade, and the rows stay (issue 42 §5)", async () => {
    const [{ n }] = await db.sql<{ n: number }>(`select count(*)::int as n from audit_log`);
    expect(n).toBeGreaterThan(0);
    await expect(db.sql(`truncate audit_log`)).rejects.toThrow(/append-only/);
    await expect(db.sql(`truncate employee, audit_log restart identity cascade`)).rejects.toThrow(/append-only/);
    await expect(db.sql(`truncate subsidiary cascade`)).rejects.toThrow(/append-only/);
    const [{ after }] = await db.sql<{ after: number }>(`select count(*)::int as after from audit_log`);
    expect(after).toBe(n);
  });

  it("refuses an entry about nobody", async () => {
    await expect(db.em().transactional((tx) => recordHistory(tx, { action: "leave.approve", employeeId: null, actorId: null }))).rejects.toThrow(
      /neither an employee nor a subsidiary/
    );
  });
});

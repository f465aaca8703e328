import type { EntityManager } from "@mikro-orm/postgresql";
import { importedSchedule, NEW_EMPLOYEE_DEFAULTS, normaliseWeek, weekCount, type EmployeeField, type EmployeeValues } from "~/domain/employees/sheet";
import { t } from "~/i18n/fr";
import { enqueue } from "~/server/operations/queue.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement, COLUMN_DEFAULTS, COLUMNS, FIELDS } from "./records.server";
import { createdChanges, updateEmployee } from "./writes.server";
import { recordHistory } from "~/services/history/history.server";
import { AppError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { IMPORT_JOB_THRESHOLD } from "./import-file.server";
import { cellMessage, importRow, planImport, type ImportPlan } from "./import.server";
import { PREVIEW_LIFETIME_MS, STALE_RUN_MS } from "~/domain/employees/import";

/**
 * The employee import, confirming and writing (decision 0098): refused while a row is in error, one transaction,
 * the job `employees.import` above IMPORT_JOB_THRESHOLD rows. The preview is `services/employees/import.server.ts`.
 */

type Planned = Awaited<ReturnType<typeof planImport>>["rows"][number];

/** The rows a confirmation writes: creates and updates, but an identity change only when ticked (decision 0116). */
const written = (rows: Planned[], accepted: ReadonlySet<number>) =>
  rows.filter((r) => r.outcome === "create" || (r.outcome === "update" && (r.tick === null || accepted.has(r.parsed.line))));

/** A matricule of another subsidiary is an error of its row unless ticked: the lines still unticked. */
function untickedOtherSubsidiary(rows: Planned[], accepted: ReadonlySet<number>): number[] {
  return rows.filter((r) => r.outcome === "update" && r.tick === "subsidiary" && !accepted.has(r.parsed.line)).map((r) => r.parsed.line);
}

/**
 * Confirms an import (a preview, or a confirmation that failed): refused while a row is in error or a matricule of
 * another subsidiary is not ticked; `accepted` are the lines HR ticked. A large one (more than IMPORT_JOB_THRESHOLD
 * rows to write) goes to the worker, a small one runs here. Answers the state after the call.
 */
export async function confirmImport(
  em: EntityManager,
  actor: CurrentUser,
  id: string,
  options: { welcome: boolean; accepted?: readonly number[]; now?: Date },
): Promise<"running" | "done" | "failed"> {
  assertManagement(actor);
  const now = options.now ?? new Date();
  const row = await importRow(em, id);
  if ((row.state !== "preview" && row.state !== "failed") || !row.rows) return row.state === "running" ? "running" : "done";
  if (new Date(row.created_at).getTime() + PREVIEW_LIFETIME_MS <= now.getTime()) throw new NotFoundError(t("import.error.expired"));
  const plan = await planImport(em, row.rows);
  if (plan.rows.some((r) => r.outcome === "error")) throw new ValidationError([{ propertyPath: "file", message: t("import.fix_first") }], t("import.fix_first"));
  const ticked = plan.rows.filter((r) => r.tick !== null).map((r) => r.parsed.line);
  const accepted = new Set((options.accepted ?? []).filter((line) => ticked.includes(line)));
  const unticked = untickedOtherSubsidiary(plan.rows, accepted);
  if (unticked.length) {
    const message = t("import.error.not_ticked", { lines: unticked.join(", ") });
    throw new ValidationError([{ propertyPath: "accept", message }], message);
  }
  const toWrite = written(plan.rows, accepted).length;
  const taken = await em.execute<{ id: string }[]>(
    `update employee_import set state = 'running', welcome = ?, accepted = ?::jsonb, heartbeat_at = ?, done = 0, result = null
      where id = ? and state in ('preview', 'failed') returning id`,
    [options.welcome, JSON.stringify([...accepted]), now, id],
  );
  if (taken.length === 0) return "running";
  if (toWrite > IMPORT_JOB_THRESHOLD) {
    await enqueue("employees.import", { importId: id });
    return "running";
  }
  const result = await runImport(em, id);
  return result?.error ? "failed" : "done";
}

/**
 * The worker's sweep (every 5 minutes): a confirmation still "running" whose progress has not moved for
 * STALE_RUN_MS was left by a process that died (its transaction rolled back with it): it is marked failed with a
 * French message, its rows kept, so HR can confirm it again. Answers how many were failed.
 */
export async function failStaleImports(em: EntityManager, now = new Date()): Promise<number> {
  const failed = await em.execute<{ id: string }[]>(
    `update employee_import set state = 'failed', done = 0, result = ?::jsonb, finished_at = ?
      where state = 'running' and coalesce(heartbeat_at, created_at) < ? returning id`,
    [JSON.stringify({ created: 0, updated: 0, unchanged: 0, error: t("import.error.interrupted") }), now, new Date(now.getTime() - STALE_RUN_MS)],
  );
  return failed.length;
}

const CREATE_CHUNK = 500;

/**
 * Creates the new sheets of an import, set-based: their rows, their schedule and their login accounts (no password
 * yet), as createEmployee does one by one; the checks createEmployee makes (validateSheet) were made for every row
 * at once by planImport inside the same transaction. A unique index lost to a concurrent save fails the whole import.
 */
async function insertEmployees(tx: EntityManager, actor: CurrentUser, rows: Partial<EmployeeValues>[]): Promise<number[]> {
  const c = tx.getConnection();
  const ctx = tx.getTransactionContext();
  const all = rows.map((r) => {
    const v = { ...NEW_EMPLOYEE_DEFAULTS, ...r } as EmployeeValues;
    // A time-registered person needs a schedule (decision 0086): the file has none, so the contract's hours are
    // spread over the week (decision 0098's addendum).
    return { ...v, weeks: importedSchedule(v), email: v.email!.trim().toLowerCase() };
  });
  const value = (v: EmployeeValues, f: (typeof FIELDS)[number]) => v[f] ?? COLUMN_DEFAULTS[f] ?? null;
  // One JSON parameter (a row type per object): thousands of `?` placeholders would cost more to bind than to insert.
  const cols = FIELDS.map((f) => COLUMNS[f]).join(", ");
  const inserted = await c.execute<{ id: number; email: string }[]>(
    `insert into employee (${cols}, created_at, updated_at)
     select ${cols}, now(), now() from json_populate_recordset(null::employee, ?::json) returning id, email`,
    [JSON.stringify(all.map((v) => Object.fromEntries(FIELDS.map((f) => [COLUMNS[f], value(v, f)]))))],
    "all",
    ctx,
  );
  const idOf = new Map(inserted.map((r) => [r.email, r.id]));
  const weeks = all.flatMap((v) =>
    Array.from({ length: weekCount(v.weekType) }, (_, w) => ({ e: idOf.get(v.email!)!, n: w + 1, d: normaliseWeek(v.weeks[w]) })),
  );
  await c.execute(
    `insert into week_schedule (employee_id, week_number, days) select x.e, x.n, x.d from json_to_recordset(?::json) as x(e int, n int, d jsonb)`,
    [JSON.stringify(weeks)],
    "run",
    ctx,
  );
  const users = await c.execute<{ id: number }[]>(
    `insert into app_user (employee_id, email, password_hash, roles, created_at)
     select x.e, x.m, null, array[x.r]::text[], now() from json_to_recordset(?::json) as x(e int, m text, r text) returning id`,
    [JSON.stringify(all.map((v) => ({ e: idOf.get(v.email!)!, m: v.email, r: String(value(v, "profileType")) })))],
    "all",
    ctx,
  );
  // One "sheet.create" entry per new sheet, by the person who confirmed the import (decision 0106).
  await recordHistory(
    tx,
    all.map((v) => ({ action: "sheet.create" as const, employeeId: idOf.get(v.email!)!, actorId: actor.employeeId, details: { changes: createdChanges(v) } })),
  );
  // An archived newcomer (history import) gets an account but never a welcome mail (as createEmployee).
  const archivedIds = new Set(all.filter((v) => v.firedAt).map((v) => idOf.get(v.email!)!));
  if (archivedIds.size === 0) return users.map((u) => u.id);
  const active = await c.execute<{ id: number }[]>(
    "select id from app_user where id = any(?::int[]) and not (employee_id = any(?::int[]))",
    [`{${users.map((u) => u.id).join(",")}}`, `{${[...archivedIds].join(",")}}`],
    "all",
    ctx,
  );
  return active.map((u) => u.id);
}

/**
 * Writes a confirmed import in one transaction (the job's body, also run inline for small files): the new divisions
 * and teams, then each row through createEmployee / updateEmployee; any refusal rolls everything back and is kept
 * as the import's result. Progress is written outside the transaction (every 100 rows) for the progress page.
 */
export async function runImport(em: EntityManager, id: string): Promise<ImportPlan["result"]> {
  const row = await importRow(em, id);
  if (row.state !== "running" || !row.rows) return row.result;
  const actor = await loadCurrentUser(em, row.created_by_id);
  if (!actor) throw new NotFoundError(t("error.not_found_item"));
  const progress = em.fork();
  const beat = (n: number) => progress.execute("update employee_import set done = ?, heartbeat_at = now() where id = ? and state = 'running'", [n, id]);
  const accepted = new Set(row.accepted ?? []);
  const created: number[] = [];
  let result: NonNullable<ImportPlan["result"]>;
  try {
    result = await em.transactional(async (tx) => {
      const plan = await planImport(tx, row.rows!);
      const bad = plan.rows.find((r) => r.outcome === "error");
      if (bad) throw new ValidationError([{ propertyPath: "file", message: `${t("import.col.line")} ${bad.parsed.line} : ${bad.messages.join(" ")}` }]);
      // The sheets changed between the confirmation and the run: a row that now needs a tick it never got.
      const unticked = untickedOtherSubsidiary(plan.rows, accepted);
      if (unticked.length) throw new ValidationError([], t("import.error.not_ticked", { lines: unticked.join(", ") }));
      const toWrite = new Set(written(plan.rows, accepted));
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const ids = new Map<number, number>();
      for (const d of plan.newDivisions) {
        const [r] = await c.execute<{ id: number }[]>("insert into division (name, subsidiary_id) values (?, ?) returning id", [d.name, d.subsidiaryId], "all", ctx);
        ids.set(d.key, r!.id);
      }
      const teamIds = new Map<number, number>();
      for (const tm of plan.newTeams) {
        const divisionId = tm.divisionKey > 0 ? tm.divisionKey : ids.get(tm.divisionKey)!;
        const [r] = await c.execute<{ id: number }[]>(
          "insert into team (name, subsidiary_id, division_id) values (?, ?, ?) returning id",
          [tm.name, tm.subsidiaryId, divisionId],
          "all",
          ctx,
        );
        teamIds.set(tm.key, r!.id);
      }
      let n = 0;
      let updated = 0;
      let createdCount = 0;
      const place = (values: Partial<EmployeeValues>) => {
        const out = { ...values };
        if (typeof out.division === "number" && out.division < 0) out.division = ids.get(out.division)!;
        if (typeof out.team === "number" && out.team < 0) out.team = teamIds.get(out.team)!;
        return out;
      };
      const creates = plan.rows.filter((r) => r.outcome === "create");
      for (let i = 0; i < creates.length; i += CREATE_CHUNK) {
        created.push(...(await insertEmployees(tx, actor, creates.slice(i, i + CREATE_CHUNK).map((r) => place(r.values)))));
        createdCount += Math.min(CREATE_CHUNK, creates.length - i);
        n += Math.min(CREATE_CHUNK, creates.length - i);
        await beat(n);
      }
      for (const r of plan.rows.filter((x) => x.outcome === "update" && toWrite.has(x))) {
        try {
          // Thousands of rows: a late change's weeks are left dirty to the nightly run, not computed row by row inside
          // the import's transaction (decision 0122; the payroll page says rappels are pending meanwhile).
          await updateEmployee(tx, actor, r.employeeId!, place(r.values), { deferRecompute: true });
          updated++;
        } catch (error) {
          if (error instanceof ValidationError) {
            const detail = error.violations.map((v) => cellMessage(v.propertyPath as EmployeeField, v.message)).join(" ");
            throw new ValidationError(error.violations, `${t("import.col.line")} ${r.parsed.line} : ${detail || error.message}`);
          }
          if (error instanceof AppError) throw new ValidationError([], `${t("import.col.line")} ${r.parsed.line} : ${error.message}`);
          throw error;
        }
        n++;
        if (n % 100 === 0) await beat(n);
      }
      const skipped = plan.rows.filter((x) => x.outcome === "update" && !toWrite.has(x)).length;
      return { created: createdCount, updated, unchanged: plan.rows.length - createdCount - updated - skipped, ...(skipped ? { skipped } : {}) };
    });
  } catch (error) {
    // Whatever the cause (a refused row, the database gone), the transaction rolled back: nothing was written. The
    // import is failed with a French message and keeps its rows, so it can be confirmed again; never "running".
    const message = error instanceof AppError ? error.message : t("import.error.failed", { reason: t("import.failure_unexpected") });
    if (!(error instanceof AppError)) console.warn(JSON.stringify({ at: new Date().toISOString(), level: "warn", msg: "import failed", importId: id, error: String(error) }));
    result = { created: 0, updated: 0, unchanged: 0, error: message };
    created.length = 0;
  }
  await em
    .execute(
      `update employee_import set state = ?, done = case when ? then 0 else total end, result = ?::jsonb,
              rows = case when ? then rows else '[]'::jsonb end, finished_at = now() where id = ? and state = 'running'`,
      [result.error ? "failed" : "done", !!result.error, JSON.stringify(result), !!result.error, id],
    )
    .catch((error) => {
      // The database is still away: the sweep fails the import once the heartbeat is old (failStaleImports).
      console.warn(JSON.stringify({ at: new Date().toISOString(), level: "warn", msg: "import state not saved", importId: id, error: String(error) }));
    });
  if (row.welcome) for (const userId of created) await enqueue("mail.welcome", { userId });
  return result;
}

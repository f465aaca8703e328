/**
 * What the payroll reads besides the live weeks (DESIGN §10, decision 0079): the month check, the subsidiary, the
 * lines stored when a month was closed (a closed month is read back from them, whatever happened to the
 * organisation afterwards) and the regularisations ("rappels") carried into an open month.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { payrollMonthRange, storedFigures } from "~/domain/payroll/month";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import type { PayrollLine, PayrollMonthData } from "~/domain/payroll/variables";

/**
 * The layout of the lines stored at a close: the line object of payroll.server.ts serialised as it is (JSON), so a
 * later layout reads an older month's lines by this name. Bump it with the CSV layout.
 */
export const PAYROLL_SNAPSHOT_LAYOUT = "cadran-paie-v3";

/** A month 'YYYY-MM' of the payroll years (decision 0079) → its days; a French 400 otherwise (0000-01, 2026-13). */
export function checkMonth(month: string) {
  const range = payrollMonthRange(month);
  if (!range) throw new ValidationError([{ propertyPath: "month", message: t("payroll.error.month") }], t("payroll.error.month"));
  return range;
}

export async function assertSubsidiary(em: EntityManager, subsidiaryId: number): Promise<string> {
  const [row] = await em.execute<{ name: string }[]>(`select name from subsidiary where id = ?`, [subsidiaryId]);
  if (!row) throw new NotFoundError();
  return row.name;
}

/** A regularisation line: the difference a week of a closed month now computes to, and the week it comes from. */
export interface RappelOf {
  monday: CalendarDate;
  isoYear: number;
  isoWeek: number;
}

/** A stored line: the line object, a regularisation marked with the week it comes from. */
export type StoredLine = PayrollLine & { rappel?: RappelOf };

const frDate = (d: CalendarDate) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The name column of a regularisation line: the employee and the week it regularises. */
export function rappelName(name: string, monday: CalendarDate): string {
  const w = isoWeekKey(monday);
  return t("payroll.rappel.name", { name, week: w.week, year: w.year, from: frDate(monday), to: frDate(addDays(monday, 6)) });
}

/**
 * A closed month's stored lines (the employees' lines, or one page of them, then the regularisations when not
 * paged), or null when the month is open or was closed before lines were stored (read live then). One statement.
 */
export async function storedMonth(
  em: EntityManager,
  subsidiaryId: number,
  month: string,
  page: { offset: number; limit: number } | null,
): Promise<PayrollMonthData | null> {
  const { from, to } = checkMonth(month);
  const rows = await em.execute<{ name: string; layout: string | null; line: StoredLine | null }[]>(
    `select s.name, pm.layout, l.line
       from payroll_month pm join subsidiary s on s.id = pm.subsidiary_id
       left join lateral (select l.line from payroll_month_line l where l.payroll_month_id = pm.id
                           ${page ? "and (l.line -> 'rappel') is null" : ""} order by l.position ${page ? "offset ? limit ?" : ""}) l on true
      where pm.subsidiary_id = ? and pm.month = ? and pm.layout is not null`,
    [...(page ? [page.offset, page.limit] : []), subsidiaryId, from],
  );
  if (rows.length === 0) return null;
  const lines = rows.flatMap((r) => (r.line ? [r.line] : []));
  return { subsidiaryId, subsidiaryName: rows[0]!.name, month, from, to, lines };
}

/** The number of employee lines of a closed month's stored lines; null when read live. */
export async function storedLineCount(em: EntityManager, subsidiaryId: number, month: string): Promise<number | null> {
  const { from } = checkMonth(month);
  const [row] = await em.execute<{ n: number }[]>(
    `select (select count(*) from payroll_month_line l where l.payroll_month_id = pm.id and (l.line -> 'rappel') is null)::int as n
       from payroll_month pm where pm.subsidiary_id = ? and pm.month = ? and pm.layout is not null`,
    [subsidiaryId, from],
  );
  return row ? row.n : null;
}

/** The figures a regularisation carries, as stored: the differences of a week's payroll figures (seconds). */
export type RappelFigures = Parameters<typeof storedFigures>[0];

/**
 * The regularisation lines carried into an open month of a subsidiary (issue 27 §2): one per employee and week,
 * after the employees' lines, sorted like them then by week. One statement.
 */
export async function rappelLines(em: EntityManager, subsidiaryId: number, month: string): Promise<StoredLine[]> {
  const { from } = checkMonth(month);
  const rows = await em.execute<
    { employee_id: number; matricule: number | null; firstname: string; lastname: string; monday: string; figures: RappelFigures }[]
  >(
    `select r.employee_id, e.matricule, e.firstname, e.lastname, to_char(r.monday, 'YYYY-MM-DD') as monday, r.figures
       from payroll_regularisation r join employee e on e.id = r.employee_id
      where r.subsidiary_id = ? and r.month = ?
      order by e.lastname, e.firstname, e.id, r.monday`,
    [subsidiaryId, from],
  );
  return rows.map((r): StoredLine => {
    const w = isoWeekKey(r.monday);
    return {
      employeeId: r.employee_id,
      matricule: r.matricule,
      employeeName: rappelName(displayName(r.firstname, r.lastname), r.monday),
      // The figures of a rappel (decision 0111), v1 and v2: each hour's difference in the one column it belongs to —
      // paid overtime per rate, hours put into rest (HS_EN_REPOS, with their increased rest in RECUP_ACQUISE), heures
      // complémentaires, structural hours, the 1 May and other premiums. Night hours come from the days, not the
      // week's lines: a rappel carries none; nor leave (zeros in every leave column: PAYROLL_LEAVE_REASONS, without a
      // cycle of imports).
      ...storedFigures(r.figures),
      recoveryTakenSeconds: 0,
      leaveDays: LEAVE_REASONS.filter((reason) => reason !== "RECOVERY_LEAVE").map(() => 0),
      anomalies: 0,
      nightSeconds: 0,
      nightPremiumSeconds: 0,
      nightPremiumRate: 0,
      nightPremiumEquivalentSeconds: 0,
      rappel: { monday: r.monday, isoYear: w.year, isoWeek: w.week },
    };
  });
}

/** The regularisations of a month as the page lists them: the stored ones of a closed month, else the live ones. */
export async function monthRappels(em: EntityManager, subsidiaryId: number, month: string): Promise<StoredLine[]> {
  const { from } = checkMonth(month);
  // Only the stored regularisation lines are read (a closed month of a large subsidiary holds thousands of lines).
  const rows = await em.execute<{ line: StoredLine | null }[]>(
    `select l.line from payroll_month pm
       left join payroll_month_line l on l.payroll_month_id = pm.id and (l.line -> 'rappel') is not null
      where pm.subsidiary_id = ? and pm.month = ? and pm.layout is not null
      order by l.position`,
    [subsidiaryId, from],
  );
  if (rows.length > 0) return rows.flatMap((r) => (r.line ? [r.line] : []));
  return rappelLines(em, subsidiaryId, month);
}

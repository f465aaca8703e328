/**
 * The four reports (spec 2 §2 "Reports", §3, §7 /api/report/*): one loader per report, shared by the page, the
 * /api call and the Excel export (decision 0044). Every number comes from the stored weeks of the overtime engine
 * (`overtime_week`), the accepted leaves and the employee's counters; nothing is recomputed here. Each report is
 * read in a fixed number of statements whatever the number of rows (scope checks + one read).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { displayName } from "~/domain/employees/name";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { type BadgingScope } from "~/services/time-clock/views.server";
import { type ReportKind, type ReportQuery } from "./query.server";
import { type LeaveReport, leaveReport } from "./leave.server";
import { type RecoveryReport, recoveryReport, type CostReport, costReport } from "./weeks.server";
import { type OvertimeReport, overtimeReport } from "./overtime.server";

// The module is split by verb group (STYLE.md, issue 25 §7); this file keeps the callers' import path.
export * from "./query.server";
export * from "./scope.server";
export * from "./leave.server";
export * from "./weeks.server";
export * from "./overtime.server";

// ---------------------------------------------------------------------------------------------------------------
// Page options (cascading filters)

export interface ReportOptions {
  subsidiaries: { id: number; name: string }[];
  divisions: { id: number; name: string }[];
  teams: { id: number; name: string }[];
  employees: { id: number; name: string }[];
  /** The viewer chooses the subsidiary (management) or it is fixed (department head: own division too). */
  chooseSubsidiary: boolean;
  chooseDivision: boolean;
}

/**
 * The options of the cascading filters (spec 2 §2: each level appears only after the previous is chosen): one
 * statement per level shown, whatever the rows. Management: agency → division → team → employee; a department
 * head: team → employee of their division.
 */
export async function reportOptions(em: EntityManager, actor: CurrentUser, query: ReportQuery, scope: BadgingScope | null): Promise<ReportOptions> {
  const management = isManagement(actor.profileType);
  const out: ReportOptions = { subsidiaries: [], divisions: [], teams: [], employees: [], chooseSubsidiary: management, chooseDivision: management };
  if (management) out.subsidiaries = await em.execute(`select id, name from subsidiary order by name`);
  const subsidiaryId = management ? query.subsidiaryId : actor.subsidiaryId;
  const divisionId = management ? query.divisionId : actor.divisionId;
  if (management && subsidiaryId !== null) {
    out.divisions = await em.execute(`select id, name from division where subsidiary_id = ? order by name`, [subsidiaryId]);
  }
  if (divisionId !== null && (!management || subsidiaryId !== null) && !scope?.empty) {
    out.teams = await em.execute(`select id, name from team where division_id = ? order by name`, [divisionId]);
  }
  if (query.teamId !== null && out.teams.some((tm) => tm.id === query.teamId)) {
    const rows = await em.execute<{ id: number; firstname: string; lastname: string }[]>(
      `select e.id, e.firstname, e.lastname from employee e where e.team_id = ? and (e.fired_at is null or e.fired_at > current_date - 190)
        order by e.lastname, e.firstname, e.id`,
      [query.teamId],
    );
    out.employees = rows.map((r) => ({ id: r.id, name: displayName(r.firstname, r.lastname) }));
  }
  return out;
}

/** Loads one report by kind (export and /api share it). */
export function loadReport(em: EntityManager, actor: CurrentUser, kind: ReportKind, query: ReportQuery, now: Date = new Date()) {
  switch (kind) {
    case "leave":
      return leaveReport(em, actor, query);
    case "overtime":
      return overtimeReport(em, actor, query, now);
    case "recup":
      return recoveryReport(em, actor, query);
    case "cost":
      return costReport(em, actor, query);
  }
}

export type AnyReport = LeaveReport | OvertimeReport | RecoveryReport | CostReport;

/** Rows of the report's Excel sheet (the API's rows: leaves, employees, employee-weeks). */
export function reportRowCount(report: AnyReport): number {
  if (report.kind === "overtime") return (report as OvertimeReport).employees.length;
  return (report as LeaveReport | RecoveryReport | CostReport).rowCount;
}

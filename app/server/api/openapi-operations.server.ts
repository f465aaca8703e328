import type * as z from "~/forms/z.server";
import { ApiChangeBody, ApiLoginBody, ApiResetBody } from "~/forms/auth.server";
import { EmployeeBody } from "~/forms/employee.server";
import { ApiLeaveBody, ApiLeaveDecisionBody } from "~/forms/leave.server";
import { ApiAddRecoveryBody, ApiDeductionBody, ApiGetDeductionBody } from "~/forms/overtime-api.server";
import { ApiEventDayBody } from "~/forms/planning.server";
import { ProfileBody } from "~/forms/profile.server";
import { CountryBody, DivisionBody, SubsidiaryBody, TeamBody } from "~/forms/settings.server";
import { ApiSuggestBody } from "~/forms/time-clock.server";
import { ClockAnswer, CorrectionValidatedAnswer, SuggestionAnswer, WeekSearchAnswer } from "~/server/time-clock/clock-rows.schema";
import { EmployeeAnswer, EmployeeUpdatedAnswer } from "~/server/employees/records.schema";
import { LeaveAnswer, LeaveDecisionAnswer } from "~/server/leave/api.schema";
import { EventDayAnswer, PlanningAnswer } from "~/server/planning/api.schema";
import { CostReportAnswer, LeaveReportAnswer, OvertimeReportAnswer, RecoveryReportAnswer } from "~/server/reports/output.schema";
import { AvatarAnswer, DashboardEmployeesAnswer, hydraOf, LoginAnswer, MessageAnswer, ProfileAnswer, UserAnswer } from "./api-answers.schema";
import {
  AddRecoveryAnswer,
  DeductionAddedAnswer,
  DeductionAnswer,
  DeductionRemovedAnswer,
  OvertimeRecordAnswer,
  OvertimeSearchAnswer,
  OvertimeWeekAnswer,
  OvertimeYearAnswer,
} from "~/server/overtime/api.schema";
import { CountryAnswer, DivisionAnswer, SubsidiaryAnswer, TeamAnswer } from "~/server/organisation/api.schema";

/**
 * Every call of /api (decisions 0099 and 0108), by area: method, path, French summary, the body schema the route
 * validates with (`readJson(request, Schema)`: the same object), the success status and the answer's schema
 * (written beside the code that builds the answer), and the error statuses beyond the common ones (see
 * openapi.server.ts). tests/api/openapi-contract.test.ts fails for an /api route file not listed here, and
 * tests/api/openapi-operations.test.ts calls every entry for real and validates its answers.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type Status = 200 | 201 | 202 | 204;
type Query = [name: string, description: string, required?: boolean, values?: readonly string[]];

export interface OperationSpec {
  method: Method;
  /** OpenAPI path: `/api/employees/{id}`. */
  path: string;
  /**
   * The operation's stable name (`operationId`): a generated client's method name. Never renamed once published
   * (tests/api/openapi-client.test.ts pins the list); a new call gets a new one.
   */
  id: string;
  summary: string;
  /** The JSON body's schema; "multipart" for a file upload (field `file`). */
  body?: z.ZodType | "multipart";
  /** The success answer: its status and, but for 204, its schema. */
  ok: [Status, z.ZodType?];
  /** Query parameters (name, French description, required, the closed set of values when there is one). */
  query?: Query[];
  /** Error statuses particular to the call (the common ones are added by the document). */
  errors?: number[];
  /** A body that the call accepts (the document's request example; tests/api/openapi-client.test.ts checks it). */
  example?: Record<string, unknown>;
}

const op = (method: Method, path: string, id: string, summary: string, ok: OperationSpec["ok"], more: Omit<OperationSpec, "method" | "path" | "id" | "summary" | "ok"> = {}): OperationSpec => ({
  method,
  path,
  id,
  summary,
  ok,
  ...more,
});

const period: Query[] = [
  ["start", "AAAAMMJJ", true],
  ["end", "AAAAMMJJ", true],
];
const reportQuery: Query[] = [["subsidiaryId", "agence"], ["divisionId", "pôle"], ["teamId", "équipe"], ["employeeId", "employé"], ["employeeName", "nom"], ...period];

const LEAVE_EXAMPLE = { reason: "PAID_LEAVE", start: "2026-12-21", end: "2026-12-24", comment: "Vacances de Noël" };
const EMPLOYEE_EXAMPLE = {
  matricule: 412,
  firstname: "Camille",
  lastname: "Dubois",
  email: "camille.dubois@exemple.fr",
  profileType: "ROLE_EMPLOYEE",
  typeContract: "CDI",
  numberOfHoursPerWeek: 35,
  hiredAt: "2026-09-01",
  subsidiary: "/api/subsidiaries/1",
  division: "/api/divisions/2",
  team: "/api/teams/3",
};

const ACCOUNTS: OperationSpec[] = [
  op("post", "/api/login", "login", "Connexion : jeton d'API", [200, LoginAnswer], { body: ApiLoginBody, errors: [401, 403, 429], example: { username: "camille.dubois@exemple.fr", password: "mot de passe" } }),
  op("post", "/api/password/reset", "requestPasswordReset", "Demande de lien de réinitialisation", [202, MessageAnswer], { body: ApiResetBody, errors: [403], example: { email: "camille.dubois@exemple.fr" } }),
  op("post", "/api/password/change", "changePassword", "Nouveau mot de passe avec un lien", [200, MessageAnswer], { body: ApiChangeBody, errors: [403], example: { token: "le-jeton-du-lien-recu", plainPassword: "Un nouveau mot de passe 2026" } }),
  op("get", "/api/users/{id}", "getUser", "Mon compte", [200, UserAnswer]),
  op("get", "/api/profile", "getProfile", "Mon profil", [200, ProfileAnswer]),
  op("post", "/api/profile", "updateProfile", "Modifier mon profil", [200, ProfileAnswer], { body: ProfileBody, example: { phone: "06 12 34 56 78", email: "camille.dubois@exemple.fr" } }),
  op("post", "/api/avatars", "uploadAvatar", "Changer ma photo", [201, AvatarAnswer], { body: "multipart" }),
  op("delete", "/api/avatars", "deleteAvatar", "Retirer ma photo", [204]),
];

const EMPLOYEES: OperationSpec[] = [
  op("get", "/api/employees", "listEmployees", "Liste des employés (30 par page, liens hydra:view)", [200, hydraOf(EmployeeAnswer)], {
    query: [["page", "page"], ["subsidiary", "agence (id ou IRI)"], ["division", "pôle (id ou IRI)"], ["team", "équipe (id ou IRI)"], ["exists[contract.firedAt]", "true : archivés, false : actifs", false, ["true", "false"]], ["exists[team]", "false : sans équipe", false, ["true", "false"]], ["order[contract.firedAt]", "asc ou desc", false, ["asc", "desc"]]],
  }),
  op("post", "/api/employees", "createEmployee", "Créer une fiche employé", [201, EmployeeAnswer], { body: EmployeeBody, example: EMPLOYEE_EXAMPLE }),
  op("get", "/api/employees/{id}", "getEmployee", "Une fiche employé", [200, EmployeeAnswer]),
  op("put", "/api/employees/{id}", "updateEmployee", "Modifier une fiche employé", [200, EmployeeUpdatedAnswer], { body: EmployeeBody, example: { phone: "06 12 34 56 78", team: "/api/teams/3" } }),
  op("delete", "/api/employees/{id}", "deleteEmployee", "Supprimer une fiche employé", [204]),
  op("get", "/api/dashboard/employees", "listDashboardEmployees", "Tableau de bord : les employés visibles", [200, DashboardEmployeesAnswer], {
    query: [["subsidiaryId", "agence"], ["divisionId", "pôle"], ["teamId", "équipe"]],
  }),
];

/** The four settings kinds follow one contract (server/organisation/api.server.ts). */
function settings(
  base: string,
  [single, plural]: [string, string],
  one: string,
  many: string,
  body: z.ZodType,
  answer: z.ZodType,
  example: Record<string, unknown>,
): OperationSpec[] {
  return [
    op("get", base, `list${plural}`, `Liste des ${many}`, [200, hydraOf(answer)]),
    op("post", base, `create${single}`, `Créer ${one}`, [201, answer], { body, example }),
    op("get", `${base}/{id}`, `get${single}`, `${one[0]!.toUpperCase()}${one.slice(1)}`, [200, answer]),
    op("put", `${base}/{id}`, `update${single}`, `Modifier ${one}`, [200, answer], { body, example }),
    op("delete", `${base}/{id}`, `delete${single}`, `Supprimer ${one} (409 tant qu'il sert)`, [204]),
  ];
}

const SETTINGS: OperationSpec[] = [
  ...settings("/api/countries", ["Country", "Countries"], "un pays", "pays", CountryBody, CountryAnswer, {
    name: "France",
    timezone: "Europe/Paris",
    overtime: { paid: 25, inRecuperation: 0, employeeInitiatedRecuperation: 0, employerInitiatedRecuperation: 0 },
    holidays: [{ date: "2026-12-25", name: "Noël" }],
  }),
  ...settings("/api/subsidiaries", ["Subsidiary", "Subsidiaries"], "une agence", "agences", SubsidiaryBody, SubsidiaryAnswer, {
    name: "3 Print Lyon",
    country: "/api/countries/1",
    city: "Lyon",
    timezone: "Europe/Paris",
    holidays: [],
  }),
  ...settings("/api/divisions", ["Division", "Divisions"], "un pôle", "pôles", DivisionBody, DivisionAnswer, { name: "Production", subsidiary: "/api/subsidiaries/1" }),
  ...settings("/api/teams", ["Team", "Teams"], "une équipe", "équipes", TeamBody, TeamAnswer, { name: "Offset", subsidiary: "/api/subsidiaries/1", division: "/api/divisions/2" }),
  op("get", "/api/subsidiaries/{id}/divisions", "listSubsidiaryDivisions", "Les pôles d'une agence", [200, hydraOf(DivisionAnswer)]),
  op("get", "/api/subsidiaries/{id}/divisions/{divisionId}/teams", "listSubsidiaryDivisionTeams", "Les équipes d'un pôle d'une agence", [200, hydraOf(TeamAnswer)]),
];

const button = (action: string, summary: string) =>
  op("post", `/api/timeclock/${action}`, `clock${action[0]!.toUpperCase()}${action.slice(1)}`, summary, [200, ClockAnswer]);

const TIME_CLOCK: OperationSpec[] = [
  op("get", "/api/timeclock", "getMyClockDay", "Mon pointage du jour (404 : journée vide)", [200, ClockAnswer]),
  button("start", "Badger : début ou reprise du travail"),
  button("pause", "Badger : pause"),
  button("lunch", "Badger : déjeuner"),
  button("end", "Badger : fin de journée"),
  button("reset", "Effacer les badges du jour"),
  op("get", "/api/timeclock/{id}", "getClockDay", "Un pointage", [200, ClockAnswer]),
  op("get", "/api/timeclock/agency/{subsidiaryId}", "searchSubsidiaryClockWeeks", "Recherche des pointages d'une agence (6 mois au plus)", [200, hydraOf(WeekSearchAnswer)], {
    query: [["divisionId", "pôle"], ["teamId", "équipe"], ["employeeName", "nom"], ["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]],
  }),
  op("get", "/api/timeclock/employee/{id}/{start}/{end}", "listEmployeeClockDays", "Pointages d'un employé sur une période (AAAAMMJJ)", [200, hydraOf(ClockAnswer)]),
  op("get", "/api/timeclock/history/{start}/{end}", "listClockHistoryWeeks", "Historique de pointages par semaine (AAAAMMJJ)", [200, hydraOf(WeekSearchAnswer)], {
    query: [["divisionId", "pôle (encadrant)"], ["teamId", "équipe (encadrant)"], ["employeeName", "nom (encadrant)"]],
  }),
  op("post", "/api/timeclock/suggest", "suggestClockCorrection", "Proposer une correction de pointage", [201, ClockAnswer], {
    body: ApiSuggestBody,
    example: {
      date: "2026-11-20",
      message: "Oubli de badge au retour du déjeuner",
      timeLogs: [
        { time: 1795158000, type: "START" },
        { time: 1795172400, type: "LUNCH" },
        { time: 1795176000, type: "START" },
        { time: 1795190400, type: "END" },
      ],
    },
  }),
  op("get", "/api/timeclock/suggested", "listClockCorrections", "Corrections proposées en attente", [200, hydraOf(SuggestionAnswer)]),
  op("patch", "/api/timeclock/suggest/{id}/valid", "validateClockCorrection", "Valider une correction proposée", [200, CorrectionValidatedAnswer]),
  op("delete", "/api/timeclock/suggest/{id}", "deleteClockCorrection", "Refuser ou retirer une correction proposée", [204]),
];

const LEAVES: OperationSpec[] = [
  op("post", "/api/leaves", "createLeave", "Demander un congé", [201, LeaveAnswer], { body: ApiLeaveBody, example: LEAVE_EXAMPLE }),
  op("get", "/api/leaves/{id}", "getLeave", "Un congé", [200, LeaveAnswer]),
  op("patch", "/api/leaves/{id}", "updateLeave", "Modifier sa demande en attente", [200, LeaveAnswer], { body: ApiLeaveBody, example: LEAVE_EXAMPLE }),
  op("delete", "/api/leaves/{id}", "deleteLeave", "Supprimer sa demande", [204]),
  op("patch", "/api/leaves/{id}/valid", "validateLeave", "Valider un congé", [200, LeaveDecisionAnswer], { body: ApiLeaveDecisionBody, example: { version: 1 } }),
  op("patch", "/api/leaves/{id}/refuse", "refuseLeave", "Refuser un congé", [200, LeaveDecisionAnswer], { body: ApiLeaveDecisionBody, example: { version: 1, reason: "Période de clôture" } }),
  op("patch", "/api/leaves/{id}/remove", "removeLeave", "Retirer un congé validé", [200, LeaveDecisionAnswer], { body: ApiLeaveDecisionBody, example: { version: 2 } }),
  op("get", "/api/leaves/me", "listMyLeaves", "Mes congés", [200, hydraOf(LeaveAnswer)]),
  op("get", "/api/leaves/waiting", "listWaitingLeaves", "Congés qui attendent ma décision", [200, hydraOf(LeaveAnswer)]),
  op("get", "/api/leaves/waiting-planning", "listPlanningWaitingLeaves", "Congés en cours de décision (planning)", [200, hydraOf(LeaveAnswer)], { query: [["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]] }),
  op("get", "/api/leaves/all", "listScopeLeaves", "Tous les congés du périmètre", [200, hydraOf(LeaveAnswer)], { query: [["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"], ["employeeId", "employé"]] }),
  op("get", "/api/leaves/filtered/{subsidiaryId}", "listSubsidiaryLeaves", "Congés d'une agence", [200, hydraOf(LeaveAnswer)], {
    query: [["divisionId", "pôle"], ["teamId", "équipe"], ["employeeName", "nom"], ["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]],
  }),
  op("get", "/api/leaves/valid/employee/{id}", "listEmployeeValidLeaves", "Congés validés d'un employé", [200, hydraOf(LeaveAnswer)]),
];

const PLANNING: OperationSpec[] = [
  op("get", "/api/event_days", "listMyEventDays", "Mes jours de fermeture et de déplacement", [200, hydraOf(EventDayAnswer)]),
  op("post", "/api/event_days", "createEventDay", "Poser un jour de fermeture ou de déplacement", [201, EventDayAnswer], { body: ApiEventDayBody, example: { date: "2026-12-24", type: "closed" } }),
  op("delete", "/api/event_days/{id}", "deleteEventDay", "Retirer un jour de fermeture ou de déplacement", [204]),
  op("get", "/api/event_days/employee/{id}", "listEmployeeEventDays", "Jours de fermeture et de déplacement d'un employé", [200, hydraOf(EventDayAnswer)], { query: [["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]] }),
  op("get", "/api/planning/employee/{id}/{start}/{end}", "getEmployeePlanning", "Planning d'un employé sur une période (AAAAMMJJ, 6 mois au plus)", [200, PlanningAnswer]),
];

const OVERTIME: OperationSpec[] = [
  op("get", "/api/overtime", "listOvertimeDays", "Heures supplémentaires par jour", [200, hydraOf(OvertimeRecordAnswer)], { query: [...period, ["employeeId", "employé (défaut : soi)"]] }),
  op("get", "/api/overtime/search", "searchOvertimeWeeks", "Calendrier des heures supplémentaires par semaine", [200, OvertimeSearchAnswer], {
    query: [...period, ["view", "team, division ou subsidiary", false, ["team", "division", "subsidiary"]], ["subsidiaryId", "agence"], ["divisionId", "pôle"], ["teamId", "équipe"], ["page", "page"]],
  }),
  op("get", "/api/overtime/employee/{id}", "getEmployeeOvertimeYear", "L'année d'heures supplémentaires d'un employé", [200, OvertimeYearAnswer], { query: [["year", "AAAA"], ["week", "semaine ISO expliquée"]] }),
  op("get", "/api/overtime/employee/{id}/{year}/{week}", "getEmployeeOvertimeWeek", "Une semaine d'heures supplémentaires expliquée", [200, OvertimeWeekAnswer]),
  op("post", "/api/getdeduction", "listDeductions", "Les déductions de récupération d'un employé", [200, hydraOf(DeductionAnswer)], { body: ApiGetDeductionBody, example: { employeeId: 12, start: "2026-01-01", end: "2026-12-31" } }),
  op("post", "/api/deduction", "createDeduction", "Déduire des heures de récupération", [201, DeductionAddedAnswer], { body: ApiDeductionBody, example: { newdeduction: "1h30", employeeId: 12 } }),
  op("delete", "/api/deduction/{id}", "deleteDeduction", "Retirer une déduction", [200, DeductionRemovedAnswer]),
  op("post", "/api/add-recovery", "addRecovery", "Créditer la récupération d'une semaine", [200, AddRecoveryAnswer], { body: ApiAddRecoveryBody, example: { week: 47, year: 2026 } }),
];

const REPORTS: OperationSpec[] = [
  op("get", "/api/report/leave", "getLeaveReport", "Rapport des congés (6 mois au plus : au-delà, 422 sur end ; les pages, elles, ramènent l'autre date)", [200, LeaveReportAnswer], { query: [...reportQuery, ["reason", "motif"]] }),
  op("get", "/api/report/overtime", "getOvertimeReport", "Rapport des heures supplémentaires (6 mois au plus : au-delà, 422 sur end ; les pages, elles, ramènent l'autre date)", [200, OvertimeReportAnswer], { query: reportQuery }),
  op("get", "/api/report/recovery", "getRecoveryReport", "Rapport des récupérations (6 mois au plus : au-delà, 422 sur end ; les pages, elles, ramènent l'autre date)", [200, RecoveryReportAnswer], { query: reportQuery }),
  op("get", "/api/report/hourly-cost", "getHourlyCostReport", "Rapport du coût horaire (6 mois au plus : au-delà, 422 sur end ; les pages, elles, ramènent l'autre date)", [200, CostReportAnswer], { query: reportQuery }),
];

export const OPERATION_SPECS: OperationSpec[] = [...ACCOUNTS, ...EMPLOYEES, ...SETTINGS, ...TIME_CLOCK, ...LEAVES, ...PLANNING, ...OVERTIME, ...REPORTS];

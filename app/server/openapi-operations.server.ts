import type * as z from "~/forms/z.server";
import { ApiChangeBody, ApiLoginBody, ApiResetBody } from "~/forms/auth.server";
import { EmployeeBody } from "~/forms/employee.server";
import { ApiLeaveBody, ApiLeaveDecisionBody } from "~/forms/leave.server";
import { ApiAddRecoveryBody, ApiDeductionBody, ApiGetDeductionBody } from "~/forms/overtime-api.server";
import { ApiEventDayBody } from "~/forms/planning.server";
import { ProfileBody } from "~/forms/profile.server";
import { CountryBody, DivisionBody, SubsidiaryBody, TeamBody } from "~/forms/settings.server";
import { ApiSuggestBody } from "~/forms/time-clock.server";
import { ClockAnswer, CorrectionValidatedAnswer, SuggestionAnswer, WeekSearchAnswer } from "~/services/clock-rows.schema";
import { EmployeeAnswer, EmployeeUpdatedAnswer } from "~/services/employee-records.schema";
import { LeaveAnswer, LeaveDecisionAnswer } from "~/services/leave-api.schema";
import { EventDayAnswer, PlanningAnswer } from "~/services/planning-api.schema";
import { CostReportAnswer, LeaveReportAnswer, OvertimeReportAnswer, RecoveryReportAnswer } from "~/services/report-output.schema";
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
} from "./overtime-api.schema";
import { CountryAnswer, DivisionAnswer, SubsidiaryAnswer, TeamAnswer } from "./settings-api.schema";

/**
 * Every call of /api (decisions 0099 and 0108), by area: method, path, French summary, the body schema the route
 * validates with (`readJson(request, Schema)`: the same object), the success status and the answer's schema
 * (written beside the code that builds the answer), and the error statuses beyond the common ones (see
 * openapi.server.ts). tests/api/openapi-contract.test.ts fails for an /api route file not listed here, and
 * tests/api/openapi-operations.test.ts calls every entry for real and validates its answers.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type Status = 200 | 201 | 202 | 204;

export interface OperationSpec {
  method: Method;
  /** OpenAPI path: `/api/employees/{id}`. */
  path: string;
  summary: string;
  /** The JSON body's schema; "multipart" for a file upload (field `file`). */
  body?: z.ZodType | "multipart";
  /** The success answer: its status and, but for 204, its schema. */
  ok: [Status, z.ZodType?];
  /** Query parameters (name, French description, required). */
  query?: [string, string, boolean?][];
  /** Error statuses particular to the call (the common ones are added by the document). */
  errors?: number[];
}

const op = (method: Method, path: string, summary: string, ok: OperationSpec["ok"], more: Omit<OperationSpec, "method" | "path" | "summary" | "ok"> = {}): OperationSpec => ({
  method,
  path,
  summary,
  ok,
  ...more,
});

const period: [string, string, boolean?][] = [
  ["start", "AAAAMMJJ", true],
  ["end", "AAAAMMJJ", true],
];
const reportQuery: [string, string, boolean?][] = [["subsidiaryId", "agence"], ["divisionId", "pôle"], ["teamId", "équipe"], ["employeeId", "employé"], ["employeeName", "nom"], ...period];

const ACCOUNTS: OperationSpec[] = [
  op("post", "/api/login", "Connexion : jeton d'API", [200, LoginAnswer], { body: ApiLoginBody, errors: [401, 403, 429] }),
  op("post", "/api/password/reset", "Demande de lien de réinitialisation", [202, MessageAnswer], { body: ApiResetBody, errors: [403] }),
  op("post", "/api/password/change", "Nouveau mot de passe avec un lien", [200, MessageAnswer], { body: ApiChangeBody, errors: [403] }),
  op("get", "/api/users/{id}", "Mon compte", [200, UserAnswer]),
  op("get", "/api/profile", "Mon profil", [200, ProfileAnswer]),
  op("post", "/api/profile", "Modifier mon profil", [200, ProfileAnswer], { body: ProfileBody }),
  op("post", "/api/avatars", "Changer ma photo", [201, AvatarAnswer], { body: "multipart" }),
  op("delete", "/api/avatars", "Retirer ma photo", [204]),
];

const EMPLOYEES: OperationSpec[] = [
  op("get", "/api/employees", "Liste des employés (30 par page)", [200, hydraOf(EmployeeAnswer)], {
    query: [["page", "page"], ["subsidiary", "agence (id ou IRI)"], ["division", "pôle (id ou IRI)"], ["team", "équipe (id ou IRI)"], ["exists[contract.firedAt]", "true : archivés, false : actifs"], ["exists[team]", "false : sans équipe"], ["order[contract.firedAt]", "asc ou desc"]],
  }),
  op("post", "/api/employees", "Créer une fiche employé", [201, EmployeeAnswer], { body: EmployeeBody }),
  op("get", "/api/employees/{id}", "Une fiche employé", [200, EmployeeAnswer]),
  op("put", "/api/employees/{id}", "Modifier une fiche employé", [200, EmployeeUpdatedAnswer], { body: EmployeeBody }),
  op("delete", "/api/employees/{id}", "Supprimer une fiche employé", [204]),
  op("get", "/api/dashboard/employees", "Tableau de bord : les employés visibles", [200, DashboardEmployeesAnswer], {
    query: [["subsidiaryId", "agence"], ["divisionId", "pôle"], ["teamId", "équipe"]],
  }),
];

/** The four settings kinds follow one contract (settings-api.server.ts). */
function settings(base: string, one: string, many: string, body: z.ZodType, answer: z.ZodType): OperationSpec[] {
  return [
    op("get", base, `Liste des ${many}`, [200, hydraOf(answer)]),
    op("post", base, `Créer ${one}`, [201, answer], { body }),
    op("get", `${base}/{id}`, `${one[0]!.toUpperCase()}${one.slice(1)}`, [200, answer]),
    op("put", `${base}/{id}`, `Modifier ${one}`, [200, answer], { body }),
    op("delete", `${base}/{id}`, `Supprimer ${one} (409 tant qu'il sert)`, [204]),
  ];
}

const SETTINGS: OperationSpec[] = [
  ...settings("/api/countries", "un pays", "pays", CountryBody, CountryAnswer),
  ...settings("/api/subsidiaries", "une agence", "agences", SubsidiaryBody, SubsidiaryAnswer),
  ...settings("/api/divisions", "un pôle", "pôles", DivisionBody, DivisionAnswer),
  ...settings("/api/teams", "une équipe", "équipes", TeamBody, TeamAnswer),
  op("get", "/api/subsidiaries/{id}/divisions", "Les pôles d'une agence", [200, hydraOf(DivisionAnswer)]),
  op("get", "/api/subsidiaries/{id}/divisions/{divisionId}/teams", "Les équipes d'un pôle d'une agence", [200, hydraOf(TeamAnswer)]),
];

const button = (action: string, summary: string) => op("post", `/api/timeclock/${action}`, summary, [200, ClockAnswer]);

const TIME_CLOCK: OperationSpec[] = [
  op("get", "/api/timeclock", "Mon pointage du jour (404 : journée vide)", [200, ClockAnswer]),
  button("start", "Badger : début ou reprise du travail"),
  button("pause", "Badger : pause"),
  button("lunch", "Badger : déjeuner"),
  button("end", "Badger : fin de journée"),
  button("reset", "Effacer les badges du jour"),
  op("get", "/api/timeclock/{id}", "Un pointage", [200, ClockAnswer]),
  op("get", "/api/timeclock/agency/{subsidiaryId}", "Recherche des pointages d'une agence (6 mois au plus)", [200, hydraOf(WeekSearchAnswer)], {
    query: [["divisionId", "pôle"], ["teamId", "équipe"], ["employeeName", "nom"], ["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]],
  }),
  op("get", "/api/timeclock/employee/{id}/{start}/{end}", "Pointages d'un employé sur une période (AAAAMMJJ)", [200, hydraOf(ClockAnswer)]),
  op("get", "/api/timeclock/history/{start}/{end}", "Historique de pointages par semaine (AAAAMMJJ)", [200, hydraOf(WeekSearchAnswer)], {
    query: [["divisionId", "pôle (encadrant)"], ["teamId", "équipe (encadrant)"], ["employeeName", "nom (encadrant)"]],
  }),
  op("post", "/api/timeclock/suggest", "Proposer une correction de pointage", [201, ClockAnswer], { body: ApiSuggestBody }),
  op("get", "/api/timeclock/suggested", "Corrections proposées en attente", [200, hydraOf(SuggestionAnswer)]),
  op("patch", "/api/timeclock/suggest/{id}/valid", "Valider une correction proposée", [200, CorrectionValidatedAnswer]),
  op("delete", "/api/timeclock/suggest/{id}", "Refuser ou retirer une correction proposée", [204]),
];

const LEAVES: OperationSpec[] = [
  op("post", "/api/leaves", "Demander un congé", [201, LeaveAnswer], { body: ApiLeaveBody }),
  op("get", "/api/leaves/{id}", "Un congé", [200, LeaveAnswer]),
  op("patch", "/api/leaves/{id}", "Modifier sa demande en attente", [200, LeaveAnswer], { body: ApiLeaveBody }),
  op("delete", "/api/leaves/{id}", "Supprimer sa demande", [204]),
  op("patch", "/api/leaves/{id}/valid", "Valider un congé", [200, LeaveDecisionAnswer], { body: ApiLeaveDecisionBody }),
  op("patch", "/api/leaves/{id}/refuse", "Refuser un congé", [200, LeaveDecisionAnswer], { body: ApiLeaveDecisionBody }),
  op("patch", "/api/leaves/{id}/remove", "Retirer un congé validé", [200, LeaveDecisionAnswer], { body: ApiLeaveDecisionBody }),
  op("get", "/api/leaves/me", "Mes congés", [200, hydraOf(LeaveAnswer)]),
  op("get", "/api/leaves/waiting", "Congés qui attendent ma décision", [200, hydraOf(LeaveAnswer)]),
  op("get", "/api/leaves/waiting-planning", "Congés en cours de décision (planning)", [200, hydraOf(LeaveAnswer)], { query: [["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]] }),
  op("get", "/api/leaves/all", "Tous les congés du périmètre", [200, hydraOf(LeaveAnswer)], { query: [["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"], ["employeeId", "employé"]] }),
  op("get", "/api/leaves/filtered/{subsidiaryId}", "Congés d'une agence", [200, hydraOf(LeaveAnswer)], {
    query: [["divisionId", "pôle"], ["teamId", "équipe"], ["employeeName", "nom"], ["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]],
  }),
  op("get", "/api/leaves/valid/employee/{id}", "Congés validés d'un employé", [200, hydraOf(LeaveAnswer)]),
];

const PLANNING: OperationSpec[] = [
  op("get", "/api/event_days", "Mes jours de fermeture et de déplacement", [200, hydraOf(EventDayAnswer)]),
  op("post", "/api/event_days", "Poser un jour de fermeture ou de déplacement", [201, EventDayAnswer], { body: ApiEventDayBody }),
  op("delete", "/api/event_days/{id}", "Retirer un jour de fermeture ou de déplacement", [204]),
  op("get", "/api/event_days/employee/{id}", "Jours de fermeture et de déplacement d'un employé", [200, hydraOf(EventDayAnswer)], { query: [["start", "AAAAMMJJ"], ["end", "AAAAMMJJ"]] }),
  op("get", "/api/planning/employee/{id}/{start}/{end}", "Planning d'un employé sur une période (AAAAMMJJ, 6 mois au plus)", [200, PlanningAnswer]),
];

const OVERTIME: OperationSpec[] = [
  op("get", "/api/overtime", "Heures supplémentaires par jour", [200, hydraOf(OvertimeRecordAnswer)], { query: [...period, ["employeeId", "employé (défaut : soi)"]] }),
  op("get", "/api/overtime/search", "Calendrier des heures supplémentaires par semaine", [200, OvertimeSearchAnswer], {
    query: [...period, ["view", "team, division ou subsidiary"], ["subsidiaryId", "agence"], ["divisionId", "pôle"], ["teamId", "équipe"], ["page", "page"]],
  }),
  op("get", "/api/overtime/employee/{id}", "L'année d'heures supplémentaires d'un employé", [200, OvertimeYearAnswer], { query: [["year", "AAAA"], ["week", "semaine ISO expliquée"]] }),
  op("get", "/api/overtime/employee/{id}/{year}/{week}", "Une semaine d'heures supplémentaires expliquée", [200, OvertimeWeekAnswer]),
  op("post", "/api/getdeduction", "Les déductions de récupération d'un employé", [200, hydraOf(DeductionAnswer)], { body: ApiGetDeductionBody }),
  op("post", "/api/deduction", "Déduire des heures de récupération", [201, DeductionAddedAnswer], { body: ApiDeductionBody }),
  op("delete", "/api/deduction/{id}", "Retirer une déduction", [200, DeductionRemovedAnswer]),
  op("post", "/api/add-recovery", "Créditer la récupération d'une semaine", [200, AddRecoveryAnswer], { body: ApiAddRecoveryBody }),
];

const REPORTS: OperationSpec[] = [
  op("get", "/api/report/leave", "Rapport des congés", [200, LeaveReportAnswer], { query: [...reportQuery, ["reason", "motif"]] }),
  op("get", "/api/report/overtime", "Rapport des heures supplémentaires", [200, OvertimeReportAnswer], { query: reportQuery }),
  op("get", "/api/report/recovery", "Rapport des récupérations", [200, RecoveryReportAnswer], { query: reportQuery }),
  op("get", "/api/report/hourly-cost", "Rapport du coût horaire", [200, CostReportAnswer], { query: reportQuery }),
];

export const OPERATION_SPECS: OperationSpec[] = [...ACCOUNTS, ...EMPLOYEES, ...SETTINGS, ...TIME_CLOCK, ...LEAVES, ...PLANNING, ...OVERTIME, ...REPORTS];

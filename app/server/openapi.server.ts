import * as z from "~/forms/z.server";
import { API_RULES, type Rights } from "~/domain/access";
import { ApiChangeBody, ApiLoginBody, ApiResetBody } from "~/forms/auth.server";
import { EmployeeBody } from "~/forms/employee.server";
import { ApiLeaveBody, ApiLeaveDecisionBody } from "~/forms/leave.server";
import { ProfileBody } from "~/forms/profile.server";
import { CountryBody, DivisionBody, SubsidiaryBody, TeamBody } from "~/forms/settings.server";
import { ApiSuggestBody } from "~/forms/time-clock.server";
import { t } from "~/i18n/fr";

/**
 * The OpenAPI 3.1 document of /api (issue 33 item 3, decision 0099), generated from the same zod schemas the routes
 * validate bodies with (`readJson(request, Schema)`), through zod 4's own `z.toJSONSchema` (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1): a body schema changed in a form module changes the document. Every call of the rights
 * table is listed with its rights and its error answers; the answers' shapes are described where a zod schema
 * exists (see `RESPONSES`), the contract test (tests/api/openapi-contract.test.ts) checks real answers against them.
 */

type Method = "get" | "post" | "put" | "patch" | "delete";

export interface ApiOperation {
  method: Method;
  /** OpenAPI path: `/api/employees/{id}`. */
  path: string;
  rights: Rights;
  summary: string;
  body?: z.ZodType;
  /** 200/201 answer, when described. */
  response?: { status: 200 | 201 | 202 | 204; schema?: z.ZodType };
}

/** Every error answer of /api: a French message, and the fields at fault for a 422. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  violations: z.array(z.object({ propertyPath: z.string(), message: z.string() })).optional(),
});

export const LoginAnswer = z.object({ apiToken: z.string().min(20), identifier: z.number().int().positive() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.object({ hour: z.number().int().min(0).max(23), minute: z.number().int().min(0).max(59) }).nullable();
const ref = z.looseObject({ "@id": z.string(), id: z.number().int(), name: z.string() });

/** An employee as /api answers it (`employeeToApi`, spec 1 §3): the sheet's fields, flat, relations embedded. */
export const EmployeeAnswer = z.looseObject({
  "@id": z.string(),
  "@type": z.literal("Employee"),
  id: z.number().int().positive(),
  matricule: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  displayName: z.string(),
  birthday: z.number().int().nullable(),
  email: z.string().nullable(),
  profileType: z.string(),
  hiredAt: day.nullable(),
  firedAt: day.nullable(),
  numberOfHoursPerWeek: z.number().nullable(),
  country: ref.nullable(),
  subsidiary: ref.nullable(),
  division: ref.nullable(),
  team: ref.nullable(),
  departmentHead: z.boolean(),
  teamLeader: z.boolean(),
  timeRegistration: z.boolean(),
  leaveWorkflow: z.string(),
  weekType: z.string(),
  weeks: z.array(z.array(z.object({ morning: z.object({ start: time, end: time }), afternoon: z.object({ start: time, end: time }) }))),
  completion: z.number().min(0).max(100),
});

/** The concrete calls: the rights table's patterns with the methods each route serves. */
const OPERATIONS: [string, string, string, z.ZodType?, ApiOperation["response"]?][] = [
  ["post", "/api/login", "Connexion : jeton d'API", ApiLoginBody, { status: 200, schema: LoginAnswer }],
  ["post", "/api/password/reset", "Demande de lien de réinitialisation", ApiResetBody, { status: 202, schema: z.object({ message: z.string() }) }],
  ["post", "/api/password/change", "Nouveau mot de passe avec un lien", ApiChangeBody],
  ["get", "/api/users/{id}", "Un compte"],
  ["get", "/api/profile", "Mon profil"],
  ["post", "/api/profile", "Modifier mon profil", ProfileBody],
  ["get", "/api/employees", "Liste des employés"],
  ["post", "/api/employees", "Créer une fiche employé", EmployeeBody, { status: 201, schema: EmployeeAnswer }],
  ["get", "/api/employees/{id}", "Une fiche employé", undefined, { status: 200, schema: EmployeeAnswer }],
  ["put", "/api/employees/{id}", "Modifier une fiche employé", EmployeeBody, { status: 200, schema: EmployeeAnswer }],
  ["delete", "/api/employees/{id}", "Supprimer une fiche employé", undefined, { status: 204 }],
  ["get", "/api/countries", "Liste des pays"],
  ["post", "/api/countries", "Créer un pays", CountryBody, { status: 201 }],
  ["get", "/api/countries/{id}", "Un pays"],
  ["put", "/api/countries/{id}", "Modifier un pays", CountryBody],
  ["get", "/api/subsidiaries", "Liste des agences"],
  ["post", "/api/subsidiaries", "Créer une agence", SubsidiaryBody, { status: 201 }],
  ["get", "/api/subsidiaries/{id}", "Une agence"],
  ["put", "/api/subsidiaries/{id}", "Modifier une agence", SubsidiaryBody],
  ["get", "/api/divisions", "Liste des pôles"],
  ["post", "/api/divisions", "Créer un pôle", DivisionBody, { status: 201 }],
  ["get", "/api/teams", "Liste des équipes"],
  ["post", "/api/teams", "Créer une équipe", TeamBody, { status: 201 }],
  ["get", "/api/timeclock", "Mes pointages"],
  ["post", "/api/timeclock/suggest", "Proposer une correction de pointage", ApiSuggestBody, { status: 201 }],
  ["get", "/api/timeclock/suggested", "Corrections proposées"],
  ["post", "/api/leaves", "Demander un congé", ApiLeaveBody, { status: 201 }],
  ["get", "/api/leaves/me", "Mes congés"],
  ["get", "/api/leaves/waiting", "Congés en attente"],
  ["patch", "/api/leaves/{id}/valid", "Valider un congé", ApiLeaveDecisionBody],
  ["patch", "/api/leaves/{id}/refuse", "Refuser un congé", ApiLeaveDecisionBody],
  ["get", "/api/overtime", "Mes heures supplémentaires"],
  ["get", "/api/dashboard/employees", "Tableau de bord"],
  ["get", "/api/report/leave", "Rapport des congés"],
  ["get", "/api/report/overtime", "Rapport des heures supplémentaires"],
  ["get", "/api/report/recovery", "Rapport des récupérations"],
  ["get", "/api/report/hourly-cost", "Rapport du coût horaire"],
  ["post", "/api/avatars", "Changer ma photo"],
  ["delete", "/api/avatars", "Retirer ma photo", undefined, { status: 204 }],
  ["delete", "/api/countries/{id}", "Supprimer un pays", undefined, { status: 204 }],
  ["delete", "/api/subsidiaries/{id}", "Supprimer une agence", undefined, { status: 204 }],
  ["get", "/api/subsidiaries/{id}/divisions", "Les pôles d'une agence"],
  ["get", "/api/subsidiaries/{id}/divisions/{divisionId}/teams", "Les équipes d'un pôle d'une agence"],
  ["get", "/api/divisions/{id}", "Un pôle"],
  ["put", "/api/divisions/{id}", "Modifier un pôle", DivisionBody],
  ["delete", "/api/divisions/{id}", "Supprimer un pôle", undefined, { status: 204 }],
  ["get", "/api/teams/{id}", "Une équipe"],
  ["put", "/api/teams/{id}", "Modifier une équipe", TeamBody],
  ["delete", "/api/teams/{id}", "Supprimer une équipe", undefined, { status: 204 }],
  ["get", "/api/timeclock/{id}", "Un pointage"],
  ["get", "/api/timeclock/agency/{subsidiaryId}", "Pointages du jour d'une agence"],
  ["get", "/api/timeclock/employee/{id}/{start}/{end}", "Pointages d'un employé sur une période (AAAAMMJJ)"],
  ["get", "/api/timeclock/history/{start}/{end}", "Mon historique de pointages (AAAAMMJJ)"],
  ["delete", "/api/timeclock/suggest/{id}", "Refuser une correction proposée", undefined, { status: 204 }],
  ["patch", "/api/timeclock/suggest/{id}/valid", "Valider une correction proposée"],
  ["get", "/api/leaves/{id}", "Un congé"],
  ["patch", "/api/leaves/{id}", "Modifier un congé", ApiLeaveBody],
  ["delete", "/api/leaves/{id}", "Annuler un congé", undefined, { status: 204 }],
  ["patch", "/api/leaves/{id}/remove", "Retirer un congé validé", ApiLeaveDecisionBody],
  ["get", "/api/leaves/all", "Tous les congés du périmètre"],
  ["get", "/api/leaves/waiting-planning", "Congés en attente (planning)"],
  ["get", "/api/leaves/filtered/{subsidiaryId}", "Congés d'une agence"],
  ["get", "/api/leaves/valid/employee/{id}", "Congés validés d'un employé"],
  ["get", "/api/event_days", "Jours d'événement"],
  ["post", "/api/event_days", "Créer un jour d'événement"],
  ["delete", "/api/event_days/{id}", "Supprimer un jour d'événement", undefined, { status: 204 }],
  ["get", "/api/event_days/employee/{id}", "Jours d'événement d'un employé"],
  ["post", "/api/getdeduction", "Lire une déduction de récupération"],
  ["post", "/api/deduction", "Déduire des heures de récupération"],
  ["delete", "/api/deduction/{id}", "Retirer une déduction", undefined, { status: 204 }],
  ["post", "/api/add-recovery", "Créditer la récupération d'une semaine"],
  ["get", "/api/overtime/search", "Rechercher les heures supplémentaires"],
  ["get", "/api/overtime/employee/{id}", "Heures supplémentaires d'un employé"],
  ["get", "/api/overtime/employee/{id}/{year}/{week}", "Une semaine d'heures supplémentaires d'un employé"],
  ["get", "/api/planning/employee/{id}/{start}/{end}", "Planning d'un employé sur une période (AAAAMMJJ)"],
];

/** "/api/employees/{id}" -> the rights table's rule for that method and path. */
function rightsOf(method: string, path: string): Rights {
  const concrete = path.replace(/\{[^}]+\}/g, "1");
  const segs = concrete.split("/").filter(Boolean);
  const rule = API_RULES.find((r) => {
    if (r.method !== "*" && r.method !== method.toUpperCase()) return false;
    const p = r.path.split("/").filter(Boolean);
    if (p[p.length - 1] === "*") return segs.length >= p.length && p.slice(0, -1).every((x, i) => x.startsWith(":") || x === segs[i]);
    return p.length === segs.length && p.every((x, i) => x.startsWith(":") || x === segs[i]);
  });
  return rule?.rights ?? "anyone";
}

export const API_OPERATIONS: ApiOperation[] = OPERATIONS.map(([method, path, summary, body, response]) => ({
  method: method as Method,
  path,
  summary,
  rights: rightsOf(method, path),
  ...(body ? { body } : {}),
  ...(response ? { response } : {}),
}));

/** A zod schema as JSON Schema 2020-12, without its `$schema` (embedded in the document). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

function rightsText(rights: Rights): string {
  if (rights === "public") return t("apidocs.rights_public");
  if (rights === "anyone") return t("apidocs.rights_anyone");
  return rights.map((r) => t(`role.${r}`)).join(", ");
}

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document (built once per process: the schemas are static). */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const error = { $ref: "#/components/schemas/Error" };
  const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: error } } });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    const ok = op.response ?? { status: 200 };
    const responses: Record<string, unknown> = {
      [String(ok.status)]:
        ok.status === 204
          ? { description: t("apidocs.no_content") }
          : { description: t("apidocs.ok"), content: { "application/json": { schema: ok.schema ? jsonSchemaOf(ok.schema, "output") : {} } } },
      "400": errorResponse(t("apidocs.error_400")),
      "404": errorResponse(t("apidocs.error_404")),
      "422": errorResponse(t("apidocs.error_422")),
    };
    if (op.rights !== "public") {
      responses["401"] = errorResponse(t("apidocs.error_401"));
      responses["403"] = errorResponse(t("apidocs.error_403"));
    }
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      description: `${t("apidocs.rights")} : ${rightsText(op.rights)}`,
      "x-rights": op.rights,
      ...(params.length ? { parameters: params } : {}),
      ...(op.rights === "public" ? { security: [] } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(op.body, "input") } } } } : {}),
      responses,
    };
  }
  cached = {
    openapi: "3.1.0",
    info: { title: "Cadran /api", version: "1", description: t("apidocs.intro") },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: t("apidocs.bearer") } },
      schemas: { Error: jsonSchemaOf(ApiErrorSchema, "output") },
    },
    paths,
  };
  return cached;
}

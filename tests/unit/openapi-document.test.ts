import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { openApiDocument } from "~/server/api/openapi.server";

/**
 * Issue 43 item 1: the document an integrator's generator reads. Every operation has a stable operationId (the list
 * below is the published one: renaming one breaks every generated client, so a change here is a new major version),
 * a French summary, typed bodies (no `{}` schema anywhere), enums for the closed sets, and a request example that
 * its own schema accepts.
 */
type Op = {
  operationId?: string;
  summary?: string;
  parameters?: { name: string; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
const doc = openApiDocument() as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, object> } };
const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));

const PUBLISHED_IDS = [
  "login", "requestPasswordReset", "changePassword", "getUser", "getProfile", "updateProfile", "uploadAvatar",
  "deleteAvatar", "listEmployees", "createEmployee", "getEmployee", "updateEmployee", "deleteEmployee",
  "listDashboardEmployees", "listCountries", "createCountry", "getCountry", "updateCountry", "deleteCountry",
  "listSubsidiaries", "createSubsidiary", "getSubsidiary", "updateSubsidiary", "deleteSubsidiary", "listDivisions",
  "createDivision", "getDivision", "updateDivision", "deleteDivision", "listTeams", "createTeam", "getTeam",
  "updateTeam", "deleteTeam", "listSubsidiaryDivisions", "listSubsidiaryDivisionTeams", "getMyClockDay", "clockStart",
  "clockPause", "clockLunch", "clockEnd", "clockReset", "getClockDay", "searchSubsidiaryClockWeeks",
  "listEmployeeClockDays", "listClockHistoryWeeks", "suggestClockCorrection", "listClockCorrections",
  "validateClockCorrection", "deleteClockCorrection", "createLeave", "getLeave", "updateLeave", "deleteLeave",
  "validateLeave", "refuseLeave", "removeLeave", "listMyLeaves", "listWaitingLeaves", "listPlanningWaitingLeaves",
  "listScopeLeaves", "listSubsidiaryLeaves", "listEmployeeValidLeaves", "listMyEventDays", "createEventDay",
  "deleteEventDay", "listEmployeeEventDays", "getEmployeePlanning", "listOvertimeDays", "searchOvertimeWeeks",
  "getEmployeeOvertimeYear", "getEmployeeOvertimeWeek", "listDeductions", "createDeduction", "deleteDeduction",
  "addRecovery", "getLeaveReport", "getOvertimeReport", "getRecoveryReport", "getHourlyCostReport",
];

/** Paths (JSON pointers) of every `{}` schema under a node. */
function emptySchemas(node: unknown, where = ""): string[] {
  if (!node || typeof node !== "object") return [];
  if (!Array.isArray(node) && Object.keys(node).length === 0) return [where];
  return Object.entries(node).flatMap(([k, v]) => emptySchemas(v, `${where}/${k}`));
}

/** Every `enum` found under a schema, keyed by the property that holds it. */
function enumsOf(node: unknown, key = "", out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (!node || typeof node !== "object") return out;
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.enum) && key) out.set(key, record.enum);
  for (const [k, v] of Object.entries(record)) enumsOf(v, k === "properties" || k === "items" || k === "anyOf" || /^\d+$/.test(k) ? key : k, out);
  return out;
}

describe("the /api document for client generators (issue 43 item 1)", () => {
  it("gives every operation its published, unique operationId", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids).toEqual(PUBLISHED_IDS);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it("gives every operation a French summary", () => {
    for (const { method, path, op } of operations) expect(op.summary?.trim(), `${method} ${path}`).toBeTruthy();
  });

  it("types every property: no `{}` schema in any request or answer", () => {
    expect(emptySchemas(doc.paths)).toEqual([]);
    expect(emptySchemas(doc.components)).toEqual([]);
  });

  it("closes the closed sets: leave reasons (upper case in leaves, lower case in the report), states, event-day types", () => {
    const createLeave = doc.paths["/api/leaves"]!.post!;
    expect(enumsOf(createLeave.requestBody).get("reason")).toEqual([...LEAVE_REASONS]);
    const answer = enumsOf(createLeave.responses["201"]);
    expect(answer.get("reason")).toEqual([...LEAVE_REASONS]);
    expect(answer.get("state")).toEqual(["pending", "prevalidate", "validate", "accepted", "refused", "removed"]);
    expect(enumsOf(doc.paths["/api/report/leave"]!.get!.responses["200"]).get("reason")).toEqual(LEAVE_REASONS.map((r) => r.toLowerCase()));
    expect(enumsOf(doc.paths["/api/event_days"]!.post!.requestBody).get("type")).toEqual(["closed", "moved"]);
    expect(enumsOf(doc.paths["/api/event_days"]!.post!.responses["201"]).get("type")).toEqual(["closed", "moved"]);
    const view = doc.paths["/api/overtime/search"]!.get!.parameters!.find((p) => p.name === "view");
    expect(view?.schema.enum).toEqual(["team", "division", "subsidiary"]);
  });

  it("gives every JSON body an example that its own schema accepts", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { date: /^\d{4}-\d{2}-\d{2}$/ } });
    const bodies = operations.filter(({ op }) => op.requestBody?.content["application/json"]);
    expect(bodies.length).toBeGreaterThan(20);
    for (const { method, path, op } of bodies) {
      const { schema, example } = op.requestBody!.content["application/json"]!;
      expect(example, `${method} ${path}`).toBeDefined();
      const validate = ajv.compile({ ...schema, components: doc.components });
      expect(validate(example), `${method} ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});

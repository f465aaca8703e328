import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bodyToValues, EmployeeBody } from "~/forms/employee.server";
import { t } from "~/i18n/fr";
import { handleApi, hydraCollection, hydraView, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { idFromIri } from "~/domain/shared/iri";
import { getEm } from "~/server/shared/orm.server";
import { AppError } from "~/services/shared/errors";
import { employeeToApi } from "~/services/employees/records.server";
import { createEmployee, namingTheField } from "~/services/employees/writes.server";
import { getEmployeeSheet, listEmployees, PAGE_SIZE, type EmployeeFilters } from "~/services/employees/employees.server";

/**
 * The collection filters of spec 1 §7: exists[contract.firedAt]=true|false (archived or active),
 * order[contract.firedAt]=desc, subsidiary, division, team (id or IRI), exists[team]=false, and page (30 a page).
 */
function filtersOf(request: Request): EmployeeFilters {
  const q = new URL(request.url).searchParams;
  const bad = (name: string) => new AppError(400, t("employee.error.bad_filter", { name }));
  const bool = (name: string) => {
    const v = q.get(name);
    if (v === null) return undefined;
    if (v === "true" || v === "1") return true;
    if (v === "false" || v === "0") return false;
    throw bad(name);
  };
  const ref = (name: string, type: string) => {
    const v = q.get(name);
    if (v === null || v === "") return undefined;
    const id = idFromIri(v, type);
    if (id === null) throw bad(name);
    return id;
  };
  const order = q.get("order[contract.firedAt]");
  if (order !== null && !/^(asc|desc)$/i.test(order)) throw bad("order[contract.firedAt]");
  const page = q.get("page");
  if (page !== null && !/^[1-9]\d{0,5}$/.test(page)) throw bad("page");
  const hasTeam = bool("exists[team]");
  return {
    archived: bool("exists[contract.firedAt]"),
    orderByFiredAtDesc: order?.toLowerCase() === "desc",
    subsidiary: ref("subsidiary", "Subsidiary"),
    division: ref("division", "Division"),
    team: ref("team", "Team"),
    withoutTeam: hasTeam === false,
    page: page ? Number(page) : 1,
  };
}

/** GET /api/employees: a page of employees (management). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const filters = filtersOf(request);
    const { members, total } = await listEmployees(await getEm(), user, filters);
    const view = hydraView(new URL(request.url), filters.page ?? 1, Math.ceil(total / PAGE_SIZE));
    return jsonResponse(hydraCollection(members.map(employeeToApi), total, view));
  });
}

/** POST /api/employees: creates the employee and their account; 201 with the new item (its id included). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const em = await getEm();
    const { id } = await namingTheField(async () => createEmployee(em, user, bodyToValues(await readJson(request, EmployeeBody))));
    return jsonResponse(employeeToApi(await getEmployeeSheet(em, user, id)), 201, { Location: `/api/employees/${id}` });
  });
}

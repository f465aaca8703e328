import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bodyToValues, EmployeeBody } from "~/forms/employee.server";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError } from "~/services/shared/errors";
import { employeeToApi } from "~/services/employees/records.server";
import { deleteEmployee, namingTheField, updateEmployee } from "~/services/employees/writes.server";
import { getEmployeeForCaller } from "~/services/employees/employees.server";

function employeeId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new NotFoundError();
  return Number(value);
}

/** GET /api/employees/{id}: management, or anyone for their own sheet (another id: 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return jsonResponse(employeeToApi(await getEmployeeForCaller(await getEm(), user, employeeId(params.id))));
  });
}

/**
 * PUT saves the fields sent (the others keep their value) and answers the item with `notice`: a change touching a
 * month closed for payroll (a departure, hiring or contract dated in it), the French sentence naming it and the
 * payslip month carrying the difference, else null (decisions 0118, 0122); 409 on an archived sheet.
 * DELETE removes the employee and all that is theirs: 204.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const id = employeeId(params.id);
    const em = await getEm();
    if (request.method === "DELETE") {
      await deleteEmployee(em, user, id);
      return jsonResponse(null, 204);
    }
    // Issue 41: one wrong field is named in `message` ("E-mail personnel : Email invalide."), body or rules alike.
    return namingTheField(async () => {
      const body = await readJson(request, EmployeeBody);
      const saved = await updateEmployee(em, user, id, bodyToValues(body), { contractFrom: body.contractFrom ?? null });
      return jsonResponse({ ...employeeToApi(saved), notice: saved.notice });
    });
  });
}

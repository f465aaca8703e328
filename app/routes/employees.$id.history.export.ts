import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseHistoryForm } from "~/domain/history/filters";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { orPageNotFound } from "~/services/employees/employees.server";
import { employeeHistorySheet } from "~/services/history/read.server";
import { xlsxResponse } from "~/services/shared/xlsx.server";

/** GET /employees/{id}/history/export: the history as the tab filters it, as an .xlsx file (streamed). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Response(t("error.not_found_item"), { status: 404 });
  // A bad date is left out of the filter, as on the tab (the file is what the tab lists).
  const { filters } = parseHistoryForm(new URL(request.url).searchParams);
  const { fileName, disposition, sheet } = await orPageNotFound(employeeHistorySheet(await getEm(), user, id, filters));
  return xlsxResponse(fileName, disposition, sheet);
}

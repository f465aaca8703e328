import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { directorySheet } from "~/services/employees/export.server";
import { xlsxResponse } from "~/services/shared/xlsx.server";

/** GET /employees/export: the directory as an .xlsx file with the import's columns (streamed). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sheet = await directorySheet(await getEm(), user);
  const day = new Date().toISOString().slice(0, 10);
  return xlsxResponse(`annuaire-${day}.xlsx`, `attachment; filename="annuaire-${day}.xlsx"`, sheet);
}

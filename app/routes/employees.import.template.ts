import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/identity/auth.server";
import { importTemplate } from "~/services/employees/export.server";

/** GET /employees/import/template: the import's .xlsx template (headers, one example row, the allowed values). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const bytes = await importTemplate(user);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="modele-import-employes.xlsx"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

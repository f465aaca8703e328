import { t } from "~/i18n/fr";

/**
 * A route's numeric id (`/employees/:id/...`): a positive integer that fits PostgreSQL's `int`, else the French 404
 * page (a mistyped or forged address is not a server error).
 */
export function routeIdOr404(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Response(t("error.not_found_item"), { status: 404 });
  return id;
}

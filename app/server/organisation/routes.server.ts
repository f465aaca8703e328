import type { EntityManager } from "@mikro-orm/postgresql";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type * as z from "~/forms/z.server";
import { fieldErrors, settingsId } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";

/**
 * Loader and actions shared by the settings "new" and "edit" pages (countries, subsidiaries, divisions, teams):
 * each route only says which schema and which service to call. Validation errors (the form's or the service's)
 * come back as a 400 conform reply so the form is re-rendered filled; success redirects with a flash alert.
 */

type Schema = z.ZodType<Record<string, unknown>>;

/** Loader of an edit page: what `load` returns for the `{id}`; a missing or out-of-scope item is a 404 page. */
export async function settingsEditLoader<T>(
  request: Request,
  idParam: string | undefined,
  load: (em: EntityManager, user: CurrentUser, id: number) => Promise<T>,
): Promise<T> {
  const user = await requireUser(request);
  const em = await getEm();
  try {
    return await load(em, user, settingsId(idParam));
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** Action of a "new" page: creates the item, then back to /settings with "<name> created". */
export async function settingsCreateAction<S extends Schema>(
  request: Request,
  schema: S,
  create: (em: EntityManager, user: CurrentUser, value: z.output<S>) => Promise<{ name: string }>,
) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema });
  // A conform intent (e.g. adding a holiday row) re-renders the form with 200; nothing is saved yet.
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  try {
    const created = await create(await getEm(), user, submission.value);
    const session = await getSession(request);
    pushAlert(session, "success", t("settings.created", { item: created.name }));
    return redirect("/settings", { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    throw error;
  }
}

/** Action of an edit page: updates the `{id}`, then back to the same page (/settings/<collection>/{id}/edit). */
export async function settingsUpdateAction<S extends Schema>(
  request: Request,
  idParam: string | undefined,
  schema: S,
  update: (em: EntityManager, user: CurrentUser, id: number, value: z.output<S>) => Promise<unknown>,
  collection: string,
) {
  const user = await requireUser(request);
  const id = settingsId(idParam);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  let result: unknown;
  try {
    result = await update(await getEm(), user, id, submission.value);
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: fieldErrors(error.violations) }), { status: 400 });
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    // A holiday in a month closed for payroll: the form comes back filled with the French message.
    if (error instanceof ConflictError) return data(submission.reply({ formErrors: [error.message] }), { status: 409 });
    throw error;
  }
  // After an update the user stays on the page (spec 1 §2), with the success alert.
  const session = await getSession(request);
  pushAlert(session, "success", t("success.modifications_saved"));
  // A holiday of a month closed for payroll (decision 0122): the notice, and that a job computes the weeks.
  const notice = (result as { notice?: unknown } | null)?.notice;
  if (typeof notice === "string") pushAlert(session, "warning", `${notice} ${t("payroll.late_change_job")}`);
  return redirect(`/settings/${collection}/${id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

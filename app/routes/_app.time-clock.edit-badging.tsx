import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { formatFrDate } from "~/domain/shared/date-range";
import { askedPage } from "~/domain/shared/paging";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError, ValidationError } from "~/services/shared/errors";
import { listSuggestionsPage, SUGGESTIONS_PAGE_SIZE, updateSuggestion } from "~/services/time-clock/suggestions.server";
import { entriesFromForm, suggestionLabel, violationMap } from "~/services/time-clock/suggest-for.server";
import { removeCorrection, validateCorrection } from "~/services/time-clock/clock-corrections.server";
import { EntriesForm, formRows, type EntriesFormValues, type FieldErrors } from "~/ui/time-clock/badging-entries-form";
import { EntriesList } from "~/ui/time-clock/badging-week-results";
import { useLinkDelegation } from "~/ui/shared/links";
import { Card, ConfirmDialog } from "~/ui/shared/modal";
import { Pager } from "~/ui/shared/pager";

export const meta: MetaFunction = () => [{ title: `${t("badging.edit.title")} · ${t("app.title")}` }];

const PATH = "/time-clock/edit-badging";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { cards, page, pages, total } = await listSuggestionsPage(await getEm(), user, new URL(request.url).searchParams.get("page"));
  return {
    cards: cards.map((c) => ({ ...c, label: suggestionLabel(c.suggestion) })),
    page,
    pages,
    total,
    first: (page - 1) * SUGGESTIONS_PAGE_SIZE + 1,
  };
}

/** The page's steps, from its GET form (decision 0033): `?confirm=validate-12` / `delete-12` and `?edit=12`. */
function stepsOf(search: string): { confirm: { kind: "validate" | "delete"; id: number } | null; edit: number | null } {
  const params = new URLSearchParams(search);
  const m = /^(validate|delete)-(\d{1,9})$/.exec(params.get("confirm") ?? "");
  const edit = /^\d{1,9}$/.test(params.get("edit") ?? "") ? Number(params.get("edit")) : null;
  return { confirm: m ? { kind: m[1] as "validate" | "delete", id: Number(m[2]) } : null, edit };
}

/** The list's page an action came from (a field of its forms), for the redirect back. */
function backTo(page: number): string {
  return page > 1 ? `${PATH}?page=${page}` : PATH;
}

type ActionResult = { id: number; values: EntriesFormValues; errors: FieldErrors };

/** `intent` = validate-<id> | delete-<id> | edit-<id> (ids in the intent keep the confirmation dialogs' ids unique). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const m = /^(validate|delete|edit)-(\d{1,9})$/.exec(String(form.get("intent") ?? ""));
  const page = askedPage(form.get("page"));
  const session = await getSession(request);
  const em = await getEm();
  try {
    if (!m) throw new AppError(400, t("error.generic"));
    const id = Number(m[2]);
    if (m[1] === "validate") {
      const done = await validateCorrection(em, user, id);
      pushAlert(session, "success", t("success.suggest_validated"));
      if (done.notice) pushAlert(session, "warning", done.notice);
    } else if (m[1] === "delete") {
      await removeCorrection(em, user, id);
      pushAlert(session, "success", t("success.suggest_deleted"));
    } else {
      const input = entriesFromForm(form);
      try {
        await updateSuggestion(em, user, id, input);
      } catch (error) {
        if (error instanceof ValidationError) {
          const values: EntriesFormValues = { message: input.message, entries: input.entries };
          return data<ActionResult>({ id, values, errors: violationMap(error.violations) }, { status: 400 });
        }
        throw error;
      }
      pushAlert(session, "success", t("success.suggest_updated"));
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.message);
  }
  return redirect(backTo(page), { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function EditBadging() {
  const { cards, page, pages, total, first } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as ActionResult | undefined;
  const steps = stepsOf(useLocation().search);
  const onClick = useLinkDelegation();
  const here = backTo(page);
  const pageField: Record<string, number> = page > 1 ? { page } : {};
  return (
    <div className="space-y-4" onClick={onClick}>
      <h1 className="text-2xl font-semibold">{t("badging.edit.title")}</h1>
      {/* The page's one GET form: each card's buttons ask for a confirmation or the edit form of that card only
          (no dialog nor form per card, decision 0033). */}
      <Form method="get" id="badging-confirm" preventScrollReset discover="none">
        {page > 1 && <input type="hidden" name="page" value={page} />}
      </Form>
      {cards.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700" data-testid="badging-editions-none">
          {t("badging_editions_none")}
        </p>
      ) : (
        <>
          {pages > 1 && (
            <p className="text-sm text-gray-700" data-testid="suggestions-range">
              {t("badging.edit.range", { first, last: first + cards.length - 1, total })}
            </p>
          )}
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="suggestions">
            {cards.map((card) => {
              const s = card.suggestion;
              const failedHere = failed?.id === s.id ? failed : undefined;
              const editing = failedHere !== undefined || steps.edit === s.id;
              const confirming = steps.confirm?.id === s.id ? steps.confirm.kind : null;
              const values: EntriesFormValues = failedHere?.values ?? {
                message: s.message ?? "",
                entries: formRows(s.logs.map((l) => ({ time: l.hhmm, type: l.type }))),
              };
              const when = { name: s.employeeFullname, date: formatFrDate(s.date) };
              return (
                <li key={s.id} data-testid={`suggestion-${s.id}`}>
                  <Card title={t("badging.edit.card_title", when)}>
                    {card.createdByName && (
                      <p className="mb-2 text-xs text-gray-600">
                        {t("badging.edit.requested_by", { name: card.createdByName, date: formatFrDate(card.createdAt.slice(0, 10)) })}
                      </p>
                    )}
                    <h3 className="text-sm font-semibold text-gray-900">{t("badging.edit.message")}</h3>
                    <p className="mb-3 whitespace-pre-line text-sm text-gray-800">{s.message || t("badging.edit.no_message")}</p>
                    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                      {card.origin && (
                        <div>
                          <h3 className="text-sm font-semibold text-gray-900">{t("badging.edit.old_entries")}</h3>
                          <EntriesList logs={card.origin.logs} testId={`old-entries-${s.id}`} />
                        </div>
                      )}
                      <div>
                        <h3 className="text-sm font-semibold text-gray-900">{t("badging.edit.new_entries")}</h3>
                        <EntriesList logs={s.logs} testId={`new-entries-${s.id}`} />
                      </div>
                    </div>
                    <div className="mt-4 flex flex-wrap items-center gap-2">
                      <button form="badging-confirm" name="confirm" value={`validate-${s.id}`} className="btn btn-primary" aria-label={`${t("badging.edit.validate")} ${card.label}`}>
                        {t("badging.edit.validate")}
                      </button>
                      <button form="badging-confirm" name="confirm" value={`delete-${s.id}`} className="btn btn-danger" aria-label={`${t("word.delete")} ${card.label}`}>
                        {t("word.delete")}
                      </button>
                      {!editing && (
                        <button form="badging-confirm" name="edit" value={s.id} className="btn btn-secondary" aria-label={`${t("badging.edit.edit")} ${card.label}`}>
                          {t("badging.edit.edit")}
                        </button>
                      )}
                    </div>
                    {confirming && (
                      <ConfirmDialog
                        intent={`${confirming}-${s.id}`}
                        text={
                          confirming === "validate"
                            ? t("badging.edit.validate_text", when)
                            : t("badging.edit.delete_text", { item: card.label })
                        }
                        confirmLabel={confirming === "validate" ? t("badging.edit.validate") : t("word.delete")}
                        tone={confirming === "validate" ? "primary" : "danger"}
                        fields={pageField}
                        action={PATH}
                        back={here}
                      />
                    )}
                    {editing && (
                      <div className="mt-3" data-testid={`suggestion-edit-${s.id}`}>
                        <EntriesForm
                          idPrefix={`suggestion-${s.id}`}
                          intent={`edit-${s.id}`}
                          hidden={pageField}
                          action={PATH}
                          values={values}
                          errors={failedHere?.errors}
                          submitLabel={t("badging.edit.save")}
                        />
                        <Link to={here} className="btn-link mt-2 inline-block text-sm" preventScrollReset>
                          {t("badging.edit.cancel_edit")}
                        </Link>
                      </div>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
          <Pager base={PATH} query={{}} page={page} pages={pages} label={t("badging.edit.title")} />
        </>
      )}
    </div>
  );
}

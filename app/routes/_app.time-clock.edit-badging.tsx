import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formatFrDate } from "~/domain/date-range";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { AppError, ValidationError } from "~/services/errors";
import {
  deleteSuggestion,
  entriesFromForm,
  listSuggestions,
  suggestionLabel,
  updateSuggestion,
  validateSuggestion,
  violationMap,
} from "~/services/time-clock-suggestions.server";
import { EntriesForm, formRows, type EntriesFormValues, type FieldErrors } from "~/ui/badging-entries-form";
import { EntriesList } from "~/ui/badging-week-results";
import { Card, ConfirmAction } from "~/ui/modal";

export const meta: MetaFunction = () => [{ title: `${t("badging.edit.title")} · ${t("app.title")}` }];

const PATH = "/time-clock/edit-badging";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const cards = await listSuggestions(await getEm(), user);
  return { cards: cards.map((c) => ({ ...c, label: suggestionLabel(c.suggestion) })) };
}

type ActionResult = { id: number; values: EntriesFormValues; errors: FieldErrors };

/** `intent` = validate-<id> | delete-<id> | edit-<id> (ids in the intent keep the confirmation dialogs' ids unique). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const m = /^(validate|delete|edit)-(\d{1,9})$/.exec(String(form.get("intent") ?? ""));
  const session = await getSession(request);
  const em = await getEm();
  try {
    if (!m) throw new AppError(400, t("error.generic"));
    const id = Number(m[2]);
    if (m[1] === "validate") {
      await validateSuggestion(em, user, id);
      pushAlert(session, "success", t("success.suggest_validated"));
    } else if (m[1] === "delete") {
      await deleteSuggestion(em, user, id);
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
  return redirect(PATH, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function EditBadging() {
  const { cards } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("badging.edit.title")}</h1>
      {cards.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700" data-testid="badging-editions-none">
          {t("badging_editions_none")}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="suggestions">
          {cards.map((card) => {
            const s = card.suggestion;
            const editing = failed?.id === s.id ? failed : undefined;
            const values: EntriesFormValues = editing?.values ?? {
              message: s.message ?? "",
              entries: formRows(s.logs.map((l) => ({ time: l.hhmm, type: l.type }))),
            };
            return (
              <li key={s.id} data-testid={`suggestion-${s.id}`}>
                <Card title={t("badging.edit.card_title", { name: s.employeeFullname, date: formatFrDate(s.date) })}>
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
                    <ConfirmAction
                      intent={`validate-${s.id}`}
                      itemLabel={card.label}
                      text={t("badging.edit.validate_text", { name: s.employeeFullname, date: formatFrDate(s.date) })}
                      buttonLabel={t("badging.edit.validate")}
                      confirmLabel={t("badging.edit.validate")}
                      tone="primary"
                      cancelHref={PATH}
                    />
                    <ConfirmAction
                      intent={`delete-${s.id}`}
                      itemLabel={card.label}
                      text={t("badging.edit.delete_text", { item: card.label })}
                      cancelHref={PATH}
                    />
                  </div>
                  <details className="mt-3" open={!!editing}>
                    <summary className="btn btn-secondary" aria-label={`${t("badging.edit.edit")} ${card.label}`}>
                      {t("badging.edit.edit")}
                    </summary>
                    <EntriesForm
                      idPrefix={`suggestion-${s.id}`}
                      intent={`edit-${s.id}`}
                      values={values}
                      errors={editing?.errors}
                      submitLabel={t("badging.edit.save")}
                    />
                  </details>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { requestNow } from "~/server/shared/clock.server";
import { frDateTime } from "~/domain/history/text";
import { confirmImport } from "~/services/employees/import-run.server";
import { importPlan } from "~/services/employees/import.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${t("import.title")} · ${t("app.title")}` },
  // The progress page reloads itself every 2 seconds while the job runs: no JavaScript needed.
  ...(d?.state === "running" ? [{ httpEquiv: "refresh", content: "2" } as const] : []),
];

function asResponse(error: unknown): never {
  if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
  if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
  throw error;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const plan = await importPlan(await getEm(), user, String(params.id ?? ""), { page: Number.isInteger(page) ? page : 1, now: requestNow(request) }).catch(asResponse);
  // When it expires, in the company's zone (decision 0116): "DD/MM/YYYY" and "HH:mm".
  const [expiryDay, expiryTime] = frDateTime(plan.expiresAt, "Europe/Paris").split(" ");
  return { ...plan, expiryDay: expiryDay ?? "", expiryTime: expiryTime ?? "" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = String(params.id ?? "");
  const form = await request.formData();
  const session = await getSession(request);
  // The lines HR ticked (identity changes, matricules of another subsidiary): plain checkboxes, no JavaScript.
  const accepted = form
    .getAll("accept")
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  try {
    const state = await confirmImport(await getEm(), user, id, { welcome: form.get("welcome") === "1", accepted, now: requestNow(request) });
    if (state === "done") pushAlert(session, "success", t("import.result_title"));
  } catch (error) {
    if (error instanceof ValidationError) pushAlert(session, "danger", error.message);
    else asResponse(error);
  }
  return redirect(`/employees/import/${id}`, { headers: { "Set-Cookie": await commitSession(session) } });
}

const OUTCOME_LABEL = {
  create: "import.outcome.create",
  update: "import.outcome.update",
  unchanged: "import.outcome.unchanged",
  error: "import.outcome.in_error",
} as const;

const OUTCOME_CLASS = { create: "text-green-800", update: "text-blue-800", unchanged: "text-gray-700", error: "text-red-800" } as const;

type Plan = ReturnType<typeof useLoaderData<typeof loader>>;

function Pager({ plan }: { plan: Plan }) {
  const { page, pages, from, to } = plan.page;
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("import.page", { page, pages, from: from + 1, to, total: plan.total })} className="flex flex-wrap items-center gap-3 text-sm">
      <span>{t("import.page", { page, pages, from: from + 1, to, total: plan.total })}</span>
      {page > 1 && (
        <Link to={`?page=${page - 1}`} className="btn-link" rel="prev">
          {t("import.page_previous")}
        </Link>
      )}
      {page < pages && (
        <Link to={`?page=${page + 1}`} className="btn-link" rel="next">
          {t("import.page_next")}
        </Link>
      )}
    </nav>
  );
}

export default function EmployeeImportPreview() {
  const plan = useLoaderData<typeof loader>();
  const toWrite = plan.counts.create + plan.counts.update;
  const previewing = plan.state === "preview" || plan.state === "failed";
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {previewing ? t("import.preview_title", { file: plan.fileName }) : t("import.result_title")}
      </h1>
      {plan.state === "running" && (
        <div className="space-y-2" data-testid="import-progress">
          <p role="status">{t("import.running", { done: plan.done, total: plan.total })}</p>
          <progress max={plan.total} value={plan.done} className="w-full" aria-label={t("import.title")} />
        </div>
      )}
      {plan.state === "failed" && plan.result?.error && (
        <p className="field-error" role="alert" data-testid="import-failed">
          {plan.result.error}
        </p>
      )}
      {plan.state === "done" && plan.result && (
        <div data-testid="import-result" className="space-y-2">
          {plan.result.error ? (
            <p className="field-error" role="alert">
              {plan.result.error}
            </p>
          ) : (
            <p>
              {t("import.done", { created: plan.result.created, updated: plan.result.updated, unchanged: plan.result.unchanged })}
              {plan.result.skipped ? ` ${t("import.skipped", { skipped: plan.result.skipped })}` : null}
            </p>
          )}
          <p className="flex flex-wrap gap-3">
            <Link to="/employees/import" className="btn btn-secondary">
              {t("import.another")}
            </Link>
            <Link to="/employees" className="btn-link text-sm">
              {t("import.back")}
            </Link>
          </p>
        </div>
      )}
      {previewing && (
        <>
          <p className="text-sm text-gray-700" data-testid="import-expiry">
            {t("import.expires", { date: plan.expiryDay, time: plan.expiryTime })}
          </p>
          <p data-testid="import-summary">
            {t("import.summary", { create: plan.counts.create, update: plan.counts.update, unchanged: plan.counts.unchanged, error: plan.counts.error })}
          </p>
          {(plan.newDivisions.length > 0 || plan.newTeams.length > 0) && (
            <section aria-labelledby="import-new-places" className="rounded-lg border border-gray-200 bg-white p-4">
              <h2 id="import-new-places" className="mb-2 font-semibold">
                {t("import.new_places")}
              </h2>
              <ul className="list-disc pl-5 text-sm" data-testid="import-new-places">
                {plan.newDivisions.map((d) => (
                  <li key={`d-${d.subsidiary}-${d.name}`}>{t("import.new_division", { name: d.name, subsidiary: d.subsidiary })}</li>
                ))}
                {plan.newTeams.map((tm) => (
                  <li key={`t-${tm.division}-${tm.name}`}>{t("import.new_team", { name: tm.name, division: tm.division })}</li>
                ))}
              </ul>
            </section>
          )}
          <Pager plan={plan} />
          <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
            <table className="w-full text-sm" data-testid="import-rows">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="p-2">{t("import.col.line")}</th>
                  <th scope="col" className="p-2">{t("import.col.employee")}</th>
                  <th scope="col" className="p-2">{t("import.col.outcome")}</th>
                  <th scope="col" className="p-2">{t("import.col.detail")}</th>
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((r) => (
                  <tr key={r.line} data-outcome={r.outcome} data-tick={r.tick ?? undefined} className="border-t border-gray-100 align-top">
                    <td className="p-2">{r.line}</td>
                    <td className="p-2">
                      <span className="block">{r.name}</span>
                      {r.person && (
                        <span className="block text-xs text-gray-700" data-testid="import-person">
                          {r.person}
                        </span>
                      )}
                    </td>
                    <td className={`p-2 font-medium ${r.tick ? "text-amber-800" : OUTCOME_CLASS[r.outcome]}`}>
                      {t(r.tick ? "import.outcome.to_tick" : OUTCOME_LABEL[r.outcome])}
                    </td>
                    <td className="p-2">
                      {r.messages.length > 0 && (
                        <ul>
                          {r.messages.map((m) => (
                            <li key={m}>{m}</li>
                          ))}
                        </ul>
                      )}
                      {r.tickMessage && <p className="font-medium text-amber-800">{r.tickMessage}</p>}
                      {r.changes.length > 0 && (
                        <ul data-testid="import-changes">
                          {r.changes.map((c) => (
                            <li key={c}>{c}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {plan.counts.error > 0 ? (
            <p className="field-error" role="alert">
              {t("import.fix_first")}
            </p>
          ) : toWrite === 0 ? (
            <p>{t("import.nothing")}</p>
          ) : (
            <Form method="post" className="space-y-3">
              {plan.ticks.length > 0 && (
                <fieldset className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="import-ticks">
                  <legend className="px-1 font-semibold">{t("import.ticks_title")}</legend>
                  <p className="text-sm">{t("import.ticks_hint")}</p>
                  {plan.ticks.map((r) => (
                    <label key={r.line} className="flex items-start gap-2 text-sm">
                      <input type="checkbox" name="accept" value={r.line} defaultChecked={r.ticked} />
                      <span>
                        <span className="block font-medium">{t("import.tick", { line: r.line, name: r.name })}</span>
                        <span className="block">{r.tickMessage}</span>
                        <span className="block text-gray-700">{r.changes.join(" ; ")}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              {plan.counts.create > 0 && (
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="welcome" value="1" />
                  <span>{t("import.welcome")}</span>
                </label>
              )}
              <button type="submit" className="btn btn-primary">
                {t(plan.state === "failed" ? "import.retry" : "import.confirm")}
              </button>
            </Form>
          )}
          <p>
            <Link to="/employees/import" className="btn-link text-sm">
              {t("import.another")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

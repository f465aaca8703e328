import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { frDateTime } from "~/domain/history/text";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { requestNow } from "~/server/shared/clock.server";
import { env } from "~/server/shared/env.server";
import { getEm } from "~/server/shared/orm.server";
import { AppError, ValidationError } from "~/services/shared/errors";
import { registerTerminal, renewEnrolLink, resumeTerminal, revokeTerminal, terminalSettings, type EnrolLink } from "~/services/time-clock/terminals.server";
import { Field } from "~/ui/shared/field";
import { ConfirmDialog } from "~/ui/shared/modal";
import { ChooseOption, SettingsPage } from "~/ui/organisation/form-parts";

export const meta: MetaFunction = () => [{ title: `${t("terminal.settings_title")} · ${t("app.title")}` }];

const ZONE = "Europe/Paris";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = requestNow(request);
  const { terminals, subsidiaries } = await terminalSettings(await getEm(), user, now);
  return {
    subsidiaries,
    terminals: terminals.map((r) => ({
      id: r.id,
      name: r.name,
      place: r.place,
      subsidiary: r.subsidiary.name,
      created: frDateTime(r.createdAt, ZONE),
      lastUse: r.lastUsedAt ? frDateTime(r.lastUsedAt, ZONE) : null,
      state: r.state,
    })),
  };
}

/** The link shown once, in the answer to the POST that made it (never stored, never in a URL of this app). */
function shownLink(link: EnrolLink) {
  return {
    name: link.name,
    url: new URL(`/terminal/enrol/${link.token}`, env().APP_URL).toString(),
    until: frDateTime(link.expiresAt, ZONE),
  };
}

async function back(request: Request, type: "success" | "danger", message: string) {
  const session = await getSession(request);
  pushAlert(session, type, message);
  return redirect("/settings/terminals", { headers: { "Set-Cookie": await commitSession(session) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const now = requestNow(request);
  const em = await getEm();
  const id = Number(form.get("id"));
  try {
    if (intent === "register") {
      const values = { name: String(form.get("name") ?? ""), place: String(form.get("place") ?? ""), subsidiary: String(form.get("subsidiary") ?? "") };
      try {
        const link = await registerTerminal(em, user, { name: values.name, place: values.place, subsidiaryId: Number(values.subsidiary) || null }, now);
        return { link: shownLink(link), registered: true };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const errors: Record<string, string[]> = {};
        for (const v of error.violations) (errors[v.propertyPath] ??= []).push(v.message);
        return data({ errors, values }, { status: 400 });
      }
    }
    if (intent === "new-link") return { link: shownLink(await renewEnrolLink(em, user, id, now)), registered: false };
    if (intent === "revoke") return back(request, "success", t("terminal.success.revoked", { name: (await revokeTerminal(em, user, id, now)).name }));
    if (intent === "resume") return back(request, "success", t("terminal.success.resumed", { name: (await resumeTerminal(em, user, id)).name }));
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 409)) return back(request, "danger", error.message);
    throw error;
  }
  return back(request, "danger", t("terminal.error.unknown_action"));
}

type ActionData =
  | { link: ReturnType<typeof shownLink>; registered: boolean; errors?: undefined; values?: undefined }
  | { errors: Record<string, string[]>; values: { name: string; place: string; subsidiary: string }; link?: undefined };

export default function SettingsTerminals() {
  const { terminals, subsidiaries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const confirm = /^revoke-(\d{1,9})$/.exec(new URLSearchParams(useLocation().search).get("confirm") ?? "");
  const revoking = confirm ? terminals.find((r) => r.id === Number(confirm[1]) && r.state !== "revoked") : undefined;
  const errors = answer?.errors;
  const values = answer?.values ?? { name: "", place: "", subsidiary: "" };
  return (
    <SettingsPage section={t("settings.title")} title={t("terminal.settings_title")}>
      <p className="mb-4 text-sm text-gray-700">{t("terminal.settings_intro")}</p>
      {answer?.link && (
        <div role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="enrol-link">
          {answer.registered && <p className="mb-1">{t("terminal.success.registered", { name: answer.link.name })}</p>}
          <p className="font-semibold">{t("terminal.link_title", { name: answer.link.name })}</p>
          <p className="break-all">
            <code data-testid="enrol-url">{answer.link.url}</code>
          </p>
          <p>{t("terminal.link_text", { date: answer.link.until.slice(0, 10), time: answer.link.until.slice(11) })}</p>
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          intent="revoke"
          fields={{ id: revoking.id }}
          text={t("terminal.revoke_confirm", { name: revoking.name })}
          confirmLabel={t("terminal.revoke")}
          back="/settings/terminals"
        />
      )}
      {terminals.length === 0 ? (
        <p className="mb-4 text-sm text-gray-700">{t("terminal.empty")}</p>
      ) : (
        <div className="mb-6 overflow-x-auto">
          <table className="min-w-full text-sm" data-testid="terminals">
            <thead>
              <tr className="text-left">
                {(["terminal.name", "terminal.subsidiary", "terminal.place", "terminal.created", "terminal.last_use", "terminal.state", "terminal.actions"] as const).map((k) => (
                  <th key={k} scope="col" className="pr-4">
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {terminals.map((r) => (
                <tr key={r.id} data-testid={`terminal-${r.id}`}>
                  <td className="pr-4 font-medium">
                    <Link to={`/settings/terminals/${r.id}`} className="underline">
                      {r.name}
                    </Link>
                  </td>
                  <td className="pr-4">{r.subsidiary}</td>
                  <td className="pr-4">{r.place}</td>
                  <td className="pr-4">{r.created}</td>
                  <td className="pr-4">{r.lastUse ?? t("terminal.never")}</td>
                  <td className="pr-4" data-testid="terminal-state">
                    {t(`terminal.state.${r.state}` as MessageKey)}
                  </td>
                  <td className="flex flex-wrap gap-2 py-1">
                    {r.state !== "revoked" && (
                      <>
                        {r.state === "paused" && (
                          <Form method="post">
                            <input type="hidden" name="id" value={r.id} />
                            <button type="submit" name="intent" value="resume" className="btn btn-primary" aria-label={t("terminal.resume_for", { name: r.name })}>
                              {t("terminal.resume")}
                            </button>
                          </Form>
                        )}
                        <Form method="post">
                          <input type="hidden" name="id" value={r.id} />
                          <button type="submit" name="intent" value="new-link" className="btn btn-secondary">
                            {t("terminal.new_link")}
                          </button>
                        </Form>
                        <Link to={`?confirm=revoke-${r.id}`} className="btn btn-danger" aria-label={t("terminal.revoke_for", { name: r.name })}>
                          {t("terminal.revoke")}
                        </Link>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="mb-2 text-lg font-semibold">{t("terminal.add")}</h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="register" />
        <Field id="terminal-name" label={t("terminal.name")} required errors={errors?.name}>
          <input id="terminal-name" name="name" className="field-input" maxLength={100} defaultValue={values.name} aria-invalid={errors?.name ? true : undefined} aria-describedby={errors?.name ? "terminal-name-error" : undefined} />
        </Field>
        <Field id="terminal-place" label={t("terminal.place")} errors={errors?.place}>
          <input id="terminal-place" name="place" className="field-input" maxLength={100} defaultValue={values.place} aria-invalid={errors?.place ? true : undefined} aria-describedby={errors?.place ? "terminal-place-error" : undefined} />
        </Field>
        <Field id="terminal-subsidiary" label={t("terminal.subsidiary")} required errors={errors?.subsidiary}>
          <select id="terminal-subsidiary" name="subsidiary" className="field-input" defaultValue={values.subsidiary} aria-invalid={errors?.subsidiary ? true : undefined} aria-describedby={errors?.subsidiary ? "terminal-subsidiary-error" : undefined}>
            <ChooseOption />
            {subsidiaries.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary">
          {t("terminal.register")}
        </button>
      </Form>
    </SettingsPage>
  );
}

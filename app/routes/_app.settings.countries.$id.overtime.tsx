import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { localDate } from "~/server/shared/dates.server";
import { flattenFormValue, OvertimePolicyForm, policyFormDefaults, toPolicyInput } from "~/forms/overtime-policy.server";
import { fieldErrors, settingsId } from "~/forms/settings.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { countryPolicyPage, saveCountryPolicyAs } from "~/services/overtime/policy.server";
import { PolicyForm, PolicyHistory, type FormErrors, type FormValues } from "~/ui/overtime/policy-form";
import { SettingsPage } from "~/ui/organisation/form-parts";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${t("overtime.policy.title")} · ${d?.country.name ?? ""} · ${t("app.title")}` },
];

/** Service errors of a page: unknown country 404, not management 403 (the rights table already keeps others out). */
function asResponse(error: unknown): never {
  if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
  if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
  throw error;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = settingsId(params.id);
  const today = localDate(new Date(), "Europe/Paris");
  const page = await countryPolicyPage(await getEm(), user, id, today).catch(asResponse);
  return { country: page.country, rows: page.rows, defaults: policyFormDefaults(page.inForce, today) };
}

/**
 * A refused form comes back filled: the values are flattened here, on the server, because the form helpers live in a
 * *.server module that the browser bundle does not carry (with JavaScript the page re-renders from this answer).
 */
function refused(reply: { initialValue?: unknown; error?: unknown }, status = 400) {
  const values: FormValues = reply.initialValue ? flattenFormValue(reply.initialValue) : {};
  return data({ values, error: (reply.error ?? {}) as FormErrors }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = settingsId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: OvertimePolicyForm });
  if (submission.status !== "success") return refused(submission.reply());
  let notice: string | null = null;
  try {
    ({ notice } = await saveCountryPolicyAs(await getEm(), user, id, toPolicyInput(submission.value)));
  } catch (error) {
    if (error instanceof ValidationError) return refused(submission.reply({ fieldErrors: fieldErrors(error.violations) }));
    // A row from a date in a month closed for payroll: the form comes back filled with the French message.
    if (error instanceof ConflictError) return refused(submission.reply({ formErrors: [error.message] }), 409);
    asResponse(error);
  }
  const session = await getSession(request);
  pushAlert(session, "success", t("overtime.policy.saved"));
  // Dated in a month closed for payroll: its weeks are being recomputed, the difference a rappel (decision 0118).
  if (notice) pushAlert(session, "warning", `${notice} ${t("payroll.late_change_job")}`);
  return redirect(`/settings/countries/${id}/overtime`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function CountryOvertimePolicy() {
  const { country, rows, defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const values: FormValues = reply?.values ?? defaults;
  const errors: FormErrors = reply?.error ?? {};
  return (
    <SettingsPage section={country.name} title={t("overtime.policy.title")}>
      <h2 className="mb-2 text-lg font-semibold">{t("overtime.policy.history")}</h2>
      <PolicyHistory rows={rows} />
      <h2 className="mt-6 mb-2 text-lg font-semibold">{t("overtime.policy.new")}</h2>
      <PolicyForm key={rows.length} values={values} errors={errors} formErrors={errors[""]} />
    </SettingsPage>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { addRecoveryAction, reportPageLoader } from "~/server/reports/routes.server";
import { ReportPage, reportMeta } from "~/ui/reports/page";

export const meta: MetaFunction<typeof loader> = ({ data }) => reportMeta(data as never, "recup");

/** /report/recup (spec 2 §2 "Recovery report"): GET filters, the report, its export, and the manual add-recovery. */
export const loader = ({ request }: LoaderFunctionArgs) => reportPageLoader(request, "recup");

/** `intent=add-recovery`: week, year (and force) → add-recovery; a French alert either way (Post/Redirect/Get). */
export const action = ({ request }: ActionFunctionArgs) => addRecoveryAction(request);

export default function RecoveryReportPage() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as { values: { week: string; year: string; force: boolean }; errors: Record<string, string> } | undefined;
  const year = new Date().getFullYear();
  return (
    <ReportPage page={page as never}>
      <section className="rounded-md border border-gray-200 bg-white p-3">
        <h2 className="mb-2 font-semibold">{t("report.add_recovery.title")}</h2>
        <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="add-recovery">
          <input type="hidden" name="intent" value="add-recovery" />
          <div>
            <label htmlFor="ar-week" className="field-label">{t("report.add_recovery.week")}</label>
            <input id="ar-week" name="week" type="number" min={1} max={53} required className="field-input w-24" defaultValue={failed?.values.week ?? ""} aria-invalid={failed?.errors.week ? true : undefined} aria-describedby={failed?.errors.week ? "ar-week-error" : undefined} />
            {failed?.errors.week && <p id="ar-week-error" className="field-error">{failed.errors.week}</p>}
          </div>
          <div>
            <label htmlFor="ar-year" className="field-label">{t("report.add_recovery.year")}</label>
            <input id="ar-year" name="year" type="number" min={2020} max={year + 1} required className="field-input w-28" defaultValue={failed?.values.year ?? String(year)} aria-invalid={failed?.errors.year ? true : undefined} aria-describedby={failed?.errors.year ? "ar-year-error" : undefined} />
            {failed?.errors.year && <p id="ar-year-error" className="field-error">{failed.errors.year}</p>}
          </div>
          <div className="flex items-center gap-2">
            <input id="ar-force" name="force" type="checkbox" value="true" defaultChecked={failed?.values.force ?? false} />
            <label htmlFor="ar-force">{t("report.add_recovery.force")}</label>
          </div>
          <button type="submit" className="btn btn-primary">{t("report.add_recovery.submit")}</button>
        </Form>
      </section>
    </ReportPage>
  );
}

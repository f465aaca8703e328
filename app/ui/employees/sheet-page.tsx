import { formatPercent } from "~/domain/shared/number-format";
import { t } from "~/i18n/fr";

/** The completion progress bar of a sheet (spec 1 §2; hidden for archived employees by the page). */
export function CompletionBar({ percent }: { percent: number }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="mb-1 flex justify-between text-sm">
        <label htmlFor="employee-completion" className="font-medium">
          {t("employee.completion_label")}
        </label>
        <span data-testid="completion">{t("employee.completion", { percent: formatPercent(percent) })}</span>
      </div>
      <progress id="employee-completion" max={100} value={percent} className="h-2 w-full accent-brand-700">
        {formatPercent(percent)}
      </progress>
    </div>
  );
}

/** A service's violations -> conform field errors (several messages per field are kept). */
export function violationsToFieldErrors(violations: { propertyPath: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of violations) (out[v.propertyPath || ""] ??= []).push(v.message);
  return out;
}

import { EMPLOYEE_STATES, type EmployeeState } from "~/domain/clock-state";
import { t } from "~/i18n/fr";

/**
 * Colours of the eight employee states (spec 2 "Division and agency badging"). Each badge also carries its text
 * label, so the state never rests on colour alone; light backgrounds with dark text keep the contrast high.
 */
const STATE_STYLES: Record<EmployeeState, { badge: string; dot: string }> = {
  start: { badge: "border-green-300 bg-green-50 text-green-900", dot: "bg-green-600" },
  unbadged: { badge: "border-gray-300 bg-gray-50 text-gray-800", dot: "bg-gray-500" },
  pause: { badge: "border-amber-300 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  lunch: { badge: "border-sky-300 bg-sky-50 text-sky-900", dot: "bg-sky-600" },
  end: { badge: "border-indigo-300 bg-indigo-50 text-indigo-900", dot: "bg-indigo-600" },
  leave: { badge: "border-purple-300 bg-purple-50 text-purple-900", dot: "bg-purple-600" },
  overtime: { badge: "border-orange-300 bg-orange-50 text-orange-900", dot: "bg-orange-600" },
  anomaly: { badge: "border-red-300 bg-red-50 text-red-900", dot: "bg-red-700" },
};

export function StateBadge({ state }: { state: EmployeeState }) {
  const style = STATE_STYLES[state];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${style.badge}`}
      data-state={state}
    >
      <span className={`inline-block h-2 w-2 rounded-full ${style.dot}`} aria-hidden="true" />
      {t(`badging.state.${state}`)}
    </span>
  );
}

/** The legend of the eight states. */
export function StateLegend() {
  return (
    <section aria-labelledby="badging-legend-title" className="rounded-md border border-gray-200 bg-white p-3">
      <h2 id="badging-legend-title" className="mb-2 text-sm font-semibold text-gray-900">
        {t("badging.legend")}
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="badging-legend">
        {EMPLOYEE_STATES.map((state) => (
          <li key={state}>
            <StateBadge state={state} />
          </li>
        ))}
      </ul>
    </section>
  );
}

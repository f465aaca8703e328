import { EMPLOYEE_STATES, type EmployeeState } from "~/domain/time-clock/clock-state";
import { t } from "~/i18n/fr";

/**
 * An employee's clock state (spec 2 "Division and agency badging"): a coloured badge that also carries its text
 * label, so the state never rests on colour alone; light backgrounds with dark text keep the contrast high. The
 * colours of the eight states are the `.clock-state[data-state]` rules of app/tailwind.css (one class per badge).
 */
export function StateBadge({ state }: { state: EmployeeState }) {
  return (
    <span className="clock-state" data-state={state}>
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

import { frDate } from "~/domain/shared/api-dates";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { type PlanningEvent, type PlanningKey } from "~/domain/planning/planning";
import { LEGEND_KEYS, LEGEND_LETTERS } from "~/domain/planning/rules";
import { t, type MessageKey } from "~/i18n/fr";

/**
 * The planning's badges and legend. Every badge prints its letters (LEGEND_LETTERS) and a pending one is hatched, so
 * a black-and-white print still tells them apart; colours are `.pl-<key>` in tailwind.css.
 */

export function keyLabel(key: PlanningKey): string {
  return t(`planning.key.${key}` as MessageKey);
}

/** The full text of a badge: its label, hours, half day and pending state. */
export function eventLabel(e: Pick<PlanningEvent, "name" | "state" | "namePrefix" | "nameSuffix" | "label" | "type">): string {
  let text = e.type === "holiday" && e.label ? `${keyLabel("holiday")} : ${e.label}` : keyLabel(e.name);
  if (e.type === "overtime" && e.namePrefix) text = `${text} ${formatHoursMinutes(e.namePrefix)}`;
  else if (e.namePrefix) text = `${t("planning.hours_prefix", { hours: String(e.namePrefix).replace(".", ",") })} ${text}`;
  if (e.nameSuffix) text = `${text} (${t(`planning.half.${e.nameSuffix}`)})`;
  if (e.state === "need_review") text = `${text} — ${t("planning.need_review")}`;
  return text;
}

/** One badge: letters for the eye and the printer, the full text for screen readers and as a tooltip. */
export function PlanningBadge({ event }: { event: PlanningEvent }) {
  const label = eventLabel(event);
  const half = event.nameSuffix ? ` pl-half-${event.nameSuffix}` : "";
  const pending = event.state === "need_review" ? " pl-pending" : "";
  return (
    <span className={`pl-badge pl-${event.name}${half}${pending}`} title={label} data-type={event.type}>
      <span aria-hidden="true">{LEGEND_LETTERS[event.name]}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The full legend of the spec, with the pending and half-day marks. */
export function PlanningLegend({ keys = LEGEND_KEYS }: { keys?: readonly PlanningKey[] }) {
  return (
    <section aria-labelledby="planning-legend-title" className="pl-legend rounded-md border border-gray-200 bg-white p-3">
      <h2 id="planning-legend-title" className="mb-2 text-sm font-semibold text-gray-900">
        {t("planning.legend")}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" data-testid="planning-legend">
        {keys.map((key) => (
          <li key={key} className="flex items-center gap-1">
            <span className={`pl-badge pl-${key}`} aria-hidden="true">
              {LEGEND_LETTERS[key]}
            </span>
            {keyLabel(key)}
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span className="pl-badge pl-paid_leave pl-pending" aria-hidden="true">
            {LEGEND_LETTERS.paid_leave}
          </span>
          {t("planning.legend.pending")}
        </li>
        <li className="flex items-center gap-1">
          <span className="pl-badge pl-paid_leave pl-half-morning" aria-hidden="true">
            {LEGEND_LETTERS.paid_leave}
          </span>
          {t("planning.legend.half")}
        </li>
      </ul>
    </section>
  );
}

export { frDate };

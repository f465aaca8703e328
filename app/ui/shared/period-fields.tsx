import { useRef, type ReactNode } from "react";
import { formatFrDate, type SixMonthPeriod } from "~/domain/shared/date-range";
import { t } from "~/i18n/fr";

/**
 * The two dates of every period filter (overtime calendars, planning tables, reports) and the notice of the
 * six-month rule (spec 2 §5, docs/decisions/0087). Besides `from` and `to` the form sends the period it showed
 * (`shownFrom`, `shownTo`), so the server tells which date the user changed without JavaScript; with it, a small
 * handler also sends `changed` (the date edited last). The server keeps that date and moves the other one
 * (`changedEnd` and `sixMonthPeriod` in app/domain/shared/date-range.ts). Renders two field blocks, so the form's own
 * grid or flex layout places them.
 */
export function PeriodFields({
  idPrefix,
  from,
  to,
  labels,
  required = false,
  errors = {},
  className,
}: {
  idPrefix: string;
  /** The period shown (the inputs' values and the hidden `shown*` fields); empty when none is set. */
  from: string;
  to: string;
  labels: { from: string; to: string };
  required?: boolean;
  /** Field errors under each date (the reports' French messages). */
  errors?: { from?: string | null; to?: string | null; toTestId?: string };
  /** The wrapper of each field block. */
  className?: string;
}) {
  const changed = useRef<HTMLInputElement>(null);
  const mark = (end: "from" | "to") => () => {
    if (changed.current) changed.current.value = end;
  };
  // A new period (the server moved a date, or a client navigation) redraws the inputs: a date the user typed would
  // otherwise stay on screen instead of the period shown.
  const key = `${from}|${to}`;
  return (
    <>
      <input type="hidden" name="shownFrom" value={from} />
      <input type="hidden" name="shownTo" value={to} />
      <input key={`changed-${key}`} ref={changed} type="hidden" name="changed" defaultValue="" />
      <div className={className}>
        <label htmlFor={`${idPrefix}-from`} className="field-label">
          {labels.from}
        </label>
        <input key={`from-${key}`} id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} className="field-input" required={required} onChange={mark("from")} />
        {errors.from && <p className="field-error">{errors.from}</p>}
      </div>
      <div className={className}>
        <label htmlFor={`${idPrefix}-to`} className="field-label">
          {labels.to}
        </label>
        <input key={`to-${key}`} id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} className="field-input" required={required} onChange={mark("to")} />
        {errors.to && (
          <p className="field-error" data-testid={errors.toTestId}>
            {errors.to}
          </p>
        )}
      </div>
    </>
  );
}

/** The notice of a period the six-month rule moved: which date moved, and the period now shown. */
export function PeriodMovedNotice({ period, testId = "period-moved" }: { period: SixMonthPeriod; testId?: string }): ReactNode {
  if (!period.moved) return null;
  const words = { from: formatFrDate(period.from), to: formatFrDate(period.to) };
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid={testId}>
      {t(period.moved === "to" ? "period.moved_end" : "period.moved_start", words)}
    </p>
  );
}

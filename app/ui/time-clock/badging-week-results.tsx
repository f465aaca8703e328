import { formatFrDate } from "~/domain/shared/date-range";
import { overtimeClass } from "~/domain/overtime/day";
import { formatHoursMinutes, formatSignedHHhmm } from "~/domain/shared/number-format";
import { t } from "~/i18n/fr";
import type { LogView, WeekSearchResult } from "~/services/time-clock/views.server";
import { EntriesForm, formRows, type EntriesFormValues, type FieldErrors } from "./badging-entries-form";
import { WideTable } from "~/ui/shared/wide-table";

/** A day's entries as "08:58 Début · 12:01 Déjeuner ..." (a list, for screen readers). */
export function EntriesList({ logs, testId }: { logs: Pick<LogView, "id" | "hhmm" | "type" | "nextDay">[]; testId?: string }) {
  if (logs.length === 0) return <p className="text-sm text-gray-600">{t("badging.edit.no_entries")}</p>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-gray-800" data-testid={testId}>
      {logs.map((l) => (
        <li key={l.id}>
          <span className="font-mono">{l.hhmm}</span>
          {l.nextDay && ` ${t("time_clock.next_day")}`} {t(`time_clock.type.${l.type}`)}
        </li>
      ))}
    </ul>
  );
}

const OVERTIME_STYLE = { overtime: "text-green-800", undertime: "text-red-700", none: "text-gray-600" } as const;

/** A failed correction comes back for one day: `${employeeId}:${date}`. */
export interface SuggestFailure {
  key: string;
  values: EntriesFormValues;
  errors: FieldErrors;
}

/**
 * Search results grouped by employee, ISO week and day: entries, working time "H h mm", overtime "±HHhmm" (shown
 * beyond `overtimeThreshold` seconds: 60 in day views, 0 in the agency and division searches), and a correction
 * form per day that posts `intent=suggest` (works without JavaScript).
 */
export function WeekSearchResults({
  results,
  overtimeThreshold,
  failure,
  corrected,
}: {
  results: WeekSearchResult[];
  overtimeThreshold: number;
  failure?: SuggestFailure;
  /** Ids of the days whose entries were corrected (a validated suggestion), marked as such. */
  corrected?: readonly number[];
}) {
  const correctedIds = new Set(corrected ?? []);
  return (
    <div className="space-y-6" data-testid="search-results">
      {results.map((employee) => (
        <section key={employee.employeeId} aria-labelledby={`result-${employee.employeeId}`} className="space-y-3">
          <h3 id={`result-${employee.employeeId}`} className="text-lg font-semibold text-gray-900">
            {employee.employeeFullname}
          </h3>
          {employee.weeks.map((week) => (
            <WideTable
              key={`${week.year}-${week.number}`}
              label={`${employee.employeeFullname}, ${t("badging.week", { week: week.number })}`}
              caption={t("badging.week", { week: week.number })}
            >
                <thead>
                  <tr>
                    <th scope="col">{t("badging.col_date")}</th>
                    <th scope="col">{t("badging.col_entries")}</th>
                    <th scope="col">{t("badging.col_worked")}</th>
                    <th scope="col">{t("badging.col_overtime")}</th>
                    <th scope="col">{t("badging.col_actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {week.timeClocks.map((day) => {
                    const cls = day.anomaly ? "none" : overtimeClass(day.overtimeSeconds, overtimeThreshold);
                    const key = `${day.employeeId}:${day.date}`;
                    const failed = failure?.key === key ? failure : undefined;
                    const label = t("badging.suggest_for", { date: formatFrDate(day.date), name: employee.employeeFullname });
                    return (
                      <tr key={day.id} data-testid={`day-${day.date}`}>
                        <th scope="row">
                          {formatFrDate(day.date)}
                        </th>
                        <td>
                          <EntriesList logs={day.logs} />
                          {day.anomaly && <p className="mt-1 text-xs font-medium text-red-700">{t("badging.anomaly")}</p>}
                          {correctedIds.has(day.id) && (
                            <p className="mt-1 text-xs font-medium text-sky-800" data-testid="corrected-day">
                              {t("time_clock.corrected")}
                            </p>
                          )}
                        </td>
                        <td className="font-mono whitespace-nowrap" data-testid="worked">
                          {formatHoursMinutes(day.workingTimeSeconds)}
                        </td>
                        <td className={`font-mono whitespace-nowrap ${OVERTIME_STYLE[cls]}`} data-testid="overtime">
                          {cls === "none" ? "" : formatSignedHHhmm(day.overtimeSeconds)}
                        </td>
                        <td>
                          <details open={!!failed}>
                            <summary className="btn btn-secondary px-2 py-1 text-xs" aria-label={label}>
                              {t("badging.suggest")}
                            </summary>
                            <EntriesForm
                              idPrefix={`fix-${day.id}`}
                              intent="suggest"
                              hidden={{ employeeId: day.employeeId, date: day.date }}
                              values={
                                failed?.values ?? {
                                  message: "",
                                  entries: formRows(day.logs.map((l) => ({ time: l.hhmm, type: l.type }))),
                                }
                              }
                              errors={failed?.errors}
                              submitLabel={t("badging.suggest.submit")}
                            />
                          </details>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
            </WideTable>
          ))}
        </section>
      ))}
    </div>
  );
}

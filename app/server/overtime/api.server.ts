import { dayToUnixSeconds, fromBodyDate, instantToUnixSeconds, toUnixSeconds } from "~/domain/shared/api-dates";
import type { DateRange } from "~/domain/shared/date-range";
import { periodFits } from "~/domain/overtime/screens";
import { t } from "~/i18n/fr";
import { apiSearchDate } from "~/forms/dates.server";
import { AppError, ValidationError } from "~/services/shared/errors";
import type { DeductionView, ExplainedWeek } from "~/services/overtime/views.server";
import type { CitedSource } from "~/domain/law/sources";
import { idFromIri } from "~/domain/shared/iri";

/** Reading and shaping of the overtime calls (spec 2 §7, DESIGN §4), shared by their resource routes. */

/** A period of a query ('YYYYMMDD') of at most 6 months: 400 when a date is malformed, 422 when too long. */
export function queryPeriod(url: URL): DateRange {
  const from = apiSearchDate(url.searchParams.get("start"));
  const to = apiSearchDate(url.searchParams.get("end"));
  if (!from || !to) throw new AppError(400, t("overtime_screens.error.period"));
  return checkedPeriod({ from, to });
}

/** A period of a JSON body (unix seconds or 'YYYY-MM-DD'): 422 with violations on start/end. */
export function bodyPeriod(body: Record<string, unknown>): DateRange {
  const from = fromBodyDate(body.start);
  const to = fromBodyDate(body.end);
  const violations = [
    ...(from ? [] : [{ propertyPath: "start", message: t("validation.date_invalid") }]),
    ...(to ? [] : [{ propertyPath: "end", message: t("validation.date_invalid") }]),
  ];
  if (violations.length) throw new ValidationError(violations);
  return checkedPeriod({ from: from!, to: to! });
}

function checkedPeriod(range: DateRange): DateRange {
  if (range.from < "1950-01-01" || !periodFits(range)) {
    throw new ValidationError([{ propertyPath: "end", message: t("overtime_screens.error.period") }], t("overtime_screens.error.period"));
  }
  return range;
}

/** The employee of a body: a number, a numeric string or an IRI; 422 otherwise. */
export function bodyEmployeeId(body: Record<string, unknown>): number {
  const id = idFromIri(body.employeeId, "Employee");
  if (id === null || id > 2_147_483_647) throw new ValidationError([{ propertyPath: "employeeId", message: t("overtime_screens.error.employee") }]);
  return id;
}

/** A deduction as the spec's client reads it: {date (unix time), deduction}; seconds, plus the day as YYYY-MM-DD. */
export function deductionToApi(d: DeductionView) {
  return { "@type": "Deduction", id: d.id, date: toUnixSeconds(d.date), deduction: d.seconds, createdBy: d.by };
}

/** An item whose optional calendar day goes out as unix seconds. */
function withUnixDate<T extends { date?: string }>(item: T): Omit<T, "date"> & { date?: number | null } {
  const { date, ...rest } = item;
  return date === undefined ? rest : { ...rest, date: dayToUnixSeconds(date) };
}

/** The sources of a line, their reading dates as unix seconds. */
function sourcesToApi(sources: readonly CitedSource[]) {
  return sources.map((s) => ({ ...s, readOn: dayToUnixSeconds(s.readOn) }));
}

/** An explained week for the API: the numbers of the engine, the French lines and the legal checks. */
export function explainedToApi(employeeId: number, w: ExplainedWeek) {
  return {
    "@type": "OvertimeWeek",
    employeeId,
    year: w.year,
    week: w.week,
    // Dates as unix seconds, like every date of a body (spec 2 §7, decision 0088).
    monday: toUnixSeconds(w.monday),
    source: w.source,
    provisional: w.provisional,
    computedAt: instantToUnixSeconds(w.computedAt),
    timeAccount: w.timeAccountSeconds,
    totals: w.totals,
    steps: w.steps.map(withUnixDate),
    anomalies: w.anomalies.map(withUnixDate),
    legalChecks: w.checks.map((c) => {
      const { dueBy, ...rest } = withUnixDate(c);
      return dueBy === undefined ? rest : { ...rest, dueBy: dayToUnixSeconds(dueBy) };
    }),
    explanation: {
      ...w.explanation,
      // The reading date of each source as unix seconds too (decision 0088).
      daySources: w.explanation.daySources.map(sourcesToApi),
      stepSources: w.explanation.stepSources.map(sourcesToApi),
      warningSources: w.explanation.warningSources.map(sourcesToApi),
    },
  };
}

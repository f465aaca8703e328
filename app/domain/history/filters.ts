/**
 * The "Historique" tab's GET filters (issue 32 §3, decision 0107): a kind (one or all), a period typed DD/MM/YYYY
 * (either end optional), a page. Pure: the query string in, the filters and French field errors out. A bad date
 * is reported and left out of the filter (the rest still applies), the form coming back with what was typed.
 */
import { HISTORY_KINDS, type HistoryKind } from "~/domain/history/history";
import { parseDate } from "~/domain/employees/import";
import { askedPage } from "~/domain/shared/paging";
import { t } from "~/i18n/fr";

export const HISTORY_PAGE_SIZE = 50;

export interface HistoryFilters {
  kind: HistoryKind | null;
  /** First and last day (ISO), in the subsidiary's time zone. */
  from: string | null;
  to: string | null;
}

export interface HistoryForm {
  filters: HistoryFilters;
  page: number;
  /** What was typed, to fill the form again. */
  typed: { kind: string; from: string; to: string };
  errors: { from?: string; to?: string };
}

/** The filters as query parameters (for the pages' links and the export link); empty ones left out. */
export function historyQuery(typed: HistoryForm["typed"]): Record<string, string> {
  const query: Record<string, string> = {};
  if (typed.kind) query.kind = typed.kind;
  if (typed.from) query.from = typed.from;
  if (typed.to) query.to = typed.to;
  return query;
}

export function parseHistoryForm(params: URLSearchParams): HistoryForm {
  const typed = { kind: (params.get("kind") ?? "").trim(), from: (params.get("from") ?? "").trim(), to: (params.get("to") ?? "").trim() };
  const kind = (HISTORY_KINDS as readonly string[]).includes(typed.kind) ? (typed.kind as HistoryKind) : null;
  if (!kind) typed.kind = "";
  const errors: HistoryForm["errors"] = {};
  const day = (end: "from" | "to") => {
    const value = parseDate(typed[end]);
    if (value === undefined) errors[end] = t("history.error.date");
    return value ?? null;
  };
  let from = day("from");
  let to = day("to");
  if (from && to && to < from) {
    errors.to = t("history.error.range");
    from = null;
    to = null;
  }
  return { filters: { kind, from, to }, page: askedPage(params.get("page") ?? undefined), typed, errors };
}

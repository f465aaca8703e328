import { Form } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";
import { Pager } from "~/ui/shared/pager";
import { PeriodFields, PeriodMovedNotice } from "~/ui/shared/period-fields";
import { PlanningLegend } from "./legend";
import { PlanningTableView, type PlanningTableData } from "./table";

/**
 * The agency, division and team planning pages: the filter panel (a GET form: dates, plus division and team on the
 * agency view, team on the division view when its division has teams), the table and the legend.
 */

export interface PlanningTablePageData {
  view: "agency" | "division" | "team";
  range: { from: string; to: string };
  clamped: boolean;
  /** The date the six-month rule moved (decision 0087). */
  moved: "from" | "to" | null;
  filters: { subsidiaryId: number | null; divisionId: number | null; teamId: number | null };
  options: {
    subsidiaries: { id: number; name: string }[];
    divisions: { id: number; name: string }[];
    teams: { id: number; name: string; divisionId: number }[];
  };
  table: PlanningTableData & { total: number; page: number; pages: number; first: number; last: number };
}

/** The filters a page link keeps (the GET form's fields as the server understood them). */
function pagerQuery(page: PlanningTablePageData): Record<string, string> {
  const q: Record<string, string> = { from: page.range.from, to: page.range.to };
  if (page.options.subsidiaries.length > 0 && page.filters.subsidiaryId !== null) q.subsidiary = String(page.filters.subsidiaryId);
  if (page.view === "agency" && page.filters.divisionId !== null) q.division = String(page.filters.divisionId);
  if (page.view !== "team" && page.filters.teamId !== null) q.team = String(page.filters.teamId);
  return q;
}

export function PlanningTablePage({ page, title }: { page: PlanningTablePageData; title: string }) {
  const { options, filters } = page;
  const showDivision = page.view === "agency";
  const teamChoices = page.view === "agency" && filters.divisionId !== null ? options.teams.filter((tm) => tm.divisionId === filters.divisionId) : options.teams;
  const rows = page.table.groups.reduce((n, g) => n + g.rows.length, 0);
  const { total, first, last, pages } = page.table;
  const base = `/planning/${page.view}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Form method="get" className="pl-filters flex flex-wrap items-end gap-3 rounded-md border border-gray-200 bg-white p-3" data-testid="planning-filters">
        {options.subsidiaries.length > 0 && (
          <div>
            <label htmlFor="planning-subsidiary" className="field-label">
              {t("planning.filter.subsidiary")}
            </label>
            <select id="planning-subsidiary" name="subsidiary" defaultValue={filters.subsidiaryId ?? ""} className="field-input">
              {options.subsidiaries.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {/* The date the user changed stays put, the other moves past 6 months (spec 2 §9, decision 0087). */}
        <PeriodFields
          idPrefix="planning"
          from={page.range.from}
          to={page.range.to}
          labels={{ from: t("planning.filter.from"), to: t("planning.filter.to") }}
        />
        {page.view === "agency" && (
          <div>
            <label htmlFor="planning-division" className="field-label">
              {t("planning.filter.division")}
            </label>
            <select id="planning-division" name="division" defaultValue={filters.divisionId ?? ""} className="field-input">
              <option value="">{t("planning.filter.all_divisions")}</option>
              {options.divisions.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {page.view !== "team" && teamChoices.length > 0 && (
          <div>
            <label htmlFor="planning-team" className="field-label">
              {t("planning.filter.team")}
            </label>
            <select id="planning-team" name="team" defaultValue={filters.teamId ?? ""} className="field-input">
              <option value="">{t("planning.filter.all_teams")}</option>
              {teamChoices.map((tm) => (
                <option key={tm.id} value={tm.id}>
                  {tm.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="btn btn-primary">
          {t("planning.filter.search")}
        </button>
      </Form>
      <PeriodMovedNotice period={{ ...page.range, moved: page.moved }} testId="planning-clamped" />
      {rows === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700">{t("planning.table.empty")}</p>
      ) : (
        <>
          <p className="text-sm text-gray-700" data-testid="planning-range">
            {t(pages > 1 ? "planning.table.range_more" : "planning.table.range", { first, last, total })}
          </p>
          <PlanningTableView
            label={t("planning.table", { from: frDate(page.range.from), to: frDate(page.range.to) })}
            table={page.table}
            showDivision={showDivision}
          />
          <Pager base={base} query={pagerQuery(page)} page={page.table.page} pages={pages} label={t("planning.table.pages")} />
        </>
      )}
      <PlanningLegend />
    </div>
  );
}

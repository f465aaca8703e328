import { Form } from "@remix-run/react";
import { useLinkDelegation } from "~/ui/shared/links";
import { formatFrDate } from "~/domain/shared/date-range";
import { t } from "~/i18n/fr";
import type { CalendarScreen as CalendarPage, CalendarScreenRow as CalendarRow } from "~/server/overtime/routes.server";
import { Pager } from "~/ui/shared/pager";
import { SourceLinks } from "~/ui/law/sources";
import { PeriodFields, PeriodMovedNotice } from "~/ui/shared/period-fields";
import { WideTable } from "~/ui/shared/wide-table";

/**
 * The weekly calendar of the team, division and subsidiary overtime screens (spec 2): filters as a GET form, a
 * header of months and ISO weeks, one row per employee with the week's overtime in whole hours above 0. A name links
 * to the employee's overtime page (one's own for the viewer); a cell links to that week explained; a week with a
 * legal check carries a ⚠ mark with its text (never colour alone).
 */

function employeeHref(row: CalendarRow, week?: { year: number; week: number }): string {
  const base = row.own ? "/overtime/me" : `/overtime/employee/${row.id}`;
  return week ? `${base}?year=${week.year}&week=${week.week}#explication` : base;
}

/** The filters a page link keeps (as the server understood them). */
function pagerQuery(page: CalendarPage): Record<string, string> {
  const q: Record<string, string> = { from: page.range.from, to: page.range.to };
  if (page.view === "subsidiary" && page.subsidiaryId !== null) q.subsidiary = String(page.subsidiaryId);
  if (page.divisionId !== null && page.view === "subsidiary") q.division = String(page.divisionId);
  if (page.teamId !== null && page.view !== "team") q.team = String(page.teamId);
  return q;
}

function Filters({ page }: { page: CalendarPage }) {
  // The server sends the teams of the division asked only (calendarScreen).
  const teams = page.options.teams;
  return (
    <Form method="get" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="overtime-filters">
      {/* The date the user changed stays put, the other moves past 6 months (spec 2 §5, decision 0087). */}
      <PeriodFields
        idPrefix="ot"
        from={page.range.from}
        to={page.range.to}
        labels={{ from: t("overtime_screens.filter.from"), to: t("overtime_screens.filter.to") }}
        required
      />
      {page.view === "subsidiary" && page.options.subsidiaries.length > 1 && (
        <div>
          <label htmlFor="ot-subsidiary" className="field-label">{t("overtime_screens.filter.subsidiary")}</label>
          <select id="ot-subsidiary" name="subsidiary" defaultValue={page.subsidiaryId ?? ""} className="field-input">
            {page.options.subsidiaries.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
        </div>
      )}
      {page.view === "subsidiary" && (
        <div>
          <label htmlFor="ot-division" className="field-label">{t("overtime_screens.filter.division")}</label>
          <select id="ot-division" name="division" defaultValue={page.divisionId ?? ""} className="field-input">
            <option value="">{t("overtime_screens.filter.all")}</option>
            {page.options.divisions.map((d) => (
              <option key={d.id} value={d.id}>{d.name}</option>
            ))}
          </select>
        </div>
      )}
      {page.view !== "team" && teams.length > 0 && (
        <div>
          <label htmlFor="ot-team" className="field-label">{t("overtime_screens.filter.team")}</label>
          <select id="ot-team" name="team" defaultValue={page.teamId ?? ""} className="field-input">
            <option value="">{t("overtime_screens.filter.all")}</option>
            {teams.map((tm) => (
              <option key={tm.id} value={tm.id}>{tm.name}</option>
            ))}
          </select>
        </div>
      )}
      <div className="flex items-end">
        <button type="submit" className="btn btn-primary" data-testid="overtime-filter-submit">{t("overtime_screens.filter.submit")}</button>
      </div>
      <p className="text-sm text-gray-600 sm:col-span-2 lg:col-span-4">{t("overtime_screens.filter.period_hint")}</p>
    </Form>
  );
}

/**
 * The table. Its look is the `.ot-cal` rules of tailwind.css (centred, unwrapped cells), not classes repeated on
 * each of the 25 × 27 cells; an empty week is an empty cell (docs/decisions/0056).
 */
function Calendar({ page }: { page: CalendarPage }) {
  const caption = t("overtime_screens.calendar.caption", { from: formatFrDate(page.range.from), to: formatFrDate(page.range.to) });
  return (
    <WideTable label={t("overtime_screens.calendar.label")} testId="overtime-calendar" className="ot-cal">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>{t("overtime_screens.calendar.employee")}</th>
          {page.months.map((m) => (
            <th key={m.label} scope="colgroup" colSpan={m.span}>{m.label}</th>
          ))}
        </tr>
        <tr>
          {page.weeks.map((w) => {
            // The running week is marked "en cours": its cells count the days up to today (decision 0071).
            const running = page.runningWeek === `${w.year}-W${String(w.week).padStart(2, "0")}`;
            return (
              <th key={`${w.year}-${w.week}`} scope="col" data-running={running ? "true" : undefined}
                title={t("overtime_screens.calendar.week_title", { week: w.week, year: w.year, monday: formatFrDate(w.monday) })}>
                {t("overtime_screens.calendar.week", { week: w.week })}
                {running && <span className="block text-xs font-normal">{t("figure.running")}</span>}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {page.rows.map((row) => {
          // Plain links (the screen's one click handler navigates, docs/decisions/0033 §6): no <Link> per cell.
          const cells: (CalendarRow["cells"][number] | undefined)[] = new Array(page.weeks.length);
          for (const c of row.cells) cells[c[0]] = c;
          return (
            <tr key={row.id}>
              <th scope="row">
                <a href={employeeHref(row)} className="btn-link">{row.name}</a>
                {row.own && <span className="ml-1 text-xs text-gray-600">{t("overtime_screens.calendar.me")}</span>}
              </th>
              {page.weeks.map((w, i) => {
                const c = cells[i];
                if (!c) return <td key={i} />;
                const [, hours, checks] = c;
                return (
                  <td key={i}>
                    <a title={checks.length ? checks.join(" ") : t("overtime_screens.calendar.cell_title", { hours: hours ?? 0, week: w.week })}
                      href={employeeHref(row, w)}>
                      {hours}
                      {checks.length > 0 && (
                        <span className="ot-warn">
                          <span aria-hidden="true">⚠</span>
                          <span className="sr-only">{t("overtime_screens.check.mark")} : {checks.join(" ")}</span>
                        </span>
                      )}
                    </a>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </WideTable>
  );
}

/** The list of the legal checks of the rows shown, in words (the ⚠ of a cell says it in short). */
function ChecksList({ page }: { page: CalendarPage }) {
  const sourceOf = new Map(page.checkSources.map((s) => [s.id as string, s]));
  const items = page.rows.flatMap((row) =>
    row.cells.flatMap(([index, , checks, ids]) => {
      const cell = page.weeks[index]!;
      return checks.map((text, i) => {
        // The article linked beside the text (decision 0138): its words leave the sentence.
        const source = sourceOf.get(ids?.[i] ?? "");
        const suffix = source ? ` (${source.article})` : "";
        const words = suffix && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
        return { key: `${row.id}-${cell.year}-${cell.week}-${i}`, row, cell, text: words, sources: source ? [source] : [] };
      });
    }),
  );
  return (
    <section aria-labelledby="ot-checks" className="space-y-2" data-testid="overtime-checks">
      <h2 id="ot-checks" className="text-lg font-semibold">{t("overtime_screens.calendar.checks")}</h2>
      <p className="text-sm text-gray-700">{t("overtime_screens.check.inform")}</p>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">{t("overtime_screens.calendar.checks_none")}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {items.map((i) => (
            <li key={i.key}>
              <a href={employeeHref(i.row, i.cell)} className="btn-link">{i.row.name}</a> — {i.text}
              <SourceLinks sources={i.sources} />
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && page.checkSources.length > 0 && (
        // Each article named above, linked once to its official text (decision 0125).
        <p className="text-sm text-gray-700" data-testid="overtime-check-sources">
          {t("overtime_screens.calendar.check_sources")}
          <SourceLinks sources={page.checkSources} />
        </p>
      )}
    </section>
  );
}

export function OvertimeCalendarScreen({ page, title }: { page: CalendarPage; title: string }) {
  const onLinkClick = useLinkDelegation();
  return (
    <div className="space-y-6" onClick={onLinkClick}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {page.noScope ? (
        <p className="text-gray-700">{t(page.noScope === "no_team" ? "overtime_screens.no_team" : "overtime_screens.no_division")}</p>
      ) : (
        <>
          <Filters page={page} />
          <PeriodMovedNotice period={{ ...page.range, moved: page.moved }} />
          {page.rows.length === 0 ? (
            <p className="text-gray-700" data-testid="overtime-empty">{t("error.no_employee_in_search")}</p>
          ) : (
            <>
              <p className="text-sm text-gray-700">{t("overtime_screens.calendar.legend")}</p>
              <p className="text-sm text-gray-700" data-testid="overtime-range">
                {t(page.pages > 1 ? "overtime_screens.calendar.range_more" : "overtime_screens.calendar.range", { first: page.first, last: page.last, total: page.total })}
              </p>
              <Calendar page={page} />
              <Pager base={`/overtime/${page.view}`} query={pagerQuery(page)} page={page.page} pages={page.pages} label={t("overtime_screens.calendar.pages")} />
              <ChecksList page={page} />
            </>
          )}
        </>
      )}
    </div>
  );
}

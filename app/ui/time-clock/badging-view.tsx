import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { formatFrDate } from "~/domain/shared/date-range";
import { t } from "~/i18n/fr";
import type { BadgingPage, RecapEmployee, RecapTeam } from "~/services/time-clock/views.server";
import { StateBadge, StateLegend } from "./badging-legend";
import { EntriesList, WeekSearchResults, type SuggestFailure } from "./badging-week-results";
import { useLinkDelegation } from "~/ui/shared/links";
import { Card } from "~/ui/shared/modal";
import { WideTable } from "~/ui/shared/wide-table";

/** Today's employees of one group: name, state badge (colour and text), entries. */
function EmployeesTable({ employees, caption }: { employees: RecapEmployee[]; caption: string }) {
  return (
    <WideTable label={caption}>
        <thead>
          <tr>
            <th scope="col">{t("badging.search.employee")}</th>
            <th scope="col">{t("badging.legend")}</th>
            <th scope="col">{t("badging.col_entries")}</th>
          </tr>
        </thead>
        <tbody>
          {employees.map((e) => (
            <tr key={e.id} data-testid={`today-${e.id}`}>
              <th scope="row">
                {e.fullname}
              </th>
              <td>
                <StateBadge state={e.state} />
              </td>
              <td>
                {e.entries.length ? <EntriesList logs={e.entries} /> : <span className="text-gray-600">{t("badging.no_entries_today")}</span>}
              </td>
            </tr>
          ))}
        </tbody>
    </WideTable>
  );
}

type AccordionTeam = RecapTeam & { empty?: boolean; employeeCount?: number; loaded?: boolean };

/**
 * A team of the accordion: a <details> (opens without JavaScript) with its employees or its empty state. A team
 * whose employees are not loaded (division view, docs/decisions/0067) holds a plain link that loads them (`href`);
 * with JavaScript, opening it follows that link at once.
 */
function TeamDetails({ team, href }: { team: AccordionTeam; href?: string }) {
  const navigate = useNavigate();
  const name = team.name ?? t("badging.no_team");
  const count = team.employeeCount ?? team.employees.length;
  const pending = team.loaded === false && count > 0;
  return (
    <details
      className="rounded-md border border-gray-200 bg-white"
      open={team.loaded && href !== undefined ? true : undefined}
      id={href !== undefined ? `team-${team.id ?? "none"}` : undefined}
      data-testid={`team-${team.id ?? "none"}`}
      onToggle={pending && href ? (event) => event.currentTarget.open && navigate(href, { preventScrollReset: true }) : undefined}
    >
      <summary className="cursor-pointer px-3 py-2 font-medium text-gray-900">
        {name} <span className="text-sm font-normal text-gray-600">({t("badging.employees_count", { count })})</span>
      </summary>
      <div className="px-3 pb-3">
        {count === 0 ? (
          <p className="text-sm text-gray-700">{t("error.no_employee_in_team")}</p>
        ) : pending && href ? (
          <a href={href} className="btn-link text-sm">{t("badging.load_team", { name })}</a>
        ) : (
          <EmployeesTable employees={team.employees} caption={name} />
        )}
      </div>
    </details>
  );
}

function TeamsAccordion({ teams, hrefOf }: { teams: AccordionTeam[]; hrefOf?: (teamId: number | null) => string }) {
  const named = teams.filter((team) => team.id !== null);
  const onLinkClick = useLinkDelegation();
  return (
    <div className="space-y-2" onClick={hrefOf ? onLinkClick : undefined}>
      {named.length === 0 && <p className="text-sm text-gray-700">{t("error.no_team_in_division")}</p>}
      {teams.map((team) => (
        <TeamDetails key={team.id ?? "none"} team={team} href={hrefOf?.(team.id)} />
      ))}
    </div>
  );
}

/** The division view's link that loads one team (0: the employees without a team), the search kept. */
function divisionHref(page: BadgingPage, teamId: number | null): string {
  const params = new URLSearchParams();
  const f = page.filters;
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.teamId !== null && f.teamId !== undefined) params.set("team", String(f.teamId));
  if (f.name) params.set("name", f.name);
  params.set("open", String(teamId ?? 0));
  return `/time-clock/division-badging?${params.toString()}#team-${teamId ?? "none"}`;
}

function agencyHref(page: BadgingPage, openId: number | null): string {
  const params = new URLSearchParams();
  if (page.subsidiaryId !== null && page.subsidiaries.length > 0) params.set("subsidiary", String(page.subsidiaryId));
  if (openId !== null) params.set("open", String(openId));
  const q = params.toString();
  return `/time-clock/agency-badging${q ? `?${q}` : ""}${openId !== null ? `#division-${openId}` : ""}`;
}

/** Today's recap of the agency: divisions -> teams -> employees; a division's teams load through a plain link. */
function AgencyAccordion({ page }: { page: BadgingPage }) {
  const navigate = useNavigate();
  if (page.divisions.length === 0) return <p className="text-sm text-gray-700">{t("error.no_division_in_subsidiary")}</p>;
  return (
    <div className="space-y-2">
      {page.divisions.map((d) => (
        <details
          key={d.id}
          id={`division-${d.id}`}
          className="rounded-md border border-gray-200 bg-gray-50"
          open={d.teams !== null}
          data-testid={`division-${d.id}`}
          // With JavaScript, opening a division loads its teams at once (without, the link inside does it).
          onToggle={(event) => {
            if (d.teams === null && event.currentTarget.open) navigate(agencyHref(page, d.id), { preventScrollReset: true });
          }}
        >
          <summary className="cursor-pointer px-3 py-2 font-semibold text-gray-900">
            {d.name} <span className="text-sm font-normal text-gray-600">({t("badging.employees_count", { count: d.employeeCount })})</span>
          </summary>
          <div className="space-y-2 px-3 pb-3">
            {d.teams === null ? (
              <Link to={agencyHref(page, d.id)} className="btn-link text-sm">
                {t("badging.load_division", { name: d.name })}
              </Link>
            ) : (
              <TeamsAccordion teams={d.teams} />
            )}
          </div>
        </details>
      ))}
    </div>
  );
}

/**
 * The custom search (GET). With JavaScript the button stays disabled while every filter is empty or a search is
 * loading; without it the server answers the hint when no filter is given.
 */
function SearchForm({ page }: { page: BadgingPage }) {
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  const f = page.filters;
  const [empty, setEmpty] = useState(!(f.from || f.to || f.name || f.divisionId || f.teamId));
  useEffect(() => setHydrated(true), []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    setEmpty(!["from", "to", "name", "division", "team"].some((k) => String(data.get(k) ?? "").trim() !== ""));
  };
  const disabled = hydrated && (empty || navigation.state === "loading");
  const id = (name: string) => `search-${name}`;
  return (
    <Form method="get" onChange={onChange} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="search-form">
      {page.view === "agency" && page.subsidiaryId !== null && page.subsidiaries.length > 0 && (
        <input type="hidden" name="subsidiary" value={page.subsidiaryId} />
      )}
      <div>
        <label htmlFor={id("from")} className="field-label">{t("badging.search.from")}</label>
        <input id={id("from")} name="from" type="date" defaultValue={f.from ?? ""} className="field-input" />
      </div>
      <div>
        <label htmlFor={id("to")} className="field-label">{t("badging.search.to")}</label>
        <input id={id("to")} name="to" type="date" defaultValue={f.to ?? ""} className="field-input" />
      </div>
      {page.view === "agency" && (
        <div>
          <label htmlFor={id("division")} className="field-label">{t("badging.search.division")}</label>
          <select id={id("division")} name="division" defaultValue={f.divisionId ?? ""} className="field-input">
            <option value="">{t("badging.search.all")}</option>
            {page.options.divisions.map((d) => (
              <option key={d.id} value={d.id}>{d.name}</option>
            ))}
          </select>
        </div>
      )}
      {page.view !== "team" && page.options.teams.length > 0 && (
        <div>
          <label htmlFor={id("team")} className="field-label">{t("badging.search.team")}</label>
          <select id={id("team")} name="team" defaultValue={f.teamId ?? ""} className="field-input">
            <option value="">{t("badging.search.all")}</option>
            {page.options.teams.map((team) => (
              <option key={team.id} value={team.id}>{team.name}</option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={id("name")} className="field-label">{t("badging.search.employee")}</label>
        <input id={id("name")} name="name" type="search" defaultValue={f.name ?? ""} className="field-input" autoComplete="off" />
      </div>
      <div className="flex items-end">
        <button type="submit" className="btn btn-primary" disabled={disabled} data-testid="search-submit">
          {t("badging.search.submit")}
        </button>
      </div>
    </Form>
  );
}

/** The body shared by the team, division and agency badging screens. */
export function BadgingViewPage({ page, title, failure }: { page: BadgingPage & { corrected?: number[] }; title: string; failure?: SuggestFailure }) {
  const overtimeThreshold = page.view === "team" ? 60 : 0;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {page.view === "agency" && page.subsidiaries.length > 0 && (
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="subsidiary" className="field-label">{t("badging.subsidiary")}</label>
            <select id="subsidiary" name="subsidiary" defaultValue={page.subsidiaryId ?? ""} className="field-input">
              {page.subsidiaries.map((s) => (
                <option key={s.id} value={s.id}>{s.name}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary">{t("badging.show")}</button>
        </Form>
      )}
      <Card title={t("badging.today", { date: formatFrDate(page.today) })}>
        <div className="space-y-3">
          <StateLegend />
          {page.view === "agency" ? (
            <AgencyAccordion page={page} />
          ) : page.view === "division" ? (
            <TeamsAccordion teams={page.teams} hrefOf={(id) => divisionHref(page, id)} />
          ) : page.teams[0] && page.teams[0].employees.length > 0 ? (
            <EmployeesTable employees={page.teams[0].employees} caption={page.teams[0].name ?? ""} />
          ) : (
            <p className="text-sm text-gray-700">{t("error.no_employee_in_team")}</p>
          )}
        </div>
      </Card>
      <Card title={t("badging.search.title")}>
        <SearchForm page={page} />
        <div className="mt-4" aria-live="polite">
          {!page.searched ? (
            <p className="text-sm text-gray-700" data-testid="filters-hint">{t("filters_search")}</p>
          ) : (
            <>
              {page.range?.clamped && (
                <p className="mb-3 text-sm text-amber-900">
                  {t("badging.search.clamped", { from: formatFrDate(page.range.from), to: formatFrDate(page.range.to) })}
                </p>
              )}
              {page.truncated && (
                <p className="mb-3 text-sm text-amber-900">{t("badging.search.truncated", { count: page.searchLimit })}</p>
              )}
              {page.results.length === 0 ? (
                <p className="text-sm text-gray-700" data-testid="empty-search">{t("label.empty_matching_search")}</p>
              ) : (
                <WeekSearchResults results={page.results} overtimeThreshold={overtimeThreshold} failure={failure} corrected={page.corrected} />
              )}
            </>
          )}
        </div>
      </Card>
    </div>
  );
}

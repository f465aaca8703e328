import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { frDate } from "~/domain/shared/api-dates";
import { PLANNING_FILTERS, type EventDayType, type PlanningFilter, type YearCell } from "~/domain/planning/planning";
import { t } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";
import { ConfirmDialog } from "~/ui/shared/modal";
import { YearCalendar } from "./calendar";
import { keyLabel, PlanningLegend } from "./legend";
import { useHydrated } from "~/ui/organisation/form-parts";

/**
 * The personal planning page (/planning/me and /planning/employee/{id}): the year selector (a GET form), the
 * filter links, the yearly calendar, the legend and, on one's own planning, the add form and the removal dialog.
 */

export interface PersonalPlanningPageData {
  employee: { id: number; fullName: string };
  own: boolean;
  years: number[];
  year: number;
  filter: PlanningFilter;
  grid: YearCell[][];
  eventDays: { id: number; date: string; type: EventDayType }[];
  minDate: string;
  maxDate: string;
  confirm: { id: number; date: string; type: EventDayType } | null;
  /** Today (YYYY-MM-DD): the calendar opens on its month (issue 28 item 6). */
  today?: string;
}

export interface EventDayFailureData {
  error: string;
  field: "date" | "type" | null;
  values: { date: string; type: string };
}

function pageHref(base: string, year: number, filter: PlanningFilter, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ year: String(year), ...(filter === "all" ? {} : { filter }), ...extra });
  return `${base}?${q.toString()}`;
}

export function PersonalPlanningPage({ page, failure, base }: { page: PersonalPlanningPageData; failure?: EventDayFailureData; base: string }) {
  const title = page.own ? t("planning.me.title") : t("planning.employee.title", { name: page.employee.fullName });
  const back = pageHref(base, page.year, page.filter);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <Form method="get" className="pl-filters flex flex-wrap items-end gap-2" data-testid="planning-year-form">
          {page.filter !== "all" && <input type="hidden" name="filter" value={page.filter} />}
          <div>
            <label htmlFor="planning-year" className="field-label">
              {t("planning.year")}
            </label>
            <select id="planning-year" name="year" defaultValue={page.year} className="field-input">
              {page.years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary">
            {t("planning.year_show")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("planning.filters")} className="pl-filters flex flex-wrap gap-2">
        {PLANNING_FILTERS.map((f) => (
          <Link
            key={f}
            to={pageHref(base, page.year, f)}
            className={f === page.filter ? "btn btn-primary" : "btn btn-secondary"}
            aria-current={f === page.filter ? "page" : undefined}
          >
            {t(`planning.filter.${f}`)}
          </Link>
        ))}
      </nav>
      {page.own && <AddEventDay page={page} failure={failure} />}
      <YearCalendar
        year={page.year}
        grid={page.grid}
        currentMonth={page.today && Number(page.today.slice(0, 4)) === page.year ? Number(page.today.slice(5, 7)) : undefined}
        removeHref={page.own ? (id) => pageHref(base, page.year, page.filter, { remove: String(id) }) : undefined} />
      <PlanningLegend />
      {page.confirm && (
        <ConfirmDialog
          intent="remove"
          fields={{ id: page.confirm.id }}
          text={t("planning.event_day.remove_confirm", { type: keyLabel(page.confirm.type), date: frDate(page.confirm.date) })}
          confirmLabel={t("planning.event_day.remove")}
          back={back}
        />
      )}
    </div>
  );
}

/** Add a closing or travel day: a date, a type, a validate button disabled until a date is chosen (with JS). */
function AddEventDay({ page, failure }: { page: PersonalPlanningPageData; failure?: EventDayFailureData }) {
  const [date, setDate] = useState(failure?.values.date ?? "");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  return (
    <section aria-labelledby="event-day-title" className="pl-filters rounded-md border border-gray-200 bg-white p-3">
      <h2 id="event-day-title" className="mb-2 text-base font-semibold">
        {t("planning.event_day.add_title")}
      </h2>
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="event-day-form">
        <input type="hidden" name="intent" value="add" />
        <Field id="event-day-date" label={t("planning.event_day.date")} required errors={failure?.field === "date" ? [failure.error] : undefined}>
          <input
            id="event-day-date"
            name="date"
            type="date"
            min={page.minDate}
            max={page.maxDate}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="field-input"
            aria-invalid={failure?.field === "date" ? true : undefined}
            aria-describedby={failure?.field === "date" ? "event-day-date-error" : undefined}
          />
        </Field>
        <Field id="event-day-type" label={t("planning.event_day.type")} required errors={failure?.field === "type" ? [failure.error] : undefined}>
          <select id="event-day-type" name="type" defaultValue={failure?.values.type || "moved"} className="field-input">
            <option value="moved">{keyLabel("moved")}</option>
            <option value="closed">{keyLabel("closed")}</option>
          </select>
        </Field>
        <div className="mb-4">
          <button type="submit" className="btn btn-primary" disabled={(hydrated && !date) || navigation.state === "submitting"}>
            {t("planning.event_day.validate")}
          </button>
        </div>
      </Form>
    </section>
  );
}

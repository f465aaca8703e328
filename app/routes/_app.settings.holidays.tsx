import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { proposalYears } from "~/domain/organisation/holiday-proposal";
import { frDate } from "~/domain/shared/api-dates";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import {
  addComputedHolidays,
  holidayCalendars,
  holidayProposal,
  parseHolidayTarget,
  unfollowHolidayCalendar,
  type HolidayProposal,
} from "~/services/organisation/holiday-proposals.server";
import { SettingsPage } from "~/ui/organisation/form-parts";

export const meta: MetaFunction = () => [{ title: `${t("holidays.title")} · ${t("app.title")}` }];

function asResponse(error: unknown): never {
  if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
  if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
  throw error;
}

/** `?calendar=country-3&year=2027` (a GET form): the proposal of that calendar and year, nothing written. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const em = await getEm();
  const { choices, followed } = await holidayCalendars(em, user).catch(asResponse);
  const url = new URL(request.url);
  const currentYear = Number(localDate(new Date(), "Europe/Paris").slice(0, 4));
  const years = proposalYears(currentYear);
  const rawCalendar = url.searchParams.get("calendar");
  const rawYear = url.searchParams.get("year");
  const year = rawYear === null || rawYear === "" ? currentYear : Number(rawYear);
  const base = { choices, followed, years, calendar: rawCalendar ?? "", year: String(rawYear ?? currentYear) };
  if (rawCalendar === null || rawCalendar === "") return { ...base, proposal: null as HolidayProposal | null, error: null as string | null };
  const target = parseHolidayTarget(rawCalendar);
  if (!target || !choices.some((c) => c.value === rawCalendar)) {
    return data({ ...base, proposal: null, error: t("holidays.error.calendar") }, { status: 400 });
  }
  try {
    return { ...base, proposal: await holidayProposal(em, user, target, year), error: null };
  } catch (error) {
    if (error instanceof ValidationError) return data({ ...base, proposal: null, error: error.violations[0]?.message ?? error.message }, { status: 400 });
    asResponse(error);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const session = await getSession(request);
  const em = await getEm();
  let back = "/settings/holidays";
  const unfollow = /^unfollow-(\d{1,9})$/.exec(intent);
  try {
    if (unfollow) {
      await unfollowHolidayCalendar(em, user, Number(unfollow[1]));
      pushAlert(session, "success", t("holidays.unfollowed"));
    } else if (intent === "add") {
      const calendar = String(form.get("calendar") ?? "");
      const year = Number(form.get("year"));
      const target = parseHolidayTarget(calendar);
      if (!target) throw new ValidationError([{ propertyPath: "calendar", message: t("holidays.error.calendar") }]);
      back = `/settings/holidays?${new URLSearchParams({ calendar, year: String(year) })}`;
      const proposal = await holidayProposal(em, user, target, year);
      const added = await addComputedHolidays(em, user, target, year, { follow: form.get("follow") === "1" });
      pushAlert(session, "success", added > 0 ? t("holidays.added", { count: added, name: proposal.ownerName, year }) : t("holidays.added_none"));
    } else {
      pushAlert(session, "danger", t("error.generic"));
    }
  } catch (error) {
    if (error instanceof ValidationError) pushAlert(session, "danger", error.violations[0]?.message ?? error.message);
    else if (error instanceof NotFoundError) pushAlert(session, "danger", t("holidays.error.calendar"));
    else if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
    else if (error instanceof Error && "status" in error && (error as { status: number }).status === 409) pushAlert(session, "danger", error.message);
    else throw error;
  }
  return redirect(back, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function ComputedHolidays() {
  const { choices, followed, years, calendar, year, proposal, error } = useLoaderData<typeof loader>();
  return (
    <SettingsPage section={t("settings.countries")} title={t("holidays.title")}>
      <p className="mb-4 text-sm text-gray-700">{t("holidays.intro")}</p>
      {choices.length === 0 ? (
        <p className="text-sm text-gray-700">{t("holidays.none_offered")}</p>
      ) : (
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" data-testid="holidays-filter">
          <div className="min-w-0 flex-1">
            <label htmlFor="holidays-calendar" className="field-label">
              {t("holidays.field.calendar")}
            </label>
            <select
              id="holidays-calendar"
              name="calendar"
              defaultValue={calendar}
              className="w-full"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "holidays-error" : undefined}
            >
              <option value="">—</option>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="holidays-year" className="field-label">
              {t("holidays.field.year")}
            </label>
            <select id="holidays-year" name="year" defaultValue={year}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary">
            {t("holidays.show")}
          </button>
        </Form>
      )}
      {error && (
        <p id="holidays-error" className="field-error mb-4" role="alert">
          {error}
        </p>
      )}
      {proposal && (
        <section aria-labelledby="holidays-proposal" className="mb-6">
          <h2 id="holidays-proposal" className="mb-2 text-lg font-semibold">
            {proposal.ownerName} · {proposal.year}
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="holidays-proposal">
              <thead>
                <tr className="text-left">
                  <th scope="col">{t("holidays.col.date")}</th>
                  <th scope="col">{t("holidays.col.name")}</th>
                  <th scope="col">{t("holidays.col.status")}</th>
                </tr>
              </thead>
              <tbody>
                {proposal.days.map((d) => (
                  <tr key={d.date} data-status={d.status}>
                    <td>{frDate(d.date)}</td>
                    <td>{d.name}</td>
                    <td>
                      {d.status === "add"
                        ? t("holidays.status.add")
                        : d.storedName
                          ? t("holidays.status.present_as", { name: d.storedName })
                          : t("holidays.status.present")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {proposal.toAdd === 0 ? (
            <p className="mt-3 text-sm text-gray-700">{t("holidays.nothing_to_add", { year: proposal.year })}</p>
          ) : (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="calendar" value={proposal.target} />
              <input type="hidden" name="year" value={proposal.year} />
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="follow" value="1" defaultChecked />
                <span>{t("holidays.follow")}</span>
              </label>
              <button type="submit" name="intent" value="add" className="btn btn-primary">
                {t("holidays.add", { count: proposal.toAdd })}
              </button>
            </Form>
          )}
        </section>
      )}
      <section aria-labelledby="holidays-followed">
        <h2 id="holidays-followed" className="mb-2 text-lg font-semibold">
          {t("holidays.followed_title")}
        </h2>
        {followed.length === 0 ? (
          <p className="text-sm text-gray-700">{t("holidays.followed_none")}</p>
        ) : (
          <Form method="post">
            <ul className="settings-items" data-testid="holidays-followed">
              {followed.map((f) => (
                <li key={f.id}>
                  <div>
                    <p>{f.label}</p>
                    <p>
                      {f.runs.length === 0
                        ? t("holidays.followed_no_run")
                        : f.runs.map((r) => t("holidays.followed_run", { year: r.year, added: r.added, date: r.ranAt })).join(" · ")}
                    </p>
                  </div>
                  <div>
                    <button type="submit" name="intent" value={`unfollow-${f.id}`} className="btn btn-secondary px-2 py-1 text-xs">
                      {t("holidays.unfollow")}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </Form>
        )}
      </section>
    </SettingsPage>
  );
}

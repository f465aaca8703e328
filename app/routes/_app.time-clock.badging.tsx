import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { notificationTone } from "~/domain/time-clock/clock-notifications";
import { CLOCK_ACTIONS, type ClockAction } from "~/domain/time-clock/clock-state";
import { CLOCK_TYPES } from "~/domain/time-clock/clock-type";
import { clockTime, formatFrDate, longFrDate } from "~/domain/shared/calendar-text";
import { searchDate } from "~/domain/shared/date-window";
import { formatClock, formatHoursMinutes } from "~/domain/shared/number-format";
import { overtimeValidForDisplay } from "~/domain/overtime/day";
import { windowToday } from "~/forms/dates.server";
import { EditRequestForm } from "~/forms/time-clock.server";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { toFieldErrors } from "~/server/time-clock/badging-form.server";
import { requestNow } from "~/server/shared/clock.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError, ValidationError } from "~/services/shared/errors";
import { askCorrection, correctedDays, pendingCorrections, removeCorrection } from "~/services/time-clock/clock-corrections.server";
import { badgingScreen, clockAction, dismissNotification } from "~/services/time-clock/time-clock.server";
import { clockSummary } from "~/services/home/home-clock.server";
import { ClockButtons, ClockStateWords } from "~/ui/time-clock/clock-buttons";
import { Card, NotificationModal } from "~/ui/shared/modal";
import { DaysTable, EntriesList, OVERTIME_STYLE, OvertimeValue, typeLabel } from "~/ui/time-clock/badging-days";
import { EditRequest } from "~/ui/time-clock/badging-edit-request";

export const meta: MetaFunction = () => [{ title: `${t("time_clock.title")} · ${t("app.title")}` }];

/** The clock refreshes every 60 s with JavaScript (spec 2 §9); without it the "Actualiser" link does. */
const REFRESH_MS = 60_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  // The history runs only with both dates (spec 2 §2); the server keeps the span to 2 weeks.
  // Dates outside the search window (1950 .. today + 2 years) count as absent (docs/decisions/0015).
  const today = windowToday();
  const search = searchDate(from, today) && searchDate(to, today) ? { from, to } : null;
  const now = requestNow(request);
  const em = await getEm();
  const screen = await badgingScreen(em, user, now, search);
  // Corrections awaiting management, and the shown days that were corrected (issue 28 item 8).
  const shownIds = [...screen.week.map((d) => d.clock?.id), ...(screen.history?.weeks.flatMap((w) => w.items.map((c) => c.id)) ?? [])].filter(
    (id): id is number => typeof id === "number",
  );
  const [pending, corrected] = await Promise.all([pendingCorrections(em, user), correctedDays(em, shownIds)]);
  // The edit request's native attributes come from its schema here, so zod stays out of the browser bundle.
  return {
    screen,
    summary: clockSummary(screen),
    pending: pending.map((p) => ({ ...p, dateLabel: formatFrDate(p.date) })),
    corrected: [...corrected],
    now: now.toISOString(),
    from,
    to,
    registrationOff: !user.timeRegistration,
    editConstraint: getZodConstraint(EditRequestForm),
  };
}

async function back(request: Request, alert?: { type: "success" | "danger"; message: string }) {
  const url = new URL(request.url);
  const headers = new Headers();
  if (alert) {
    const session = await getSession(request);
    pushAlert(session, alert.type, alert.message);
    headers.append("Set-Cookie", await commitSession(session));
  }
  return redirect(url.pathname + url.search, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const em = await getEm();
  if ((CLOCK_ACTIONS as readonly string[]).includes(intent)) {
    // Time registration off: refused with a 4xx and the page (not a redirect), nothing stored.
    if (!user.timeRegistration) return data({ refused: t("time_clock.error.registration_off") }, { status: 409 });
    try {
      const view = await clockAction(em, user, intent as ClockAction, requestNow(request));
      const before = view.logs.at(-2)?.type;
      const resumed = intent === "start" && (before === "PAUSE" || before === "LUNCH");
      return back(request, { type: "success", message: t(resumed ? "success.clock.resume" : (`success.clock.${intent}` as MessageKey)) });
    } catch (error) {
      // A stale page (another tab, a double click): the server's state machine refused it; say why.
      if (error instanceof AppError && error.status === 409) return back(request, { type: "danger", message: error.message });
      throw error;
    }
  }
  if (intent === "withdraw-correction") {
    // The author withdraws a correction still pending (issue 28 item 8).
    try {
      await removeCorrection(em, user, Number(formData.get("id")));
      return back(request, { type: "success", message: t("time_clock.correction.withdrawn") });
    } catch (error) {
      if (error instanceof AppError && (error.status === 404 || error.status === 403)) return back(request, { type: "danger", message: error.message });
      throw error;
    }
  }
  if (intent === "dismiss-notification") {
    await dismissNotification(em, user, requestNow(request));
    return back(request);
  }
  if (intent === "suggest") {
    const submission = parseWithZod(formData, { schema: EditRequestForm });
    // Adding or removing a row without JavaScript comes back here as a list intent: answer the updated form.
    if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
    try {
      await askCorrection(em, user, {
        date: submission.value.date,
        employeeId: user.employeeId,
        message: submission.value.message,
        logs: submission.value.entries.map((e) => ({ time: e.time, type: e.type as (typeof CLOCK_TYPES)[number] })),
      }, requestNow(request));
    } catch (error) {
      if (error instanceof ValidationError) return data(submission.reply(toFieldErrors(error, submission.value.entries)), { status: 400 });
      if (error instanceof AppError && (error.status === 409 || error.status === 404)) {
        return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
      }
      throw error;
    }
    return back(request, { type: "success", message: t("success.suggest_created") });
  }
  return back(request, { type: "danger", message: t("time_clock.error.unknown_action") });
}

export default function Badging() {
  const { screen, summary, now, from, to, registrationOff, pending, corrected, editConstraint } = useLoaderData<typeof loader>();
  const correctedIds = new Set(corrected);
  const actionData = useActionData<typeof action>() as { refused?: string } | undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle";
  const here = location.pathname + location.search;

  useEffect(() => {
    const id = window.setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(id);
  }, [revalidator]);

  const { clock, today, zone } = screen;
  const type = clock?.type ?? null;
  const overtimeShown = overtimeValidForDisplay({ date: today, today, type });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">{t("time_clock.title")}</h1>
      {actionData?.refused && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {actionData.refused}
        </p>
      )}

      {screen.notification && (
        <NotificationModal
          title={t(`time_clock.notification.${screen.notification}.title` as MessageKey)}
          text={t(`time_clock.notification.${screen.notification}.text` as MessageKey)}
          type={notificationTone(screen.notification)}
          closeHref={here}
        >
          <Form method="post">
            <input type="hidden" name="intent" value="dismiss-notification" />
            <button type="submit" className="btn btn-primary">
              {t("time_clock.notification.dismiss")}
            </button>
          </Form>
        </NotificationModal>
      )}

      <Card
        title={<span data-testid="today-heading">{longFrDate(today)}</span>}
        actions={
          <p className="text-sm text-gray-700">
            <span data-testid="current-time">{t("time_clock.current_time", { time: clockTime(new Date(now), zone) })}</span>{" "}
            <a href={here} className="btn-link">
              {t("time_clock.refresh")}
            </a>
          </p>
        }
      >
        {pending.length > 0 && (
          <div role="status" className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="pending-corrections">
            <ul className="space-y-2">
              {pending.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2">
                  <span>{t(p.date === today ? "time_clock.correction.pending_today" : "time_clock.correction.pending_day", { date: p.dateLabel })}</span>
                  {p.own && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="withdraw-correction" />
                      <input type="hidden" name="id" value={p.id} />
                      <button type="submit" className="btn btn-secondary" aria-label={t("time_clock.correction.withdraw_for", { date: p.dateLabel })}>
                        {t("time_clock.correction.withdraw")}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}

        {screen.halfDay && (
          <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("error.careful_u_r_in", {
              reason: tOr(`time_clock.reason.${screen.halfDay.reason}`, screen.halfDay.reason),
              halfDay: t(`time_clock.half_day.${screen.halfDay.half}`),
            })}
          </p>
        )}

        {registrationOff ? (
          <p role="status" className="rounded-md border border-sky-300 bg-sky-50 px-3 py-4 text-center text-sky-900">
            {t("time_clock.registration_off")}
          </p>
        ) : screen.onLeave ? (
          <p role="status" className="rounded-md border border-sky-300 bg-sky-50 px-3 py-4 text-center text-sky-900">
            {t("error.employee_is_in_leave")}
          </p>
        ) : (
          <div className="space-y-4">
            <ClockStateWords summary={summary} />
            <ClockButtons summary={summary} busy={busy} cancelHref={here} />

            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-gray-700">{t("time_clock.total_today")}</dt>
                <dd className="text-2xl font-semibold" data-testid="total-today">
                  {formatHoursMinutes(clock?.workingTimeSeconds ?? 0)}
                </dd>
                <dd className="text-xs text-gray-700">{t("time_clock.expected", { time: formatHoursMinutes(screen.expectedSeconds) })}</dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700">
                  {t("time_clock.overtime")} / {t("time_clock.undertime").toLowerCase()}
                </dt>
                <dd className="text-lg" data-testid="overtime-today">
                  {overtimeShown ? <OvertimeValue seconds={clock?.overtimeSeconds ?? 0} /> : <span className="text-sm text-gray-700">{t("time_clock.overtime_pending")}</span>}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700">{t("time_clock.legend")}</dt>
                <dd className="text-sm">
                  <span className={`font-semibold ${OVERTIME_STYLE.overtime}`}>+</span> {t("time_clock.legend_overtime")}
                </dd>
                <dd className="text-sm">
                  <span className={`font-semibold ${OVERTIME_STYLE.undertime}`}>−</span> {t("time_clock.legend_undertime")}
                </dd>
              </div>
            </dl>

            <p className="text-sm text-gray-800">
              {screen.lunch
                ? t("time_clock.lunch_reminder", { start: formatClock(screen.lunch.start * 60), end: formatClock(screen.lunch.end * 60) })
                : t("time_clock.no_lunch_reminder")}
            </p>

            <section aria-labelledby="entries-title">
              <h2 id="entries-title" className="mb-2 text-base font-semibold">
                {t("time_clock.entries")}
              </h2>
              {clock && clock.logs.length > 0 ? (
                <table className="min-w-[16rem] text-sm" data-testid="today-entries">
                  <thead>
                    <tr className="text-left">
                      <th scope="col" className="pr-6">
                        {t("time_clock.col_time")}
                      </th>
                      <th scope="col">{t("time_clock.col_type")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {clock.logs.map((l) => (
                      <tr key={l.id}>
                        <td className="pr-6">
                          {l.hhmm}
                          {l.nextDay && ` ${t("time_clock.next_day")}`}
                        </td>
                        <td>{typeLabel(l.type)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="text-sm text-gray-700">{t("time_clock.no_entries")}</p>
              )}
            </section>

            {type === "END" && clock && <EditRequest clock={clock} today={today} editConstraint={editConstraint} />}
            {screen.lastNight && (
              <section aria-labelledby="last-night-title" data-testid="last-night" className="space-y-2">
                <h2 id="last-night-title" className="text-base font-semibold">
                  {t("time_clock.last_night", { date: formatFrDate(screen.lastNight.date) })}
                </h2>
                <p className="text-sm">
                  <EntriesList clock={screen.lastNight} />
                </p>
                <EditRequest clock={screen.lastNight} today={screen.lastNight.date} editConstraint={editConstraint} />
              </section>
            )}
          </div>
        )}
      </Card>

      <Card title={t("time_clock.week_overview")}>
        {screen.week.length === 0 ? (
          <p className="text-sm text-gray-700">{t("time_clock.week_empty")}</p>
        ) : (
          <DaysTable days={screen.week.map((d) => ({ date: d.date, clock: d.clock }))} caption={t("time_clock.week_overview")} corrected={correctedIds} />
        )}
      </Card>

      <Card title={t("time_clock.history")}>
        <Form method="get" className="flex flex-wrap items-end gap-4" aria-describedby="history-hint">
          <div>
            <label htmlFor="history-from" className="field-label">
              {t("time_clock.history_from")}
            </label>
            <input id="history-from" type="date" name="from" required defaultValue={from} className="field-input" />
          </div>
          <div>
            <label htmlFor="history-to" className="field-label">
              {t("time_clock.history_to")}
            </label>
            <input id="history-to" type="date" name="to" required defaultValue={to} className="field-input" />
          </div>
          <button type="submit" className="btn btn-primary">
            {t("word.search")}
          </button>
          <p id="history-hint" className="w-full text-xs text-gray-700">
            {t("time_clock.history_hint")}
          </p>
        </Form>
        <div className="mt-4" data-testid="history">
          {!screen.history ? (
            <p className="text-sm text-gray-700">{t("history_empty")}</p>
          ) : (
            <>
              {screen.history.clamped && (
                <p role="status" className="mb-2 text-sm text-amber-900">
                  {t("time_clock.history_clamped", { from: formatFrDate(screen.history.range.from), to: formatFrDate(screen.history.range.to) })}
                </p>
              )}
              {screen.history.weeks.length === 0 ? (
                <p className="text-sm text-gray-700">{t("history_empty_search")}</p>
              ) : (
                screen.history.weeks.map((week) => (
                  <section key={`${week.year}-${week.week}`} className="mb-4">
                    <h3 className="mb-1 text-sm font-semibold">{t("time_clock.week_number", { week: week.week })}</h3>
                    <DaysTable
                      days={week.items.map((c) => ({ date: c.date, clock: c }))}
                      caption={t("time_clock.week_number", { week: week.week })}
                      corrected={correctedIds}
                    />
                  </section>
                ))
              )}
            </>
          )}
        </div>
      </Card>
    </div>
  );
}

import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { notificationTone } from "~/domain/clock-notifications";
import { CLOCK_ACTIONS, CLOCK_TYPES, type ClockAction, type ClockType } from "~/domain/clock-state";
import { clockSequenceMessage } from "~/domain/clock-words";
import { clockTime, formatFrDate, longFrDate } from "~/domain/calendar-text";
import { searchDate } from "~/domain/date-window";
import { formatClock, formatHoursMinutes, formatSignedHHhmm } from "~/domain/number-format";
import { overtimeClass, overtimeValidForDisplay, type OvertimeClass } from "~/domain/overtime-day";
import { windowToday } from "~/forms/dates.server";
import { EditRequestForm, type EditRequestFormValue } from "~/forms/time-clock.server";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { requestNow } from "~/server/clock.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { AppError, ValidationError } from "~/services/errors";
import { askCorrection, correctedDays, pendingCorrections, removeCorrection } from "~/services/clock-corrections.server";
import { badgingScreen, clockAction, dismissNotification, type ClockView } from "~/services/time-clock.server";
import { clockSummary } from "~/services/home-clock.server";
import { ClockButtons, ClockStateWords } from "~/ui/clock-buttons";
import { Card, NotificationModal } from "~/ui/modal";
import { Field } from "~/ui/field";
import { WideTable } from "~/ui/wide-table";

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

/** The start of the service's sequence message (its "(type)" said "(—)" for a first entry): reworded here. */
const SEQUENCE_PREFIX = t("time_clock.edit_sequence_invalid").split("(")[0]!;

/**
 * Service violation paths (the /api body's) to the form's field names. A sequence violation is reworded to name the
 * entry and the one before it, from the submitted entries (issue 28 item 4).
 */
function toFieldErrors(
  error: ValidationError,
  entries: readonly { time: string; type: string }[],
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const typeWord = (type: string) => tOr(`time_clock.type.${type}`, type);
  for (const v of error.violations) {
    const m = /^timeLogs(?:\.(\d+)\.(time|type))?$/.exec(v.propertyPath);
    const name = v.propertyPath === "message" ? "message" : m ? (m[1] ? `entries[${m[1]}].${m[2]}` : "entries") : null;
    let message = v.message;
    if (m?.[1] && m[2] === "type" && message.startsWith(SEQUENCE_PREFIX)) {
      const said = clockSequenceMessage(entries as { time: string; type: ClockType }[], Number(m[1]));
      const params: Record<string, string> = { ...said.params, type: typeWord(said.params.type!) };
      if (said.params.previousType) params.previousType = typeWord(said.params.previousType);
      message = t(said.key, params);
    }
    if (name) (fieldErrors[name] ??= []).push(message);
    else formErrors.push(message);
  }
  return { fieldErrors, formErrors };
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

const OVERTIME_STYLE: Record<OvertimeClass, string> = {
  none: "text-gray-700",
  overtime: "text-green-800",
  undertime: "text-red-800",
};

function OvertimeValue({ seconds }: { seconds: number }) {
  const cls = overtimeClass(seconds);
  if (cls === "none") return <span className={OVERTIME_STYLE.none}>{t("time_clock.no_overtime")}</span>;
  return (
    <span className={`font-semibold ${OVERTIME_STYLE[cls]}`} data-overtime={cls}>
      <span className="sr-only">{t(cls === "overtime" ? "time_clock.overtime" : "time_clock.undertime")} : </span>
      {formatSignedHHhmm(seconds)}
    </span>
  );
}

function typeLabel(type: string) {
  return tOr(`time_clock.type.${type}`, type);
}

function EntriesList({ clock }: { clock: ClockView | null }) {
  if (!clock || clock.logs.length === 0) return <span className="text-gray-600">—</span>;
  return (
    <span>
      {clock.logs.map((l, i) => (
        <span key={l.id}>
          {i > 0 && ", "}
          {l.hhmm}
          {l.nextDay && ` ${t("time_clock.next_day")}`} {typeLabel(l.type)}
        </span>
      ))}
    </span>
  );
}

export default function Badging() {
  const { screen, summary, now, from, to, registrationOff, pending, corrected } = useLoaderData<typeof loader>();
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

            {type === "END" && clock && <EditRequest clock={clock} today={today} />}
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

function DaysTable({ days, caption, corrected }: { days: { date: string; clock: ClockView | null }[]; caption: string; corrected: ReadonlySet<number> }) {
  return (
    <WideTable label={caption}>
      <thead>
        <tr>
          {/* The key column ("Heures sup.") right after the date: visible at 360 px without sideways scroll (issue 28 item 6). */}
          <th scope="col">{t("time_clock.col_date")}</th>
          <th scope="col">{t("time_clock.col_overtime")}</th>
          <th scope="col">{t("time_clock.col_worked")}</th>
          <th scope="col">{t("time_clock.col_entries")}</th>
        </tr>
      </thead>
      <tbody>
        {days.map(({ date, clock }) => (
          <tr key={date}>
            <th scope="row" className="whitespace-nowrap">
              {formatFrDate(date)}
            </th>
            <td data-testid="day-overtime">{clock ? <OvertimeValue seconds={clock.overtimeSeconds} /> : "—"}</td>
            <td className="whitespace-nowrap">{formatHoursMinutes(clock?.workingTimeSeconds ?? 0)}</td>
            <td>
              <EntriesList clock={clock} />
              {clock?.anomaly && <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">{t("time_clock.anomaly")}</span>}
              {clock && corrected.has(clock.id) && (
                <span className="ml-2 rounded bg-sky-100 px-1 text-xs text-sky-900" data-testid="corrected-day">
                  {t("time_clock.corrected")}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </WideTable>
  );
}

function EditRequest({ clock, today }: { clock: ClockView; today: string }) {
  const { editConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (SubmissionResult<string[]> & { refused?: undefined }) | { refused: string } | undefined;
  const lastResult = actionData && !("refused" in actionData && actionData.refused) ? (actionData as SubmissionResult<string[]>) : undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<EditRequestFormValue>({
    id: "edit-request",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: editConstraint,
    shouldValidate: "onSubmit",
    defaultValue: { date: today, message: "", entries: clock.logs.map((l) => ({ time: l.hhmm, type: l.type })) },
  });
  const entries = fields.entries.getFieldList();
  const open = !!lastResult;
  return (
    <details className="rounded-md border border-gray-200 p-3" open={open}>
      <summary className="btn btn-secondary">{t("time_clock.edit_request")}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3">
        <p className="mb-3 text-sm text-gray-700">{t("time_clock.edit_request_intro")}</p>
        {form.errors && (
          <p id={form.errorId} role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {form.errors.join(" ")}
          </p>
        )}
        <input type="hidden" name="intent" value="suggest" />
        {/* A hidden input takes no `required` (Nu checker, issue 29 item 10): the server checks the date. */}
        <input {...getInputProps(fields.date, { type: "hidden" })} required={undefined} />
        <Field id={fields.message.id} label={t("time_clock.edit_message")} required errors={fields.message.errors}>
          <textarea
            id={fields.message.id}
            name={fields.message.name}
            defaultValue={fields.message.initialValue ?? ""}
            required
            maxLength={2000}
            rows={3}
            aria-invalid={fields.message.errors ? true : undefined}
            aria-describedby={fields.message.errors ? `${fields.message.id}-error` : undefined}
            className="field-input"
          />
        </Field>
        {fields.entries.errors && (
          <p id={fields.entries.errorId} role="alert" className="field-error mb-2">
            {fields.entries.errors.join(" ")}
          </p>
        )}
        <ol className="space-y-2">
          {entries.map((entry, index) => {
            const f = entry.getFieldset();
            return (
              <li key={entry.key} className="flex flex-wrap items-start gap-2">
                <Field id={f.time.id} label={t("time_clock.edit_entry_time", { n: index + 1 })} required errors={f.time.errors}>
                  <input {...getInputProps(f.time, { type: "time" })} key={f.time.key} className="field-input" />
                </Field>
                <Field id={f.type.id} label={t("time_clock.edit_entry_type", { n: index + 1 })} required errors={f.type.errors}>
                  <select {...getSelectProps(f.type)} key={f.type.key} className="field-input">
                    {/* A required select starts with an empty placeholder (Nu checker, issue 29 item 10). */}
                    <option value="">{t("time_clock.edit_choose_type")}</option>
                    {CLOCK_TYPES.map((ct) => (
                      <option key={ct} value={ct}>
                        {typeLabel(ct)}
                      </option>
                    ))}
                  </select>
                </Field>
                <button
                  {...form.remove.getButtonProps({ name: fields.entries.name, index })}
                  className="btn btn-secondary mt-6"
                  aria-label={t("time_clock.edit_remove_entry", { n: index + 1 })}
                >
                  {t("word.delete")}
                </button>
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <button {...form.insert.getButtonProps({ name: fields.entries.name, defaultValue: { time: "", type: "START" } })} className="btn btn-secondary">
            {t("time_clock.edit_add_entry")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            {t("time_clock.edit_submit")}
          </button>
        </div>
      </Form>
    </details>
  );
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { WaitingFilter } from "~/forms/leave.server";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { AppError } from "~/services/errors";
import { decideLeave } from "~/services/leave-decision.server";
import { waitingPage } from "~/services/leave-lists.server";
import { orLeavePageNotFound } from "~/services/leave.server";
import { frInstant, LeaveDates, LeaveStateBadge } from "~/ui/leave-form";
import { LeaveTabs } from "~/ui/leave-tabs";
import { ConfirmAction } from "~/ui/modal";

export const meta: MetaFunction = () => [{ title: `${t("leave.waiting.title")} · ${t("app.title")}` }];

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const EMPTY: Record<string, MessageKey> = {
  pending: "error.no_pending_request",
  accepted: "error.no_accepted_request",
  rejected: "error.no_rejected_request",
};

/** /leave/waiting: the GET filters (year, month, employee), then the tab (pending cards, accepted/rejected tables). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const filter = WaitingFilter.parse(search);
  return waitingPage(await getEm(), user, filter);
}

/** intent = validate-<id> | refuse-<id>, with the version the manager saw (two managers at once: one wins). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const url = new URL(request.url);
  const session = await getSession(request);
  const m = /^(validate|refuse)-(\d{1,9})$/.exec(String(form.get("intent") ?? ""));
  try {
    if (!m) throw new AppError(400, t("error.generic"));
    const version = Number(form.get("version"));
    const decision = m[1] as "validate" | "refuse";
    await orLeavePageNotFound(
      decideLeave(await getEm(), user, Number(m[2]), decision, {
        expectedVersion: Number.isSafeInteger(version) && version > 0 ? version : undefined,
      }),
    );
    pushAlert(session, "success", t(decision === "validate" ? "success.leave_validated" : "success.leave_refused"));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.message);
  }
  return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function WaitingLeaves() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const query = { year: String(page.filter.year), month: String(page.filter.month), employee: String(page.filter.employee) };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("leave.waiting.title")}</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-md border border-gray-200 bg-white p-3" aria-label={t("leave.waiting.filters")}>
        <input type="hidden" name="tab" value={page.tab} />
        <div>
          <label htmlFor="filter-year" className="field-label">
            {t("leave.field.year")}
          </label>
          <select id="filter-year" name="year" defaultValue={page.filter.year} className="field-input">
            {page.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-month" className="field-label">
            {t("leave.field.month")}
          </label>
          <select id="filter-month" name="month" defaultValue={String(page.filter.month)} className="field-input">
            <option value="all">{t("leave.field.all_months")}</option>
            {MONTHS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-employee" className="field-label">
            {t("leave.field.employee")}
          </label>
          <select id="filter-employee" name="employee" defaultValue={String(page.filter.employee)} className="field-input">
            <option value="all">{t("leave.field.all_employees")}</option>
            {page.employees.map((e) => (
              <option key={e.id} value={e.id}>
                {e.fullname}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-secondary">
          {t("leave.waiting.filter_submit")}
        </button>
      </Form>
      <LeaveTabs base="/leave/waiting" current={page.tab} query={query} />
      {page.leaves.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700">{t(EMPTY[page.tab]!)}</p>
      ) : page.tab === "pending" ? (
        <ul className="card-grid" aria-label={t("leave.tab.pending")}>
          {page.leaves.map((l) => (
            <li key={l.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" data-leave-id={l.id}>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-base font-semibold">{l.employee.fullname}</h2>
                {l.urgent && (
                  <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{t("leave.waiting.urgent")}</span>
                )}
              </div>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-gray-700">{t("leave.field.reason")}</dt>
                <dd>{l.reasonLabel}</dd>
                <dt className="text-gray-700">{t("leave.field.dates")}</dt>
                <dd>
                  <LeaveDates {...l} />
                </dd>
                <dt className="text-gray-700">{t("leave.field.days")}</dt>
                <dd>{l.reason === "RECOVERY_LEAVE" ? `${l.nbHourAbsence} h` : l.numberDaysWork}</dd>
                <dt className="text-gray-700">{t("leave.field.sent_on")}</dt>
                <dd>{frInstant(l.createdAt)}</dd>
                {l.comment && (
                  <>
                    <dt className="text-gray-700">{t("leave.field.comment")}</dt>
                    <dd className="whitespace-pre-line">{l.comment}</dd>
                  </>
                )}
              </dl>
              <p className="mt-2 flex flex-wrap gap-3 text-sm">
                <Link to={`/leave/detail/${l.id}?from=waiting`} className="btn-link">
                  {t("leave.waiting.details")}
                </Link>
                <Link to={page.scheduleLink} className="btn-link">
                  {t("leave.waiting.schedule_link")}
                </Link>
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <ConfirmAction
                  intent={`refuse-${l.id}`}
                  fields={{ version: l.version }}
                  itemLabel={l.employee.fullname}
                  text={t("leave.waiting.reject_text", { name: l.employee.fullname })}
                  buttonLabel={t("leave.waiting.reject")}
                  confirmLabel={t("leave.waiting.reject")}
                  cancelHref={here}
                />
                <ConfirmAction
                  intent={`validate-${l.id}`}
                  fields={{ version: l.version }}
                  itemLabel={l.employee.fullname}
                  text={t("leave.waiting.validate_text", { name: l.employee.fullname })}
                  buttonLabel={t("leave.waiting.validate")}
                  confirmLabel={t("leave.waiting.validate")}
                  cancelHref={here}
                  buttonClassName="btn btn-primary"
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
            <thead className="bg-gray-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">{t("leave.field.employee")}</th>
                <th scope="col" className="px-3 py-2">{t("leave.field.reason")}</th>
                <th scope="col" className="px-3 py-2">{t("leave.field.dates")}</th>
                <th scope="col" className="px-3 py-2">{t("leave.field.sent_on")}</th>
                <th scope="col" className="px-3 py-2">{t(page.tab === "accepted" ? "leave.field.accepted_on" : "leave.field.rejected_on")}</th>
                <th scope="col" className="px-3 py-2">{t("leave.field.state")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {page.leaves.map((l) => (
                <tr key={l.id}>
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {l.employee.fullname}
                  </th>
                  <td className="px-3 py-2">
                    <Link to={`/leave/detail/${l.id}?from=waiting`} className="btn-link">
                      {l.reasonLabel}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <LeaveDates {...l} />
                  </td>
                  <td className="px-3 py-2">{frInstant(l.createdAt)}</td>
                  <td className="px-3 py-2">{frInstant(l.updatedAt)}</td>
                  <td className="px-3 py-2">
                    <LeaveStateBadge status={l.status} label={l.statusLabel} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

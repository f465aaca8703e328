import { formatDecimal, formatDecimalHours } from "~/domain/shared/number-format";
import { leaveBalances, type LeaveBalances } from "~/services/leave/leave.server";
import { LeaveBalanceTable } from "~/ui/leave/balance-table";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { myLeaves, type LeaveTab } from "~/services/leave/leave.server";
import { LeaveTabs } from "~/ui/leave/tabs";
import { frInstant, leaveDatesText } from "~/ui/leave/form";
import { useLinkDelegation } from "~/ui/shared/links";
import { WideTable } from "~/ui/shared/wide-table";

export const meta: MetaFunction = () => [{ title: `${t("leave.me.title")} · ${t("app.title")}` }];

const TABS: LeaveTab[] = ["pending", "accepted", "rejected"];
const EMPTY: Record<LeaveTab, MessageKey> = {
  pending: "error.no_pending_request",
  accepted: "error.no_accepted_request",
  rejected: "error.no_rejected_request",
};
const DATE_COLUMN: Record<LeaveTab, MessageKey> = {
  pending: "leave.field.updated_on",
  accepted: "leave.field.accepted_on",
  rejected: "leave.field.rejected_on",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const asked = new URL(request.url).searchParams.get("tab");
  const tab: LeaveTab = TABS.includes(asked as LeaveTab) ? (asked as LeaveTab) : "pending";
  const em = await getEm();
  const [leaves, balances] = await Promise.all([myLeaves(em, user, tab), leaveBalances(em, user)]);
  // Only what the rows show goes to the page (loader data is sent with every page, issue 12).
  const rows = leaves.map((l) => ({
    id: l.id,
    reasonLabel: l.reasonLabel,
    dates: leaveDatesText(l),
    // Each leave's duration (issue 28 item 7): hours for a recovery leave, else working days.
    duration: l.reason === "RECOVERY_LEAVE" ? formatDecimalHours(l.nbHourAbsence ?? 0) : t("leave.duration.days", { days: formatDecimal(l.numberDaysWork) }),
    stateLabel: l.stateLabel,
    sentOn: frInstant(l.createdAt),
    updatedOn: frInstant(l.updatedAt),
  }));
  return { tab, leaves: rows, balances };
}

export default function MyLeaves() {
  const { tab, leaves, balances } = useLoaderData<typeof loader>();
  const onLinkClick = useLinkDelegation();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("leave.me.title")}</h1>
        <Link to="/leave/ask" className="btn btn-primary">
          {t("leave.me.new")}
        </Link>
      </div>
      <section aria-labelledby="my-balances-title" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="my-balances-title" className="mb-2 text-base font-semibold">
          {t("leave.balance.title")}
        </h2>
        <LeaveBalanceTable balances={balances as LeaveBalances} />
      </section>
      <LeaveTabs base="/leave/me" current={tab} />
      {leaves.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-700">{t(EMPTY[tab])}</p>
      ) : (
        <WideTable label={t(`leave.tab.${tab}` as MessageKey)}>
          <thead>
            <tr>
              <th scope="col">{t("leave.field.reason")}</th>
              <th scope="col">{t("leave.field.dates")}</th>
              <th scope="col">{t("leave.field.duration")}</th>
              {tab === "pending" && <th scope="col" className="phone-hidden">{t("leave.field.state")}</th>}
              <th scope="col">{t("leave.field.sent_on")}</th>
              <th scope="col">{t(DATE_COLUMN[tab])}</th>
            </tr>
          </thead>
          <tbody onClick={onLinkClick}>
            {leaves.map((l) => (
              <tr key={l.id}>
                <th scope="row">
                  {/* A plain link: the table's one click handler makes it a client navigation (~/ui/links). */}
                  <a href={`/leave/detail/${l.id}`} className="btn-link">
                    {l.reasonLabel}
                  </a>
                  {/* Issue 41: on a phone the state reads under the reason, with the row's name (no sideways scroll). */}
                  {tab === "pending" && (
                    <span className="phone-only" data-testid="leave-state-phone">
                      {t("leave.field.state")} : {l.stateLabel}
                    </span>
                  )}
                </th>
                <td>{l.dates}</td>
                <td className="whitespace-nowrap" data-testid="leave-duration">
                  {l.duration}
                </td>
                {tab === "pending" && <td data-testid="leave-state" className="phone-hidden">{l.stateLabel}</td>}
                <td>{l.sentOn}</td>
                <td>{l.updatedOn}</td>
              </tr>
            ))}
          </tbody>
        </WideTable>
      )}
    </div>
  );
}

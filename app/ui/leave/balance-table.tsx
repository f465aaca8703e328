import { formatDecimal, formatHoursMinutes } from "~/domain/shared/number-format";
import { t } from "~/i18n/fr";
import type { LeaveBalances } from "~/services/leave/leave.server";

const days = (n: number) => t("leave.balance.days", { days: formatDecimal(n) });

/**
 * The balances as people read them on a payslip (issue 28 items 1 and 7): acquired, taken and balance of paid leave
 * (last vacation year, this one, both) and of recovery.
 */
export function LeaveBalanceTable({ balances }: { balances: LeaveBalances }) {
  const v = balances.vacation;
  const rows: { key: string; label: string; earned: string; taken: string; balance: string }[] = [
    { key: "last", label: t("leave.balance.row_last_year"), earned: days(v.earnedLastYear), taken: days(v.takenLastYear), balance: days(v.lastYearLeft) },
    { key: "this", label: t("leave.balance.row_this_year"), earned: days(v.earnedThisYear), taken: days(v.takenThisYear), balance: days(v.thisYearLeft) },
    {
      key: "vacation",
      label: t("leave.balance.row_vacation"),
      earned: days(v.earnedLastYear + v.earnedThisYear),
      taken: days(v.takenLastYear + v.takenThisYear),
      balance: days(v.balance),
    },
    {
      key: "recovery",
      label: t("leave.balance.row_recovery"),
      earned: formatHoursMinutes(balances.recovery.earned),
      taken: formatHoursMinutes(balances.recovery.taken),
      balance: formatHoursMinutes(balances.recovery.balance),
    },
  ];
  return (
    <table className="w-full text-sm" data-testid="leave-balances">
      <caption className="sr-only">{t("leave.balance.title")}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="py-1 pr-2">
            <span className="sr-only">{t("leave.balance.col_counter")}</span>
          </th>
          <th scope="col" className="py-1 pr-2 text-right">{t("leave.balance.col_earned")}</th>
          <th scope="col" className="py-1 pr-2 text-right">{t("leave.balance.col_taken")}</th>
          <th scope="col" className="py-1 text-right">{t("leave.balance.col_balance")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-row={r.key} className={r.key === "vacation" || r.key === "recovery" ? "border-t border-gray-200 font-semibold" : ""}>
            <th scope="row" className="py-1 pr-2 text-left font-normal">
              {r.label}
            </th>
            <td className="py-1 pr-2 text-right whitespace-nowrap">{r.earned}</td>
            <td className="py-1 pr-2 text-right whitespace-nowrap">{r.taken}</td>
            <td className="py-1 text-right whitespace-nowrap">{r.balance}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

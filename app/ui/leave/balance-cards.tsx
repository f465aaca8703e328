import { formatDecimal, formatHoursMinutes } from "~/domain/shared/number-format";
import { t } from "~/i18n/fr";
import { Card } from "~/ui/shared/modal";

const days = (n: number) => formatDecimal(n);

/** The vacation and recovery balance cards of the ask page (spec 2 "Ask leave"). */
export function LeaveBalanceCards({
  balances,
}: {
  balances: { vacation: { balance: number; lastYearLeft: number; thisYearLeft: number }; recovery: { balance: number } };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card title={t("leave.balance.vacation")}>
        <p className="text-2xl font-semibold" data-testid="vacation-balance">
          {t("leave.balance.vacation_value", { days: days(balances.vacation.balance) })}
        </p>
        <p className="mt-1 text-sm text-gray-700">
          {t("leave.balance.vacation_detail", { last: days(balances.vacation.lastYearLeft), current: days(balances.vacation.thisYearLeft) })}
        </p>
      </Card>
      <Card title={t("leave.balance.recovery")}>
        <p className="text-2xl font-semibold" data-testid="recovery-balance">
          {formatHoursMinutes(balances.recovery.balance)}
        </p>
      </Card>
    </div>
  );
}

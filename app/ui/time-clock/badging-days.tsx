import { formatFrDate } from "~/domain/shared/calendar-text";
import { formatHoursMinutes, formatSignedHHhmm } from "~/domain/shared/number-format";
import { overtimeClass, type OvertimeClass } from "~/domain/overtime/day";
import { t, tOr } from "~/i18n/fr";
import type { ClockView } from "~/services/time-clock/time-clock.server";
import { WideTable } from "~/ui/shared/wide-table";

/** The badging page's days: the overtime value, a day's entries and the table of days (moved from the route). */

export const OVERTIME_STYLE: Record<OvertimeClass, string> = {
  none: "text-gray-700",
  overtime: "text-green-800",
  undertime: "text-red-800",
};

export function OvertimeValue({ seconds }: { seconds: number }) {
  const cls = overtimeClass(seconds);
  if (cls === "none") return <span className={OVERTIME_STYLE.none}>{t("time_clock.no_overtime")}</span>;
  return (
    <span className={`font-semibold ${OVERTIME_STYLE[cls]}`} data-overtime={cls}>
      <span className="sr-only">{t(cls === "overtime" ? "time_clock.overtime" : "time_clock.undertime")} : </span>
      {formatSignedHHhmm(seconds)}
    </span>
  );
}

export function typeLabel(type: string) {
  return tOr(`time_clock.type.${type}`, type);
}

export function EntriesList({ clock }: { clock: ClockView | null }) {
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

export function DaysTable({ days, caption, corrected }: { days: { date: string; clock: ClockView | null }[]; caption: string; corrected: ReadonlySet<number> }) {
  return (
    <WideTable label={caption}>
      <thead>
        <tr>
          {/* The key column ("Heures sup.") right after the date: visible at 360 px without sideways scroll (issue 28 item 6). */}
          <th scope="col">{t("time_clock.col_date")}</th>
          <th scope="col">{t("time_clock.col_overtime")}</th>
          <th scope="col">{t("time_clock.col_worked")}</th>
          <th scope="col" className="phone-hidden">{t("time_clock.col_entries")}</th>
        </tr>
      </thead>
      <tbody>
        {days.map(({ date, clock }) => (
          <tr key={date}>
            <th scope="row">
              <span className="whitespace-nowrap">{formatFrDate(date)}</span>
              {/* Issue 41: on a phone the day's clock entries read under its date (no sideways scroll). */}
              <span className="phone-only font-normal" data-testid="day-entries-phone">
                <EntriesList clock={clock} />
              </span>
            </th>
            <td data-testid="day-overtime">{clock ? <OvertimeValue seconds={clock.overtimeSeconds} /> : "—"}</td>
            <td className="whitespace-nowrap">{formatHoursMinutes(clock?.workingTimeSeconds ?? 0)}</td>
            <td className="phone-hidden">
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

import { t } from "~/i18n/fr";

/**
 * A leave's days in a sentence (issue 41, decision 0129): "le 15/12/2026 (matin)" for a half day, "le 15/12/2026"
 * for one day, "du 15/12/2026 au 17/12/2026" otherwise — what dialogs, notices and mails say after "congé". A half day
 * is always a one-day leave (spec 2 §5); a half-day mark on several days (old data) is not said.
 *
 * @example leavePeriodText({ start: "2026-12-15", end: "2026-12-15", halfDayMorning: true }) // "le 15/12/2026 (matin)"
 */
export function leavePeriodText(leave: { start: string; end: string; halfDayMorning?: boolean | null; halfDayAfternoon?: boolean | null }): string {
  const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  if (leave.start !== leave.end) return t("leave.period.days", { start: fr(leave.start), end: fr(leave.end) });
  if (leave.halfDayMorning) return t("leave.period.morning", { day: fr(leave.start) });
  if (leave.halfDayAfternoon) return t("leave.period.afternoon", { day: fr(leave.start) });
  return t("leave.period.day", { day: fr(leave.start) });
}

/**
 * The overtime engine's explanation and anomalies as French sentences (split from overtime.ts by verb group):
 * what the screens show of a computed week. Re-exported by overtime.ts.
 */
import { t } from "~/i18n/fr";
import type { ExplanationStep, OvertimeAnomaly } from "./overtime-types";
import { formatHoursMinutes } from "./number-format";
import { calendarDay, type CalendarDate } from "./time-calendar-date";

const HOUR = 3600;

const hours = (seconds: number | undefined) => formatHoursMinutes(seconds ?? 0);

const frDate = (date: CalendarDate | undefined) => (date ? calendarDay(date).toFormat("dd/MM/yyyy") : "");
const frNumber = (n: number | undefined) => String(n ?? 0).replace(".", ",");

/**
 * The explanation of a week as French sentences (the "explained numbers" of the screens).
 *
 * @example explainWeek(result)[0] // "Heures travaillées : 45 h 00."
 */
export function explainWeek(steps: readonly ExplanationStep[]): string[] {
  return steps.map((s) => {
    switch (s.step) {
      case "threshold":
        return t("overtime.explain.threshold", { hours: hours(s.seconds), legal: hours(s.otherSeconds) });
      case "band":
        return t("overtime.explain.band", { hours: hours(s.seconds), rate: frNumber(s.rate) }) + (s.date ? ` (${frDate(s.date)})` : "");
      case "structural":
        return t("overtime.explain.structural", { hours: hours(s.seconds), rate: frNumber(s.rate) });
      case "complementary":
        return t("overtime.explain.complementary", { hours: hours(s.seconds), rate: frNumber(s.rate) });
      case "premium":
        return t("overtime.explain.premium", { hours: hours(s.seconds), rate: frNumber(s.rate), date: frDate(s.date) });
      case "split":
        return t("overtime.explain.split", { paid: frNumber(s.percent), recovery: frNumber(s.otherPercent) });
      case "recovery":
        return t("overtime.explain.recovery", { hours: hours(s.seconds), earned: hours(s.otherSeconds) });
      case "quota":
        return t("overtime.explain.quota", { used: hours(s.seconds), quota: frNumber(Math.round((s.otherSeconds ?? 0) / HOUR)) });
      case "quota_warning":
        return t("overtime.explain.quota_warning");
      case "mandatory_rest":
        return t("overtime.explain.mandatory_rest", { hours: hours(s.seconds), percent: frNumber(s.percent) });
      default:
        return t(`overtime.explain.${s.step}`, { hours: hours(s.seconds) });
    }
  });
}

/**
 * An anomaly as a French sentence.
 *
 * @example anomalyMessage({ code: "day_over_10h", date: "2026-03-02" }) // "Plus de 10 h travaillées le 02/03/2026."
 */
export function anomalyMessage(a: OvertimeAnomaly, quotaHours?: number): string {
  return t(`overtime.anomaly.${a.code}`, { date: frDate(a.date), hours: hours(a.seconds), quota: quotaHours ?? "" });
}

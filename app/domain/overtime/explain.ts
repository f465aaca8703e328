/**
 * The overtime engine's explanation and anomalies as French sentences (split from overtime.ts by verb group):
 * what the screens show of a computed week. Re-exported by overtime.ts.
 */
import { t } from "~/i18n/fr";
import type { ExplanationStep, OvertimeAnomaly } from "./types";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import type { SourceId } from "~/domain/law/sources";
import { calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

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
      case "absences_counted":
        // The date from which the policy counts them, shown where the figure is (decision 0126).
        return s.date
          ? t("overtime.explain.absences_counted_from", { hours: hours(s.seconds), date: frDate(s.date) })
          : t("overtime.explain.absences_counted", { hours: hours(s.seconds) });
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
  return t(`overtime.anomaly.${a.code}`, { date: frDate(a.date), hours: hours(a.seconds), quota: quotaHours ?? "", cap: capWords(a.capDivisor) });
}

/**
 * The cap of the heures complémentaires in words: "du dixième (1/10, …)" (L3123-28), "du tiers (1/3, …)" (L3123-20).
 * A week stored before the cap was recorded says "du plafond".
 *
 * @example capWords(10) // "du dixième (1/10, plafond légal à défaut d'accord)"
 */
export function capWords(divisor: number | undefined): string {
  if (divisor === undefined) return t("overtime.anomaly.cap.unknown");
  if (divisor === 10) return t("overtime.anomaly.cap.10");
  if (divisor === 3) return t("overtime.anomaly.cap.3");
  return t("overtime.anomaly.cap.other", { divisor });
}

/**
 * The legal sources of an anomaly (decision 0125): the article each warning names and links to.
 *
 * @example anomalySources({ code: "complementary_cap", capDivisor: 10 }, "weekly") // ["FR.L3123-28"]
 */
export function anomalySources(a: OvertimeAnomaly, mode: "weekly" | "daily" = "weekly"): SourceId[] {
  const pt = mode === "daily";
  switch (a.code) {
    case "complementary_cap":
      return a.capDivisor !== undefined && a.capDivisor < 10 ? ["FR.L3123-20"] : ["FR.L3123-28"];
    case "beyond_legal_week_part_time":
      return ["FR.L3123-9"];
    case "day_over_10h":
      return pt ? [] : ["FR.L3121-18"];
    case "week_over_48h":
      return pt ? [] : ["FR.L3121-20"];
    case "quota_exceeded":
      return pt ? ["PT.228.1.ab"] : ["FR.L3121-30", "FR.D3121-24"];
    default:
      return [];
  }
}

/** The French law's default overtime bands (L3121-36): +25 % from the 36th to the 43rd hour, +50 % beyond. */
const FRENCH_DEFAULT_BAND_RATES = new Set([25, 50]);

/**
 * The legal sources of an explanation step (decision 0125): the article each figure rests on, from the one table.
 * Measured facts (hours worked, counted, paid) rest on no article and get none.
 *
 * @example stepSources({ step: "band", seconds: 7200, rate: 50 }, "weekly") // ["FR.L3121-36", "FR.L3121-33"]
 * @example stepSources({ step: "band", seconds: 3600, rate: 25, date: "2026-03-02" }, "daily") // ["PT.268"]
 */
export function stepSources(s: ExplanationStep, mode: "weekly" | "daily" = "weekly"): SourceId[] {
  const pt = mode === "daily";
  switch (s.step) {
    case "absences_counted":
      return pt ? [] : ["FR.CASS-23-14455"];
    case "threshold":
      return pt ? ["PT.203"] : ["FR.L3121-27"];
    case "extra":
      return pt ? ["PT.268"] : ["FR.L3121-28"];
    case "band":
      if (pt) return ["PT.268"];
      // The law's rates (L3121-36), or an agreement's of at least 10 % (L3121-33): both are named, the first one the
      // rate rests on.
      return FRENCH_DEFAULT_BAND_RATES.has(s.rate ?? -1) ? ["FR.L3121-36", "FR.L3121-33"] : ["FR.L3121-33", "FR.L3121-36"];
    case "structural":
      return ["FR.L3121-28", "FR.L3121-30"];
    case "complementary":
      return s.beyondCap ? ["FR.L3123-29", "FR.L3123-28", "FR.L3123-20"] : ["FR.L3123-29"];
    case "premium":
      if (pt) return ["PT.268"];
      return s.date?.slice(5) === "05-01" ? ["FR.L3133-6"] : [];
    case "split":
    case "recovery":
      return pt ? ["PT.268"] : ["FR.L3121-33"];
    case "quota":
    case "quota_warning":
      return pt ? ["PT.228.1.ab"] : ["FR.L3121-30", "FR.D3121-24"];
    case "mandatory_rest":
      return ["FR.L3121-30", "FR.L3121-38"];
    default:
      return [];
  }
}

/**
 * The night premium of a month's payroll line (issue 40, decision 0143; layout `cadran-paie-v3`). The night hours
 * (`HEURES_NUIT`, the stored night seconds of the shifts started in the month, decision 0075) carry a pay premium at
 * the rate in force on their day:
 * - Portugal: +25 % over the same work by day (Código do Trabalho art. 266.º n.º 1), unless a collective instrument
 *   replaces it (n.º 2) or the activity is one of n.º 3's exceptions: the subsidiary's agreement then sets its rate
 *   (0 included);
 * - France: the counterparts of night work are set by agreement (Code du travail L3122-8): compulsory rest, and pay
 *   only where the agreement provides it. Without an agreement's rate there is no pay premium (the rest stays to
 *   be granted: the hours are in HEURES_NUIT).
 * The rate of a day: the subsidiary's agreement (`subsidiary.night_rate`, no date), else the country's policy row in
 * force on the day (its `night_rate`; null: the law's of the row's mode), else, no row started yet, the law's
 * default of the country's name — as the clock reads the night period (decision 0138). Pure.
 */
import { defaultPolicyFor, FRANCE_POLICY, PORTUGAL_POLICY } from "~/domain/overtime/policy";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

/** A day's stored night seconds and what decides its rate. */
export interface NightDayFacts {
  date: CalendarDate;
  seconds: number;
  /** The subsidiary's agreement rate (percent); null: the country's. */
  agreementRate: number | null;
  /** The country's policy row in force on the day: its rate (null: the law's of its mode) and mode; null: none started. */
  policy: { rate: number | null; mode: string } | null;
  /** The country's name (the law's default when no row has started). */
  country: string | null;
}

/** The night premium of a month, in seconds and percent. */
export interface NightPremium {
  /** Night hours that carry a pay premium (the days whose rate is above 0). */
  nightPremiumSeconds: number;
  /**
   * Their rate, percent: the one rate of the month's days, or, when the rate changed within the month, the rate
   * weighted by the hours (so hours × rate is the premium either way), to the hundredth. 0 without premium hours.
   */
  nightPremiumRate: number;
  /** The premium as hours to pay at the hourly wage: Σ hours × rate / 100 (4 h at +25 % → 1 h). */
  nightPremiumEquivalentSeconds: number;
}

/**
 * The rate of one day's night hours, percent.
 *
 * @example nightRateOf({ agreementRate: null, policy: null, country: "Portugal" }) // 25 (art. 266.º n.º 1)
 * @example nightRateOf({ agreementRate: 10, policy: { rate: null, mode: "weekly" }, country: "France" }) // 10 (the agreement, L3122-8)
 */
export function nightRateOf(day: Pick<NightDayFacts, "agreementRate" | "policy" | "country">): number {
  if (day.agreementRate !== null && day.agreementRate !== undefined) return Number(day.agreementRate);
  if (day.policy) {
    if (day.policy.rate !== null && day.policy.rate !== undefined) return Number(day.policy.rate);
    return day.policy.mode === "daily" ? PORTUGAL_POLICY.nightRate : FRANCE_POLICY.nightRate;
  }
  return defaultPolicyFor(day.country ?? "").nightRate;
}

/**
 * The month's night premium from its days' night seconds (the days outside [from, to] are left out).
 *
 * @example nightPremium([{ date: "2026-03-02", seconds: 4 * 3600, agreementRate: null, policy: null, country: "Portugal" }], "2026-03-01", "2026-03-31")
 *          // { nightPremiumSeconds: 14400, nightPremiumRate: 25, nightPremiumEquivalentSeconds: 3600 }
 */
export function nightPremium(days: readonly NightDayFacts[], from: CalendarDate, to: CalendarDate): NightPremium {
  let seconds = 0;
  let weighted = 0;
  for (const d of days) {
    if (d.date < from || d.date > to || !(d.seconds > 0)) continue;
    const rate = nightRateOf(d);
    if (!(rate > 0)) continue;
    seconds += d.seconds;
    weighted += d.seconds * rate;
  }
  return {
    nightPremiumSeconds: Math.round(seconds),
    nightPremiumRate: seconds > 0 ? Math.round((weighted / seconds) * 100) / 100 : 0,
    nightPremiumEquivalentSeconds: Math.round(weighted / 100),
  };
}

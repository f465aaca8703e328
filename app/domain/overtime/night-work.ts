/**
 * Night hours (issue 26 §1, docs/decisions/0075): the worked seconds that fall in the night period, counted apart
 * for the payroll (their premium or rest is set by the collective agreement, L3122-8). Without an agreement the
 * night period is 21:00 to 06:00 (Code du travail L3122-20, within the frame of L3122-2: at least 9 consecutive
 * hours including midnight to 5:00, starting no earlier than 21:00 and ending no later than 7:00). Pure: instants
 * in, seconds out; the local wall clock of the employee's zone decides, so DST nights are exact (7 h or 9 h long).
 */
import { addDays } from "~/domain/shared/time-calendar-date";
import { instantAt, localDate } from "~/domain/shared/zoned-day";

/** The night period as wall-clock times; `from` is on the evening, `to` on the next morning. */
export interface NightPeriod {
  from: string;
  to: string;
}

/** Code du travail L3122-20 (the default period, no agreement). */
export const FRENCH_NIGHT: NightPeriod = { from: "21:00", to: "06:00" };
/** Código do Trabalho art. 223.º n.º 2 (the default period, no agreement). */
export const PORTUGUESE_NIGHT: NightPeriod = { from: "22:00", to: "07:00" };

/**
 * The period's length on a day without a clock change, in hours.
 *
 * @example nightPeriodHours({ from: "21:00", to: "06:00" }) // 9
 */
export function nightPeriodHours(period: NightPeriod): number {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const length = (minutes(period.to) - minutes(period.from) + 24 * 60) % (24 * 60);
  return length / 60;
}

/**
 * The period in force: a subsidiary's agreement (both times set) wins over the country's policy.
 *
 * @example effectiveNightPeriod({ from: "22:00", to: "07:00" }, { from: "23:00", to: "06:00" }) // 23:00-06:00
 */
export function effectiveNightPeriod(country: NightPeriod, agreement?: { from: string | null; to: string | null } | null): NightPeriod {
  return agreement?.from && agreement?.to ? { from: agreement.from, to: agreement.to } : country;
}

/** "21 h – 6 h", "22 h 30 – 7 h": the period as the explanation says it. */
export function nightPeriodLabel(period: NightPeriod): string {
  const part = (hhmm: string) => {
    const h = Number(hhmm.slice(0, 2));
    const m = hhmm.slice(3, 5);
    return m === "00" ? `${h} h` : `${h} h ${m}`;
  };
  return `${part(period.from)} – ${part(period.to)}`;
}

/**
 * Seconds of the work intervals ([from, to] in unix seconds) inside the night periods of the zone.
 *
 * @example nightSeconds([[at("2026-03-02 22:00"), at("2026-03-03 06:00")]], "Europe/Paris") // 28800 (8 h)
 * @example nightSeconds([[at("2026-03-28 22:00"), at("2026-03-29 06:00")]], "Europe/Paris") // 25200 (7 h: spring forward)
 */
export function nightSeconds(intervals: readonly (readonly [number, number])[], zone: string, period: NightPeriod = FRENCH_NIGHT): number {
  let total = 0;
  for (const [from, to] of intervals) {
    if (to <= from) continue;
    // Every night that may touch the interval: from the evening before its first local day to its last local day.
    const first = addDays(localDate(new Date(from * 1000), zone), -1);
    const last = localDate(new Date(to * 1000), zone);
    for (let day = first; day <= last; day = addDays(day, 1)) {
      const nightStart = instantAt(day, period.from, zone).getTime() / 1000;
      const nightEnd = instantAt(period.from < period.to ? day : addDays(day, 1), period.to, zone).getTime() / 1000;
      const overlap = Math.min(to, nightEnd) - Math.max(from, nightStart);
      if (overlap > 0) total += overlap;
    }
  }
  return Math.round(total);
}

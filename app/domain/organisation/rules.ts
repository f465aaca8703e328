/**
 * Rules of the settings administration (spec 1 §2, §5): the fixed time zone choices, the order of the lists,
 * the holiday rows of the country form and when an item may be deleted. Pure: no I/O.
 */

/**
 * The fixed set of IANA time zones offered for countries and subsidiaries (spec 1 §5): where a French company
 * plausibly has agencies (Europe, the French overseas territories, the Maghreb and francophone Africa, North
 * America), plus UTC. A fixed list, not `Intl.supportedValuesOf`, so a server's ICU update never changes a form.
 */
export const TIMEZONES = [
  "Europe/Paris",
  "Europe/Amsterdam",
  "Europe/Athens",
  "Europe/Berlin",
  "Europe/Brussels",
  "Europe/Bucharest",
  "Europe/Dublin",
  "Europe/Helsinki",
  "Europe/Lisbon",
  "Europe/London",
  "Europe/Luxembourg",
  "Europe/Madrid",
  "Europe/Monaco",
  "Europe/Prague",
  "Europe/Rome",
  "Europe/Stockholm",
  "Europe/Vienna",
  "Europe/Warsaw",
  "Europe/Zurich",
  "Atlantic/Azores",
  "Atlantic/Canary",
  "Atlantic/Madeira",
  "Africa/Abidjan",
  "Africa/Algiers",
  "Africa/Casablanca",
  "Africa/Dakar",
  "Africa/Tunis",
  "America/Cayenne",
  "America/Guadeloupe",
  "America/Martinique",
  "America/Miquelon",
  "America/New_York",
  "America/Toronto",
  "Indian/Mayotte",
  "Indian/Reunion",
  "Pacific/Noumea",
  "Pacific/Tahiti",
  "UTC",
] as const;
export type Timezone = (typeof TIMEZONES)[number];

export function isKnownTimezone(value: unknown): value is Timezone {
  return typeof value === "string" && (TIMEZONES as readonly string[]).includes(value);
}

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/** Lists are ordered by name ascending, the French way ("Équipe" between "Atelier" and "Finition"), then by id. */
export function byName<T extends { name: string; id?: number }>(a: T, b: T): number {
  return collator.compare(a.name, b.name) || (a.id ?? 0) - (b.id ?? 0);
}

export function sortByName<T extends { name: string; id?: number }>(items: readonly T[]): T[] {
  return [...items].sort(byName);
}

/** Two names are the same item when they differ only by case, accents or surrounding spaces. */
export function sameName(a: string, b: string): boolean {
  return collator.compare(a.trim(), b.trim()) === 0;
}

export interface HolidayRow {
  date: string;
  name: string;
}

/**
 * The indexes of holiday rows whose date already appears earlier in the list: a country has one holiday per day
 * (unique country + date), so the second occurrence gets the error and the first stays valid.
 */
export function duplicateHolidayIndexes(rows: readonly { date: string | null | undefined }[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  rows.forEach((row, index) => {
    if (!row.date) return;
    if (seen.has(row.date)) out.push(index);
    else seen.add(row.date);
  });
  return out;
}

/** Rows left completely blank (an added row never filled) are dropped on save instead of failing it. */
export function isBlankHolidayRow(row: { date?: string | null; name?: string | null }): boolean {
  return !row.date?.trim() && !row.name?.trim();
}

export type SettingsKind = "country" | "subsidiary" | "division" | "team";

/** What still hangs on an item: counts of its dependants (absent = none). */
export interface SettingsUsage {
  subsidiaries?: number;
  divisions?: number;
  teams?: number;
  employees?: number;
}

/**
 * May this item be deleted? Nothing that still holds data may go (spec: "nothing is lost"): a country with
 * subsidiaries or employees, a subsidiary with divisions, teams or employees, a division with teams or employees,
 * a team with employees. Archived employees count too: their sheet still points at the item.
 */
export function canDelete(kind: SettingsKind, usage: SettingsUsage): boolean {
  const n = (v: number | undefined) => (v ?? 0) > 0;
  switch (kind) {
    case "country":
      return !n(usage.subsidiaries) && !n(usage.employees);
    case "subsidiary":
      return !n(usage.divisions) && !n(usage.teams) && !n(usage.employees);
    case "division":
      return !n(usage.teams) && !n(usage.employees);
    case "team":
      return !n(usage.employees);
  }
}

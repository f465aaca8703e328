/**
 * Public holidays of the countries Cadran knows (pure: no I/O, no clock).
 * Dates are calendar days `YYYY-MM-DD`; the lists are sorted by date.
 */

export interface PublicHoliday {
  /** Calendar day, `YYYY-MM-DD`. */
  date: string;
  /** French name, as shown in the application. */
  name: string;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function isoDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The calendar day `days` after (or before, when negative) a given day. Works in UTC: no DST involved. */
function shift(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return isoDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) {
    throw new RangeError(`Année invalide pour le calendrier grégorien : ${year}`);
  }
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher), as `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  assertYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

function sorted(list: PublicHoliday[]): PublicHoliday[] {
  return list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/** The 11 French public holidays of a year (metropolitan France, without the Alsace-Moselle extras). */
export function frenchHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  return sorted([
    { date: isoDay(year, 1, 1), name: "Jour de l'an" },
    { date: shift(easter, 1), name: "Lundi de Pâques" },
    { date: isoDay(year, 5, 1), name: "Fête du Travail" },
    { date: isoDay(year, 5, 8), name: "Victoire 1945" },
    { date: shift(easter, 39), name: "Ascension" },
    { date: shift(easter, 50), name: "Lundi de Pentecôte" },
    { date: isoDay(year, 7, 14), name: "Fête nationale" },
    { date: isoDay(year, 8, 15), name: "Assomption" },
    { date: isoDay(year, 11, 1), name: "Toussaint" },
    { date: isoDay(year, 11, 11), name: "Armistice 1918" },
    { date: isoDay(year, 12, 25), name: "Noël" },
  ]);
}

/**
 * Portugal's national public holidays (feriados obrigatórios, Código do Trabalho art. 234), French names.
 * Carnival and municipal holidays (Lisbon: Santo António, 13 June) are optional and not included.
 * From 2013 to 2015 Corpus Christi, 5 October, 1 November and 1 December were suspended (Lei 23/2012).
 */
export function portugueseHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const suspended = year >= 2013 && year <= 2015;
  const list: PublicHoliday[] = [
    { date: isoDay(year, 1, 1), name: "Jour de l'an" },
    { date: shift(easter, -2), name: "Vendredi saint" },
    { date: easter, name: "Pâques" },
    { date: isoDay(year, 4, 25), name: "Jour de la Liberté" },
    { date: isoDay(year, 5, 1), name: "Fête du Travail" },
    { date: isoDay(year, 6, 10), name: "Jour du Portugal" },
    { date: isoDay(year, 8, 15), name: "Assomption" },
    { date: isoDay(year, 12, 8), name: "Immaculée Conception" },
    { date: isoDay(year, 12, 25), name: "Noël" },
  ];
  if (!suspended) {
    list.push(
      { date: shift(easter, 60), name: "Fête-Dieu" },
      { date: isoDay(year, 10, 5), name: "Proclamation de la République" },
      { date: isoDay(year, 11, 1), name: "Toussaint" },
      { date: isoDay(year, 12, 1), name: "Restauration de l'indépendance" },
    );
  }
  return sorted(list);
}

/**
 * The two extra public holidays of Alsace-Moselle (Bas-Rhin, Haut-Rhin, Moselle), Code du travail art. L3134-13:
 * 26 December everywhere, Good Friday only in communes that have a Protestant temple or a mixed church. They are a
 * subsidiary's local holidays (decision 0031), on top of France's 11: Good Friday only when the subsidiary's
 * commune qualifies (`goodFriday`).
 */
export function alsaceMoselleHolidays(year: number, options: { goodFriday: boolean }): PublicHoliday[] {
  const list: PublicHoliday[] = [{ date: isoDay(year, 12, 26), name: "Saint-Étienne" }];
  if (options.goodFriday) list.push({ date: shift(easterSunday(year), -2), name: "Vendredi saint" });
  return sorted(list);
}

/** Holidays of a country known by name ("France", "Portugal"); an unknown country has none. */
export function holidaysForCountry(countryName: string, year: number): PublicHoliday[] {
  switch (countryName.trim().toLowerCase()) {
    case "france":
      return frenchHolidays(year);
    case "portugal":
      return portugueseHolidays(year);
    default:
      return [];
  }
}

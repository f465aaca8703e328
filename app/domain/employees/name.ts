/**
 * Display name (spec 1 §3): first name with each word capitalised, then the last name in upper case.
 *
 * @example displayName("jean-pierre marie", "dupont") // "Jean-Pierre Marie DUPONT"
 */
export function displayName(firstname: string | null | undefined, lastname: string | null | undefined): string {
  const first = (firstname ?? "")
    .trim()
    .toLocaleLowerCase("fr-FR")
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase("fr-FR"));
  const last = (lastname ?? "").trim().toLocaleUpperCase("fr-FR");
  return [first, last].filter(Boolean).join(" ");
}

/**
 * Employees sort by last name then first name, French collation (accents and case ignored).
 *
 * @example [{lastname:"Émile"},{lastname:"Dupont"}].sort(compareEmployees) // Dupont first
 */
const collator = new Intl.Collator("fr", { sensitivity: "base" });
export function compareEmployees(
  a: { lastname: string; firstname: string },
  b: { lastname: string; firstname: string },
): number {
  return collator.compare(a.lastname, b.lastname) || collator.compare(a.firstname, b.firstname);
}

/**
 * French plurals, one rule for every count the app writes (issue 41: "1 jours fériés ajoutés"). In French 0 and 1
 * take the singular ("0 jour", "1 jour", "1,5 jour", "2 jours"): below 2 in absolute value is singular.
 *
 * Messages of `app/i18n/fr.ts` say it inline: `{count:jour férié ajouté|jours fériés ajoutés}` picks one side by the
 * `count` parameter (any parameter name), so callers pass the number and nothing else.
 *
 * @example plural(1, "jour", "jours") // "jour"
 * @example pluralise("{n} {n:demande|demandes} à traiter", { n: 3 }) // "{n} demandes à traiter"
 */
export function isSingular(n: number): boolean {
  return Math.abs(n) < 2;
}

export function plural(n: number, one: string, other: string): string {
  return isSingular(n) ? one : other;
}

/** Resolves the `{name:one|other}` forms of a message by its numeric parameters; leaves the other placeholders. */
export function pluralise(text: string, params: Record<string, string | number>): string {
  // Either side may hold plain placeholders (`{count:Ajouter le jour|Ajouter les {count} jours}`).
  return text.replace(/\{(\w+):((?:[^|{}]|\{\w+\})*)\|((?:[^{}]|\{\w+\})*)\}/g, (whole, name: string, one: string, other: string) => {
    const value = params[name];
    if (value === undefined || value === "") return whole;
    const n = typeof value === "number" ? value : Number(String(value ?? "").replace(/\s/g, "").replace(",", "."));
    return Number.isFinite(n) ? plural(n, one, other) : whole;
  });
}

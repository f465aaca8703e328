/**
 * Formula injection in exported files (issue 27 §3, decision 0080, OWASP "CSV Injection"): a text cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by Excel or LibreOffice (a first name
 * `=HYPERLINK(…)` becomes a live link). Every CSV and Excel writer asks `formulaLike` of each text cell: the CSV
 * writes it behind an apostrophe, the Excel writer as a text cell. A plain number ("-1,5", "+3") is not a formula
 * and is left alone. Pure.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * Whether a spreadsheet would read this text as a formula.
 *
 * @example formulaLike('=HYPERLINK("http://evil.example/x";"Paie")') // true
 * @example formulaLike("-1,5") // false
 */
export function formulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/**
 * A text for a CSV field, neutralised with a leading apostrophe when a spreadsheet would read it as a formula.
 *
 * @example csvSafeText("=1+1") // "'=1+1"
 * @example csvSafeText("Dupont") // "Dupont"
 */
export function csvSafeText(text: string): string {
  return formulaLike(text) ? `'${text}` : text;
}

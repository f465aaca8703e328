/**
 * The size of the bench company (decision 0104): `--employees N` on the command line, else `LARGE_EMPLOYEES`, else
 * 5,000 (DESIGN §6's bench company; `--large` keeps meaning it). Ten times the company is `--employees 50000`, the
 * most the seed builds. Each size has its own database by default, so the 5,000 and the 50,000 companies live side by
 * side on one server and the bench reuses whichever it is asked for: `cadran_large` (5,000, the name it always had),
 * `cadran_large_50k`, `cadran_large_500`…
 */
export const DEFAULT_LARGE_EMPLOYEES = 5000;
export const MIN_LARGE_EMPLOYEES = 20;
export const MAX_LARGE_EMPLOYEES = 50_000;

/** `--name value` in argv, or undefined. */
function argOf(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The number of employees asked for; throws (in French, for the command line) when it is not a whole number in range. */
export function largeEmployees(argv: readonly string[] = process.argv, env: Record<string, string | undefined> = process.env): number {
  const raw = argOf(argv, "employees") ?? env.LARGE_EMPLOYEES ?? String(DEFAULT_LARGE_EMPLOYEES);
  const n = Number(raw.replace(/[_\s]/g, ""));
  if (!Number.isInteger(n) || n < MIN_LARGE_EMPLOYEES || n > MAX_LARGE_EMPLOYEES) {
    throw new Error(`Nombre de salariés invalide : « ${raw} » (un entier de ${MIN_LARGE_EMPLOYEES} à ${MAX_LARGE_EMPLOYEES}).`);
  }
  return n;
}

/** The default database of a bench company of `employees` people. */
export function largeDatabaseName(employees: number): string {
  if (employees === DEFAULT_LARGE_EMPLOYEES) return "cadran_large";
  return employees % 1000 === 0 ? `cadran_large_${employees / 1000}k` : `cadran_large_${employees}`;
}

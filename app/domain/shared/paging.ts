/**
 * The page a GET link or a form field asks for (`?page=`, a confirm step's hidden `page`): 1 when absent, malformed,
 * zero or beyond four digits. Clamping to the last page is the list's business (it knows its count).
 */
export function askedPage(raw: unknown): number {
  return typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

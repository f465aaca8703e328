/**
 * The IRIs of the /api contract (spec 2, "hydra"): "/api/teams/12" names team 12. Pure, so a use case that answers
 * with links (an employee's record, the history) writes them without importing the HTTP glue (issue 45).
 */
const IRI_BASE: Record<string, string> = {
  Employee: "/api/employees",
  User: "/api/users",
  Country: "/api/countries",
  Subsidiary: "/api/subsidiaries",
  Division: "/api/divisions",
  Team: "/api/teams",
  Leave: "/api/leaves",
  TimeClock: "/api/timeclock",
  EventDay: "/api/event_days",
};

export function iri(type: keyof typeof IRI_BASE | string, id: number | string): string {
  return `${IRI_BASE[type] ?? `/api/${type.toLowerCase()}s`}/${id}`;
}

/** Parses "/api/teams/12" (or a bare number) into 12 for the expected type; null otherwise. */
export function idFromIri(value: unknown, type: string): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
  if (typeof value !== "string") return null;
  const base = IRI_BASE[type];
  const m = /^(.*)\/(\d+)$/.exec(value);
  if (m && (!base || m[1] === base)) return Number(m[2]);
  if (/^\d+$/.test(value)) return Number(value);
  return null;
}

import * as z from "~/forms/z.server";
import { Id, Iri, UnixSeconds } from "~/server/api/api-answers.schema";

/**
 * The settings items as /api answers them (server/organisation/api.server.ts: `hydraItem` of the services' views, holiday
 * dates as unix seconds, decision 0088).
 */
/** An embedded relation: its IRI, id and name (what a PUT takes back as the relation). */
const named = z.object({ "@id": Iri, id: Id, name: z.string() });
const holidays = z.array(z.object({ id: Id, date: UnixSeconds.nullable(), name: z.string() }));
const rate = z.number().min(0).max(100);

export const CountryAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("Country"),
  id: Id,
  name: z.string(),
  timezone: z.string(),
  overtime: z.object({ paid: rate, inRecuperation: rate, employeeInitiatedRecuperation: rate, employerInitiatedRecuperation: rate }).nullable(),
  holidays,
});

export const SubsidiaryAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("Subsidiary"),
  id: Id,
  name: z.string(),
  country: named.nullable(),
  city: z.string().nullable(),
  timezone: z.string(),
  divisions: z.array(named),
  holidays,
});

export const DivisionAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("Division"),
  id: Id,
  name: z.string(),
  subsidiary: named.nullable(),
  teams: z.array(named),
});

export const TeamAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("Team"),
  id: Id,
  name: z.string(),
  subsidiary: named.nullable(),
  division: named.nullable(),
});

import { EVENT_DAY_TYPES } from "~/domain/planning/planning";
import * as z from "~/forms/z.server";
import { Id, Iri, UnixSeconds } from "~/server/api/api-answers.schema";

/** The planning answers of /api (`eventDayJson`, `employeePlanningJson` in server/planning/api.server.ts). */

export const EventDayAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("EventDay"),
  id: Id,
  date: UnixSeconds,
  type: z.enum(EVENT_DAY_TYPES),
  employee: Iri,
});

/** One event of one day (spec 2 §3 planning event): a leave names its leave, an event day its event day. */
const PlanningEvent = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  state: z.enum(["accepted", "need_review"]),
  namePrefix: z.number().nullable(),
  nameSuffix: z.enum(["morning", "afternoon"]).nullable(),
  label: z.string().nullable(),
  date: UnixSeconds,
  leave: Iri.optional(),
  eventDay: Iri.optional(),
});

export const PlanningAnswer = z.object({
  "@type": z.literal("Planning"),
  employee: z.object({ "@id": Iri, id: Id, fullname: z.string() }),
  start: UnixSeconds,
  end: UnixSeconds,
  events: z.array(PlanningEvent),
});

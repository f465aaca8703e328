import type { EntityManager } from "@mikro-orm/postgresql";
import { toUnixSeconds } from "~/domain/shared/api-dates";
import { clampRange, PERIOD_SPAN, type DateRange } from "~/domain/shared/date-range";
import { dayEvents } from "~/domain/planning/planning";
import { addDays } from "~/domain/shared/time-calendar-date";
import { hydraItem } from "~/server/api/api.server";
import { iri } from "~/domain/shared/iri";
import type { EventDayView } from "~/services/organisation/event-days.server";
import { loadPlanningFacts, planningOwner, type PlanningActor } from "~/services/planning/planning.server";
import { displayName } from "~/domain/employees/name";

/** The /api shapes of the planning (DESIGN §4: dates of event days as unix seconds, hydra items). */

export function eventDayJson(d: EventDayView) {
  return hydraItem("EventDay", { id: d.id, date: toUnixSeconds(d.date), type: d.type, employee: iri("Employee", d.employeeId) });
}

/**
 * The planning of an employee over a period (spec 2 §7 "planning of an employee (start, end)"; §3 planning event):
 * holidays, leaves (privacy applied), overtime and event days, one entry per event and day, over at most 6 months
 * (a longer period keeps its start and is cut to start + 6 months).
 */
export async function employeePlanningJson(em: EntityManager, viewer: PlanningActor, employeeId: number, asked: DateRange) {
  const owner = await planningOwner(em, viewer, employeeId);
  const range = clampRange(asked.from, asked.to, PERIOD_SPAN, "from");
  const facts = (await loadPlanningFacts(em, viewer, [owner.id], range)).get(owner.id)!;
  const events = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    for (const e of dayEvents(day, facts)) {
      events.push({
        id: e.id,
        type: e.type,
        name: e.name,
        state: e.state,
        namePrefix: e.namePrefix,
        nameSuffix: e.nameSuffix,
        label: e.label,
        date: toUnixSeconds(day),
        ...(e.type === "leave" ? { leave: iri("Leave", e.refId!) } : {}),
        ...(e.type.startsWith("eventday") ? { eventDay: iri("EventDay", e.refId!) } : {}),
      });
    }
  }
  return {
    "@type": "Planning",
    employee: { "@id": iri("Employee", owner.id), id: owner.id, fullname: displayName(owner.firstname, owner.lastname) },
    start: toUnixSeconds(range.from),
    end: toUnixSeconds(range.to),
    events,
  };
}

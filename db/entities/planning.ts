import { defineEntity, type InferEntity } from "@mikro-orm/core";
import { Employee } from "./employee";

/** A private iCalendar feed of a planning: "own" or "scope" (a manager's employees). The token is stored as SHA-256. */
export const CalendarFeed = defineEntity({
  name: "CalendarFeed",
  tableName: "calendar_feed",
  uniques: [{ properties: ["employee", "scope"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.manyToOne(Employee).deleteRule("cascade"),
    scope: p.string().length(10),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
  }),
});
export type CalendarFeed = InferEntity<typeof CalendarFeed>;

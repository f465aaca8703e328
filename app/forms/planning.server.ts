import { EVENT_DAY_TYPES } from "~/domain/planning/planning";
import * as z from "./z.server";

/**
 * POST /api/event_days {date, type: "closed" | "moved", employee?}: a closing or travel day on one's own planning.
 * Used by the route with `readJson` and by the OpenAPI document (decision 0108); the value rules (a date that
 * exists, a known type, a working day) are the service's, with their French messages per field.
 */
export const ApiEventDayBody = z
  .object({
    date: z.union([z.number(), z.string()]).nullish(),
    type: z.string().meta({ enum: [...EVENT_DAY_TYPES] }).nullish(),
    employee: z.union([z.number(), z.string()]).nullish(),
  })
  .meta({ required: ["date", "type"] });

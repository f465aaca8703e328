import type { EntityManager } from "@mikro-orm/postgresql";
import { runClockNotifications } from "~/services/time-clock/clock-notifications.server";

/** Every 5 minutes: sets the clock reminders due now and mails missed starts (idempotent, see the service). */
export async function clockNotifications(em: EntityManager, now: Date = new Date()) {
  return runClockNotifications(em, now);
}

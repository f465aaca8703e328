/**
 * Today's clock in a few words (issue 28 item 1), for the home page of everyone who badges and the top of the badging
 * page. It reads through the badging screen's own use case (time-clock.server.ts) and only words its result: the state
 * in a sentence, today's worked time and the buttons the state allows.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { AllowedActions } from "~/domain/time-clock/clock-state";
import { clocksIn, clockWords, startLabel, type ClockWords } from "~/domain/time-clock/clock-words";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { badgingScreen, type BadgingScreen } from "~/services/time-clock/time-clock.server";

export interface ClockSummary {
  words: ClockWords;
  /** Worked today, the open interval counted up to now (seconds). */
  workedSeconds: number;
  expectedSeconds: number;
  allowed: AllowedActions;
  /** The START button's label: "start" (Début) or "resume" (Reprendre, after a pause or lunch). */
  startAs: "start" | "resume";
  /** A full-day leave today: no buttons. */
  onLeave: boolean;
}

/** The words of a badging screen's day (pure). */
export function clockSummary(screen: Pick<BadgingScreen, "clock" | "allowed" | "onLeave" | "expectedSeconds">): ClockSummary {
  const type = screen.clock?.type ?? null;
  const last = screen.clock?.logs.at(-1) ?? null;
  return {
    words: clockWords({ type, lastTime: last?.hhmm ?? null, onLeave: screen.onLeave }),
    workedSeconds: screen.clock?.workingTimeSeconds ?? 0,
    expectedSeconds: screen.expectedSeconds,
    allowed: screen.allowed,
    startAs: startLabel(type),
    onLeave: screen.onLeave,
  };
}

/** Today's clock of the signed-in person for the home page; null for someone who does not badge. */
export async function homeClock(em: EntityManager, user: CurrentUser, now: Date): Promise<ClockSummary | null> {
  if (!clocksIn(user)) return null;
  return clockSummary(await badgingScreen(em, user, now, null));
}

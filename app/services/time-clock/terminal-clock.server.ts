import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import type { ClockAction } from "~/domain/time-clock/clock-state";
import { clockSummary, type ClockSummary } from "~/services/home/home-clock.server";
import { CURRENT_USER_FROM, CURRENT_USER_SELECT, toCurrentUser, type CurrentUser, type CurrentUserRow } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { clockAction } from "./actions.server";
import { badgingScreen } from "./reads.server";

/**
 * Clocking at a shop-floor terminal (issue 46 item 3, decision 0136): the person found by their code is clocked by
 * the SAME use cases as the personal badging (badgingScreen for the state and the allowed buttons, clockAction for
 * the action, its state machine and its 409s); the entry's author is the employee and it names the terminal.
 */

export interface TerminalRef {
  id: number;
  subsidiaryId: number;
}

/** The employee as the clock's use cases take them, if they belong to the terminal's subsidiary (else 404). */
async function personAt(em: EntityManager, terminal: TerminalRef, employeeId: number): Promise<CurrentUser> {
  const rows = await em
    .getConnection()
    .execute<CurrentUserRow[]>(`select ${CURRENT_USER_SELECT} from ${CURRENT_USER_FROM} where e.id = ? and e.subsidiary_id = ?`, [employeeId, terminal.subsidiaryId]);
  const user = toCurrentUser(rows[0]);
  if (!user) throw new NotFoundError();
  return user;
}

export interface TerminalPerson {
  name: string;
  summary: ClockSummary;
  registrationOff: boolean;
}

/** The button step: the person's state in words and the buttons the state machine allows now. */
export async function terminalPerson(em: EntityManager, terminal: TerminalRef, employeeId: number, now: Date): Promise<TerminalPerson> {
  const user = await personAt(em, terminal, employeeId);
  const summary = clockSummary(await badgingScreen(em, user, now, null));
  return { name: displayName(user.firstname, user.lastname), summary, registrationOff: !user.timeRegistration };
}

/** One clock action at the terminal, through clockAction (409 in French when the state machine refuses it). */
export async function terminalClock(
  em: EntityManager,
  terminal: TerminalRef,
  employeeId: number,
  action: ClockAction,
  now: Date,
): Promise<{ name: string; time: string; resumed: boolean }> {
  const user = await personAt(em, terminal, employeeId);
  const view = await clockAction(em, user, action, now, undefined, terminal.id);
  const before = view.logs.at(-2)?.type;
  return {
    name: displayName(user.firstname, user.lastname),
    time: view.logs.find((l) => l.time === Math.floor(now.getTime() / 1000))?.hhmm ?? view.logs.at(-1)?.hhmm ?? "",
    resumed: action === "start" && (before === "PAUSE" || before === "LUNCH"),
  };
}

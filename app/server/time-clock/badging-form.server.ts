import { clockSequenceMessage } from "~/domain/time-clock/clock-words";
import type { ClockType } from "~/domain/time-clock/clock-type";
import { t, tOr } from "~/i18n/fr";
import type { ValidationError } from "~/services/shared/errors";

/** The badging page's correction form: the service's violations said on the form's fields (moved from the route). */

/** The start of the service's sequence message (its "(type)" said "(—)" for a first entry): reworded here. */
const SEQUENCE_PREFIX = t("time_clock.edit_sequence_invalid").split("(")[0]!;

/**
 * Service violation paths (the /api body's) to the form's field names. A sequence violation is reworded to name the
 * entry and the one before it, from the submitted entries (issue 28 item 4).
 */
export function toFieldErrors(
  error: ValidationError,
  entries: readonly { time: string; type: string }[],
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const typeWord = (type: string) => tOr(`time_clock.type.${type}`, type);
  for (const v of error.violations) {
    const m = /^timeLogs(?:\.(\d+)\.(time|type))?$/.exec(v.propertyPath);
    const name = v.propertyPath === "message" ? "message" : m ? (m[1] ? `entries[${m[1]}].${m[2]}` : "entries") : null;
    let message = v.message;
    if (m?.[1] && m[2] === "type" && message.startsWith(SEQUENCE_PREFIX)) {
      const said = clockSequenceMessage(entries as { time: string; type: ClockType }[], Number(m[1]));
      const params: Record<string, string> = { ...said.params, type: typeWord(said.params.type!) };
      if (said.params.previousType) params.previousType = typeWord(said.params.previousType);
      message = t(said.key, params);
    }
    if (name) (fieldErrors[name] ??= []).push(message);
    else formErrors.push(message);
  }
  return { fieldErrors, formErrors };
}

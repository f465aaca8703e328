import { formatFrDate } from "~/domain/shared/date-range";
import { readBoundedDate, searchDate, type BoundedDate, type DateWindowKind } from "~/domain/shared/date-window";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import * as z from "./z.server";

/**
 * The bounded date fields (docs/decisions/0015): one reader (readBoundedDate) behind the HTML forms ('YYYY-MM-DD'
 * from a date input) and the /api bodies (unix seconds or 'YYYY-MM-DD'), with the window of the field's kind.
 * Today is the company's day (Europe/Paris), read when the value is parsed.
 */

/** Today for the date windows of forms and /api bodies. */
export function windowToday(now: Date = new Date()): CalendarDate {
  return localDate(now, "Europe/Paris");
}

/** French text of a refused date; null when it was accepted. */
export function boundedDateMessage(result: BoundedDate, kind: DateWindowKind): string | null {
  if (result.ok) return null;
  if (result.code === "invalid") return t("validation.date_invalid");
  const bounds = { from: formatFrDate(result.window.from), to: formatFrDate(result.window.to) };
  return t(kind === "birthday" ? "validation.birthday_out_of_range" : "validation.date_out_of_range", bounds);
}

function check(kind: DateWindowKind) {
  return (value: unknown, ctx: z.RefinementCtx): CalendarDate => {
    const result = readBoundedDate(value, kind, windowToday());
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: boundedDateMessage(result, kind)! });
      return z.NEVER;
    }
    return result.date;
  };
}

/** A date input of an HTML form: 'YYYY-MM-DD' within the window of its kind. */
export function formDate(kind: DateWindowKind) {
  return z
    .string({ error: t("validation.date_invalid") })
    .regex(/^\d{4}-\d{2}-\d{2}$/, t("validation.date_invalid"))
    .transform(check(kind));
}

/** A date of an /api body: unix seconds or 'YYYY-MM-DD', within the window of its kind. */
export function apiDate(kind: DateWindowKind) {
  return z.union([z.number(), z.string()], { error: t("validation.date_invalid") }).transform(check(kind));
}

/** A date of an /api path or query: 'YYYYMMDD' only (DESIGN §4), within the search window; null otherwise. */
export function apiSearchDate(value: string | null | undefined): CalendarDate | null {
  return value && /^\d{8}$/.test(value) ? searchDate(value, windowToday()) : null;
}

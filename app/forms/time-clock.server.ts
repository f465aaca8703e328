import * as z from "./z.server";
import { CLOCK_TYPES } from "~/domain/time-clock/clock-type";
import { t } from "~/i18n/fr";

/**
 * Forms of my badging screen and the /api clock bodies. Shapes only: the rules that need data (the day's zone,
 * the order of entries, the day being ended) are createSuggestion's, so the form and the /api give one message
 * per rule.
 */

/** The intents of /time-clock/badging (one form per button, told apart by `intent`). */
export const BADGING_INTENTS = ["start", "pause", "lunch", "end", "dismiss-notification", "suggest"] as const;
export type BadgingIntent = (typeof BADGING_INTENTS)[number];

/** Longest message of a suggested correction, in every door (badging form, team/division/agency views, /api). */
export const SUGGESTION_MESSAGE_MAX = 2000;

/**
 * The message of a suggested correction: required, 2,000 characters at most, clean text. The one schema of the
 * field: EditRequestForm, ApiSuggestBody and createSuggestion (the views' correction form) all read it.
 */
export const SuggestionMessage = z
  .string({ error: t("time_clock.edit_message_required") })
  .trim()
  .min(1, t("time_clock.edit_message_required"))
  .max(SUGGESTION_MESSAGE_MAX, t("time_clock.edit_message_too_long", { max: SUGGESTION_MESSAGE_MAX }));

const hhmm = z
  .string({ error: t("time_clock.edit_time_required") })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, t("time_clock.edit_time_required"));

/**
 * The edit request after END: a comment and the corrected entries (time + type each). Rows are added and removed
 * without JavaScript by conform's list intents (submit buttons), so the schema only describes a complete request.
 */
export const EditRequestForm = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  message: SuggestionMessage,
  entries: z
    .array(
      z.object({
        time: hhmm,
        type: z.enum(CLOCK_TYPES as unknown as [string, ...string[]], { error: t("time_clock.edit_type_required") }),
      }),
      { error: t("time_clock.edit_entries_required") },
    )
    .min(1, t("time_clock.edit_entries_required"))
    .max(20),
});
export type EditRequestFormValue = z.infer<typeof EditRequestForm>;

/** The history search (GET): both dates, as the date inputs send them. */
export const HistorySearch = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/**
 * POST /api/timeclock/suggest: a day (spec 2 §3 time clock with timeLogs and message). `date` is unix seconds or
 * YYYY-MM-DD; `employee` an IRI or id (default: the caller); `originSuggested` the day corrected (IRI or id).
 * Entry times are unix seconds.
 */
export const ApiSuggestBody = z.object({
  /** The corrected day's id, as a manager's client sends the day it read (issue 29 item 2). */
  id: z.union([z.number(), z.string()]).nullish(),
  date: z.union([z.number(), z.string()], { error: t("error.validation") }),
  employee: z.union([z.number(), z.string()]).nullish(),
  employeeId: z.number().int().positive().nullish(),
  originSuggested: z.union([z.number(), z.string(), z.object({ id: z.number() })]).nullish(),
  // Checked by createSuggestion with SuggestionMessage, so a missing message and missing entries come back together.
  message: z.string({ error: t("time_clock.edit_message_required") }).default(""),
  timeLogs: z
    .array(
      z.object({
        time: z.number({ error: t("time_clock.edit_time_required") }).int(),
        type: z.enum(CLOCK_TYPES as unknown as [string, ...string[]], { error: t("time_clock.edit_type_required") }),
      }),
      { error: t("time_clock.edit_entries_required") },
    )
    .max(20)
    .default([]),
});
export type ApiSuggestBody = z.infer<typeof ApiSuggestBody>;

import { readBoundedDate, type BoundedDate } from "~/domain/shared/date-window";
import { isCleanText } from "~/domain/shared/text";
import { boundedDateMessage, windowToday } from "./dates.server";
import * as z from "./z.server";
import { fromBodyDate } from "~/domain/shared/api-dates";
import { decimalFormValue } from "~/domain/shared/number-format";
import { duplicateHolidayIndexes, isBlankHolidayRow, isKnownTimezone } from "~/domain/organisation/rules";
import { t } from "~/i18n/fr";

/**
 * Settings forms (spec 1 §5) and their /api bodies (spec 1 §3, §7). The HTML forms and the /api bodies use the
 * same field names (`name`, `overtime.paid`, `holidays[0].date`, `country`...), so a violation found by the
 * service (`propertyPath`) lands on the same field in both. Relations are select values (ids) in the HTML forms
 * and IRIs ("/api/countries/3") in the /api bodies.
 */

const name = z
  .string({ error: t("settings.error.name_required") })
  .trim()
  .min(1, t("settings.error.name_required"))
  .max(120, t("settings.error.name_too_long"));

const city = z
  .string({ error: t("settings.error.city_required") })
  .trim()
  .min(1, t("settings.error.city_required"))
  .max(120, t("settings.error.name_too_long"));

const timezone = z
  .string({ error: t("settings.error.timezone_invalid") })
  .refine(isKnownTimezone, t("settings.error.timezone_invalid"));

// Read with a comma or a point (domain/shared/number-format.ts): the HTML inputs show a French comma.
const percent = z.preprocess(
  decimalFormValue,
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ""
          ? t("settings.error.percent_required")
          : t("settings.error.percent_range"),
    })
    .min(0, t("settings.error.percent_range"))
    .max(100, t("settings.error.percent_range")),
);

const overtime = z.object(
  {
    paid: percent,
    inRecuperation: percent,
    employeeInitiatedRecuperation: percent,
    employerInitiatedRecuperation: percent,
  },
  { error: t("settings.error.percent_required") },
);

/** A select value (HTML) or a bare id. */
const selectId = (required: string) => z.number({ error: required }).int(required).positive(required);

/** "/api/<collection>/12", "12" or 12 -> 12 for the expected collection (the /api relations are IRIs). */
export function refId(value: unknown, collection: string): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string") return null;
  const m = new RegExp(`^(?:/api/${collection}/)?(\\d{1,9})$`).exec(value.trim());
  return m && Number(m[1]) > 0 ? Number(m[1]) : null;
}

const iri = (collection: string, required: string, invalid: string) =>
  z
    .relationInput({ error: required })
    .transform((raw, ctx) => {
      const value = z.relationValue(raw);
      const id = refId(value, collection);
      if (id == null) {
        ctx.addIssue({ code: "custom", message: value === "" ? required : invalid });
        return z.NEVER;
      }
      return id;
    });

// ---------- holidays ----------

type RawHoliday = { date?: unknown; name?: unknown } | undefined;

/**
 * Row rules shared by the HTML form and the /api body: date and name required on a row, the date a real day within
 * the holiday window (docs/decisions/0015), the name clean text of 120 characters at most, one holiday per day.
 */
function checkHolidays(rows: RawHoliday[] | undefined, ctx: z.RefinementCtx, readDate: (v: unknown) => BoundedDate) {
  const dates = (rows ?? []).map((row) => {
    const r = row ?? {};
    const blank = isBlankHolidayRow({
      date: r.date == null ? "" : String(r.date),
      name: typeof r.name === "string" ? r.name : "",
    });
    const read = r.date == null || r.date === "" ? null : readDate(r.date);
    return { r, blank, read, date: read?.ok ? read.date : null };
  });
  dates.forEach(({ r, blank, read }, i) => {
    if (blank) return;
    if (!read) {
      ctx.addIssue({ code: "custom", path: ["holidays", i, "date"], message: t("settings.error.holiday_date_required") });
    } else if (!read.ok) {
      const message = read.code === "invalid" ? t("settings.error.holiday_date_invalid") : boundedDateMessage(read, "holiday")!;
      ctx.addIssue({ code: "custom", path: ["holidays", i, "date"], message });
    }
    if (typeof r.name !== "string" || !r.name.trim()) {
      ctx.addIssue({ code: "custom", path: ["holidays", i, "name"], message: t("settings.error.holiday_name_required") });
    } else if (!isCleanText(r.name)) {
      ctx.addIssue({ code: "custom", path: ["holidays", i, "name"], message: t("validation.text_forbidden_chars") });
    } else if (r.name.trim().length > 120) {
      ctx.addIssue({ code: "custom", path: ["holidays", i, "name"], message: t("settings.error.name_too_long") });
    }
  });
  for (const i of duplicateHolidayIndexes(dates.map((d) => ({ date: d.blank ? null : d.date })))) {
    ctx.addIssue({ code: "custom", path: ["holidays", i, "date"], message: t("settings.error.holiday_duplicate") });
  }
}

const holidayDate = (v: unknown) => readBoundedDate(v, "holiday", windowToday());
/** A date input sends 'YYYY-MM-DD' only. */
const htmlHolidayDate = (v: unknown): BoundedDate =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? holidayDate(v) : { ok: false, code: "invalid" };

// ---------- HTML forms (conform) ----------

/** The holiday rows of an HTML form (country, subsidiary): added and removed by conform's intent buttons. */
const htmlHolidays = z.array(z.object({ date: z.string().optional(), name: z.string().optional() }).optional()).optional();

export const CountryForm = z
  .object({
    name,
    timezone,
    overtime,
    holidays: htmlHolidays,
  })
  .superRefine((value, ctx) => checkHolidays(value.holidays, ctx, htmlHolidayDate));
export type CountryFormValue = z.infer<typeof CountryForm>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of the night agreement: empty, or HH:MM (a browser's time input may send seconds: cut). */
const nightTime = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().slice(0, 5))
  .refine((v) => v === "" || HHMM.test(v), t("overtime.policy.error.night_time"));

/**
 * A subsidiary and its local holidays (decision 0031), the same rows as a country's; its agreement on night work
 * (decision 0125): both times or none, and a premium.
 */
export const SubsidiaryForm = z
  .object({
    name,
    country: selectId(t("settings.error.country_required")),
    city,
    timezone,
    holidays: htmlHolidays,
    nightFrom: nightTime,
    nightTo: nightTime,
    nightRate: z.number({ error: t("overtime.policy.error.number") }).min(0, t("overtime.policy.error.rate", { min: 0, max: 400 })).max(400, t("overtime.policy.error.rate", { min: 0, max: 400 })).optional(),
  })
  .superRefine((value, ctx) => {
    checkHolidays(value.holidays, ctx, htmlHolidayDate);
    if ((value.nightFrom === "") !== (value.nightTo === "")) {
      ctx.addIssue({ code: "custom", path: [value.nightFrom === "" ? "nightFrom" : "nightTo"], message: t("settings.error.night_both") });
    }
  });

export const DivisionForm = z.object({
  name,
  subsidiary: selectId(t("settings.error.subsidiary_required")),
});

export const TeamForm = z.object({
  name,
  subsidiary: selectId(t("settings.error.subsidiary_required")),
  division: selectId(t("settings.error.division_required")),
});

// ---------- /api bodies ----------

/** The `holidays` of an /api body: absent keeps the stored ones, `[]` clears them. */
const bodyHolidays = z
  .array(
    z.object({
      date: z.bodyDate(),
      name: z.unknown().meta({ type: "string", minLength: 1, maxLength: 120, examples: ["Noël"] }),
    }),
    { error: t("settings.error.holiday_date_invalid") },
  )
  .optional();

export const CountryBody = z
  .object({
    name,
    timezone,
    overtime,
    holidays: bodyHolidays,
  })
  .superRefine((value, ctx) => checkHolidays(value.holidays, ctx, holidayDate));

export const SubsidiaryBody = z
  .object({
    name,
    country: iri("countries", t("settings.error.country_required"), t("settings.error.country_unknown")),
    city,
    timezone,
    holidays: bodyHolidays,
  })
  .superRefine((value, ctx) => checkHolidays(value.holidays, ctx, holidayDate));

export const DivisionBody = z.object({
  name,
  subsidiary: iri("subsidiaries", t("settings.error.subsidiary_required"), t("settings.error.subsidiary_unknown")),
});

export const TeamBody = z.object({
  name,
  subsidiary: iri("subsidiaries", t("settings.error.subsidiary_required"), t("settings.error.subsidiary_unknown")),
  division: iri("divisions", t("settings.error.division_required"), t("settings.error.division_unknown")),
});

// ---------- to the service inputs ----------

export interface CountryInput {
  name: string;
  timezone: string;
  overtime: { paid: number; inRecuperation: number; employeeInitiatedRecuperation: number; employerInitiatedRecuperation: number };
  /** The full new list; undefined (an /api body without `holidays`) keeps the stored holidays. */
  holidays: { date: string; name: string }[] | undefined;
}
export interface SubsidiaryInput {
  name: string;
  countryId: number;
  city: string;
  timezone: string;
  /** Its local holidays (decision 0031), the full new list; undefined (an /api body without `holidays`) keeps them. */
  holidays?: { date: string; name: string }[] | undefined;
  /** Its night agreement (decision 0125); undefined (an /api body) keeps it; nulls: the country's. */
  night?: { from: string | null; to: string | null; rate: number | null } | undefined;
}
export interface DivisionInput {
  name: string;
  subsidiaryId: number;
}
export interface TeamInput {
  name: string;
  subsidiaryId: number;
  divisionId: number;
}

/** Holiday rows as the service takes them: blank rows dropped (an added row never filled), dates YYYY-MM-DD. */
function toHolidayRows(rows: RawHoliday[] | undefined): { date: string; name: string }[] | undefined {
  if (rows === undefined) return undefined;
  const holidays: { date: string; name: string }[] = [];
  rows.forEach((row) => {
    const r = row ?? {};
    const date = r.date == null || r.date === "" ? null : fromBodyDate(r.date);
    const n = typeof r.name === "string" ? r.name.trim() : "";
    if (!date && !n) return;
    holidays.push({ date: date ?? "", name: n });
  });
  return holidays;
}

/** A country form or /api body as the service input (holidays: see toHolidayRows). */
export function toCountryInput(value: {
  name: string;
  timezone: string;
  overtime: CountryInput["overtime"];
  holidays?: RawHoliday[] | undefined;
}): CountryInput {
  return { name: value.name, timezone: value.timezone, overtime: value.overtime, holidays: toHolidayRows(value.holidays) };
}

/** A subsidiary form or /api body (relations already ids) as the service input. */
export function toSubsidiaryInput(value: {
  name: string;
  country: number;
  city: string;
  timezone: string;
  holidays?: RawHoliday[] | undefined;
  nightFrom?: string;
  nightTo?: string;
  nightRate?: number;
}): SubsidiaryInput {
  const input: SubsidiaryInput = { name: value.name, countryId: value.country, city: value.city, timezone: value.timezone, holidays: toHolidayRows(value.holidays) };
  // The HTML form sends the night fields (empty: the country's); an /api body does not, and keeps the agreement.
  if (value.nightFrom !== undefined || value.nightTo !== undefined || value.nightRate !== undefined) {
    input.night = { from: value.nightFrom || null, to: value.nightTo || null, rate: value.nightRate ?? null };
  }
  return input;
}

export function toDivisionInput(value: { name: string; subsidiary: number }): DivisionInput {
  return { name: value.name, subsidiaryId: value.subsidiary };
}

export function toTeamInput(value: { name: string; subsidiary: number; division: number }): TeamInput {
  return { name: value.name, subsidiaryId: value.subsidiary, divisionId: value.division };
}

/** "holidays.2.date" (a service or /api violation) -> "holidays[2].date" (a conform field name). */
export function toFieldName(propertyPath: string): string {
  return propertyPath.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** Service violations as conform field errors. */
export function fieldErrors(violations: { propertyPath: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of violations) (out[toFieldName(v.propertyPath || "")] ??= []).push(v.message);
  return out;
}

/** A positive integer id of a URL, or null. */
export function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return /^\d{1,9}$/.test(value ?? "") && id > 0 ? id : null;
}

/** The `{id}` of a settings page; anything but a positive integer is a 404 page. */
export function settingsId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new Response(null, { status: 404 });
  return id;
}

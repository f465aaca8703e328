import { readBoundedDate } from "~/domain/shared/date-window";
import { boundedDateMessage, windowToday } from "./dates.server";
import * as z from "./z.server";
import { FRANCE_POLICY, PORTUGAL_POLICY, type OvertimeBand, type OvertimePolicy } from "~/domain/overtime/policy";
import { FRENCH_NIGHT, PORTUGUESE_NIGHT } from "~/domain/overtime/night-work";
import type { LeaveReason } from "~/domain/leave/days";
import { isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";

/**
 * The overtime policy form of a country (Settings > country > overtime rules). This schema only reads the fields
 * (numbers, dates, choices) with French messages; the rules between them (rates ≥ 10 %, ranks increasing,
 * percentages summing to 100, ...) are the domain's `validatePolicy`, run by the service, whose violations come
 * back on the same field names.
 */

const number = z.number({
  error: (issue) => (issue.input === undefined || issue.input === "" ? t("overtime.policy.error.required") : t("overtime.policy.error.number")),
});
const optionalNumber = z.number({ error: t("overtime.policy.error.number") }).optional();
const band = z.object({ fromRank: optionalNumber, rate: optionalNumber }).optional();

export const OvertimePolicyForm = z.object({
  effectiveFrom: z
    .string({ error: t("overtime.policy.error.date") })
    .refine((v) => isCalendarDate(v), t("overtime.policy.error.date"))
    // Within 1950 .. today + 2 years like the contract dates (docs/decisions/0015).
    .superRefine((v, ctx) => {
      const read = isCalendarDate(v) ? readBoundedDate(v, "contract", windowToday()) : null;
      if (read && !read.ok) ctx.addIssue({ code: "custom", message: boundedDateMessage(read, "contract")! });
    }),
  mode: z.enum(["weekly", "daily"], { error: t("overtime.policy.error.mode") }),
  legalWeekHours: number,
  bands: z.array(band).optional(),
  restDayRate: optionalNumber,
  enhancedFromHours: optionalNumber,
  enhancedBands: z.array(band).optional(),
  enhancedRestDayRate: optionalNumber,
  complementaryEnabled: z.boolean().optional(),
  complementary: z
    .object({ firstBandDivisor: optionalNumber, firstRate: optionalNumber, secondRate: optionalNumber, capDivisor: optionalNumber })
    .optional(),
  countedAbsences: z.array(z.string()).optional(),
  // Empty: the counted absences always count (decision 0126).
  countedAbsencesFrom: z.string().optional(),
  holidaysCountAsWork: z.boolean().optional(),
  holidayRate: number,
  holidayRates: z.array(z.object({ monthDay: z.string().optional(), rate: optionalNumber }).optional()).optional(),
  sundayRate: number,
  annualQuotaHours: number,
  smallCompanyQuotaHours: optionalNumber,
  smallCompanyMaxEmployees: number,
  mandatoryRestSmallPercent: number,
  mandatoryRestLargePercent: number,
  quotaCounts: z.enum(["paid", "all"], { error: t("overtime.policy.error.quota_counts") }),
  // The night period and its premium (issue 40): absent from an older form, the law's default of the mode.
  nightFrom: z.string().optional(),
  nightTo: z.string().optional(),
  nightRate: optionalNumber,
  paid: number,
  inRecuperation: number,
  employeeInitiatedRecuperation: number,
  employerInitiatedRecuperation: number,
});
export type OvertimePolicyFormValue = z.output<typeof OvertimePolicyForm>;

/** Band rows with both cells blank are unused rows; a half-filled row is kept so the domain names its error. */
function bandsOf(rows: OvertimePolicyFormValue["bands"]): OvertimeBand[] {
  return (rows ?? [])
    .filter((r): r is NonNullable<typeof r> => !!r && (r.fromRank !== undefined || r.rate !== undefined))
    .map((r) => ({ fromRank: r.fromRank ?? Number.NaN, rate: r.rate ?? Number.NaN }));
}

/**
 * The form's value as a policy row to save. Unused band and holiday rows drop out; with the part-time box
 * unchecked there is no heures complémentaires rule; an empty optional number is null.
 */
export function toPolicyInput(v: OvertimePolicyFormValue): OvertimePolicy & { effectiveFrom: CalendarDate } {
  const c = v.complementary ?? {};
  return {
    effectiveFrom: v.effectiveFrom,
    mode: v.mode,
    legalWeekHours: v.legalWeekHours,
    bands: bandsOf(v.bands),
    restDayRate: v.restDayRate ?? null,
    enhancedFromHours: v.enhancedFromHours ?? null,
    enhancedBands: bandsOf(v.enhancedBands),
    enhancedRestDayRate: v.enhancedRestDayRate ?? null,
    complementary: v.complementaryEnabled
      ? {
          firstBandDivisor: c.firstBandDivisor ?? Number.NaN,
          firstRate: c.firstRate ?? Number.NaN,
          secondRate: c.secondRate ?? Number.NaN,
          capDivisor: c.capDivisor ?? Number.NaN,
        }
      : null,
    countedAbsences: (v.countedAbsences ?? []) as LeaveReason[],
    countedAbsencesFrom: (v.countedAbsencesFrom ?? "").trim() === "" ? null : (v.countedAbsencesFrom ?? "").trim(),
    holidaysCountAsWork: v.holidaysCountAsWork ?? false,
    holidayRate: v.holidayRate,
    holidayRates: (v.holidayRates ?? [])
      .filter((r): r is NonNullable<typeof r> => !!r && ((r.monthDay ?? "").trim() !== "" || r.rate !== undefined))
      .map((r) => ({ monthDay: (r.monthDay ?? "").trim(), rate: r.rate ?? Number.NaN })),
    sundayRate: v.sundayRate,
    annualQuotaHours: v.annualQuotaHours,
    smallCompanyQuotaHours: v.smallCompanyQuotaHours ?? null,
    smallCompanyMaxEmployees: v.smallCompanyMaxEmployees,
    mandatoryRestSmallPercent: v.mandatoryRestSmallPercent,
    mandatoryRestLargePercent: v.mandatoryRestLargePercent,
    quotaCounts: v.quotaCounts,
    nightPeriod:
      (v.nightFrom ?? "").trim() === "" && (v.nightTo ?? "").trim() === ""
        ? (v.mode === "daily" ? PORTUGUESE_NIGHT : FRENCH_NIGHT)
        : { from: (v.nightFrom ?? "").trim(), to: (v.nightTo ?? "").trim() },
    nightRate: v.nightRate ?? (v.mode === "daily" ? PORTUGAL_POLICY.nightRate : FRANCE_POLICY.nightRate),
    paid: v.paid,
    inRecuperation: v.inRecuperation,
    employeeInitiatedRecuperation: v.employeeInitiatedRecuperation,
    employerInitiatedRecuperation: v.employerInitiatedRecuperation,
  };
}

/** A policy as the form's default values (strings, as the inputs hold them), with enough blank rows. */
export function policyFormDefaults(policy: OvertimePolicy, effectiveFrom: CalendarDate): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {
    effectiveFrom,
    mode: policy.mode,
    legalWeekHours: String(policy.legalWeekHours),
    restDayRate: policy.restDayRate === null ? "" : String(policy.restDayRate),
    enhancedFromHours: policy.enhancedFromHours === null ? "" : String(policy.enhancedFromHours),
    enhancedRestDayRate: policy.enhancedRestDayRate === null ? "" : String(policy.enhancedRestDayRate),
    complementaryEnabled: policy.complementary ? "on" : "",
    countedAbsences: [...policy.countedAbsences],
    countedAbsencesFrom: policy.countedAbsencesFrom ?? "",
    holidaysCountAsWork: policy.holidaysCountAsWork ? "on" : "",
    holidayRate: String(policy.holidayRate),
    sundayRate: String(policy.sundayRate),
    annualQuotaHours: String(policy.annualQuotaHours),
    smallCompanyQuotaHours: policy.smallCompanyQuotaHours === null ? "" : String(policy.smallCompanyQuotaHours),
    smallCompanyMaxEmployees: String(policy.smallCompanyMaxEmployees),
    mandatoryRestSmallPercent: String(policy.mandatoryRestSmallPercent),
    mandatoryRestLargePercent: String(policy.mandatoryRestLargePercent),
    quotaCounts: policy.quotaCounts,
    nightFrom: policy.nightPeriod.from,
    nightTo: policy.nightPeriod.to,
    nightRate: String(policy.nightRate),
    paid: String(policy.paid),
    inRecuperation: String(policy.inRecuperation),
    employeeInitiatedRecuperation: String(policy.employeeInitiatedRecuperation),
    employerInitiatedRecuperation: String(policy.employerInitiatedRecuperation),
  };
  policy.bands.forEach((b, i) => {
    out[`bands[${i}].fromRank`] = String(b.fromRank);
    out[`bands[${i}].rate`] = String(b.rate);
  });
  policy.enhancedBands.forEach((b, i) => {
    out[`enhancedBands[${i}].fromRank`] = String(b.fromRank);
    out[`enhancedBands[${i}].rate`] = String(b.rate);
  });
  const c = policy.complementary;
  out["complementary.firstBandDivisor"] = String(c?.firstBandDivisor ?? 10);
  out["complementary.firstRate"] = String(c?.firstRate ?? 10);
  out["complementary.secondRate"] = String(c?.secondRate ?? 25);
  out["complementary.capDivisor"] = String(c?.capDivisor ?? 3);
  policy.holidayRates.forEach((h, i) => {
    out[`holidayRates[${i}].monthDay`] = h.monthDay;
    out[`holidayRates[${i}].rate`] = String(h.rate);
  });
  return out;
}

/** Flattens conform's nested initialValue ({ bands: [{ rate: "25" }] }) into field names ("bands[0].rate"). */
export function flattenFormValue(value: unknown, prefix = "", out: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  if (typeof value === "string") out[prefix] = value;
  else if (Array.isArray(value) && value.every((v) => typeof v === "string")) out[prefix] = value as string[];
  else if (Array.isArray(value)) value.forEach((v, i) => flattenFormValue(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flattenFormValue(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

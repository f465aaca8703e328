import { formatFrDate } from "~/domain/shared/date-range";
import { t, type MessageKey } from "~/i18n/fr";

/**
 * The French error map of every zod schema (installed once by app/forms/z.server.ts, docs/decisions/0016): a
 * schema's own message wins; this map speaks for the issues nobody wrote a message for (wrong type, missing
 * field, too small or too big, unknown choice, bad format), so neither the forms nor the /api ever answer in
 * English. Texts are the catalogue's (`validation.*`).
 */

/** The part of a zod issue this map reads (zod 4's raw issue, kept structural so this stays zod-version proof). */
export interface IssueLike {
  code?: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  format?: unknown;
  divisor?: unknown;
  keys?: unknown;
}

const TYPE_NAMES: Record<string, MessageKey> = {
  string: "validation.type.string",
  number: "validation.type.number",
  int: "validation.type.int",
  bigint: "validation.type.number",
  boolean: "validation.type.boolean",
  object: "validation.type.object",
  array: "validation.type.array",
  tuple: "validation.type.array",
  record: "validation.type.object",
  date: "validation.type.date",
};

function bound(value: unknown, origin: unknown): string {
  if (origin === "date") {
    const date = value instanceof Date ? value : new Date(Number(value));
    return Number.isNaN(date.getTime()) ? String(value) : formatFrDate(date.toISOString().slice(0, 10));
  }
  return typeof value === "number" || typeof value === "bigint" ? value.toLocaleString("fr-FR") : String(value);
}

function sizeMessage(issue: IssueLike, side: "too_small" | "too_big"): string {
  const origin = String(issue.origin ?? "number");
  const value = side === "too_small" ? issue.minimum : issue.maximum;
  const param = side === "too_small" ? "min" : "max";
  if (origin === "string") return t(`validation.${side}.string`, { [param]: bound(value, origin) });
  if (origin === "array" || origin === "set" || origin === "file") return t(`validation.${side}.array`, { [param]: bound(value, origin) });
  if (origin === "date") return t(`validation.${side}.date`, { [param]: bound(value, origin) });
  const exclusive = issue.inclusive === false;
  return t(exclusive ? `validation.${side}.number_exclusive` : `validation.${side}.number`, { [param]: bound(value, origin) });
}

/**
 * French text of a zod issue.
 *
 * @example frenchIssueMessage({ code: "invalid_type", expected: "string", input: 3 }) // "Valeur invalide : un texte est attendu."
 * @example frenchIssueMessage({ code: "invalid_type", expected: "string", input: undefined }) // "Ce champ est obligatoire."
 */
export function frenchIssueMessage(issue: IssueLike): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return t("validation.required");
      if (issue.expected === "number" || issue.expected === "int" || issue.expected === "nan") {
        if (typeof issue.input === "string" || (typeof issue.input === "number" && !Number.isFinite(issue.input))) {
          return t("validation.not_a_number");
        }
      }
      const key = TYPE_NAMES[String(issue.expected)] ?? "validation.type.other";
      return t("validation.type", { expected: t(key) });
    }
    case "too_small":
      return sizeMessage(issue, "too_small");
    case "too_big":
      return sizeMessage(issue, "too_big");
    case "invalid_value":
      return t("validation.choice");
    case "invalid_format":
      return issue.format === "email" ? t("validation.email") : t("validation.format");
    case "not_multiple_of":
      return t("validation.multiple_of", { divisor: bound(issue.divisor, "number") });
    case "unrecognized_keys":
      return t("validation.unknown_keys", { keys: Array.isArray(issue.keys) ? issue.keys.join(", ") : "" });
    default:
      // invalid_union, invalid_key, invalid_element, custom: nothing more precise to say.
      return t("validation.invalid");
  }
}

/**
 * The one door to zod for the whole app (docs/decisions/0016). Every schema imports `* as z` from here, never from
 * "zod" (tests/unit/zod-door.test.ts checks it), so that:
 * - the French error map is installed before any schema exists: whoever parses (web server, /api, worker,
 *   tests) got it by importing the schema;
 * - `z.string()` is the shared text schema: it refuses NUL bytes and lone UTF-16 surrogates (PostgreSQL cannot
 *   store the first, the second is not text), with a French message, in every form and /api body at once.
 */
import * as zod from "zod";
import { isCleanText } from "~/domain/shared/text";
import { t } from "~/i18n/fr";
import { frenchIssueMessage } from "./zod-fr.server";

export * from "zod";

zod.config({ customError: frenchIssueMessage });

/** zod's string, refusing text that cannot be stored (see isCleanText); the other checks chain as usual. */
export function string(params?: Parameters<typeof zod.string>[0]): zod.ZodString {
  return zod.string(params).refine(isCleanText, { message: t("validation.text_forbidden_chars"), abort: true });
}

/**
 * An /api body date as the service reads it (`fromBodyDate`: unix seconds of the day or "YYYY-MM-DD"): accepted as
 * any value here so that the service answers an unreadable one with its French message per field, and described
 * in the OpenAPI document as what it is (issue 43 item 1: no `{}` property).
 */
export function bodyDate() {
  return zod.unknown().meta({
    anyOf: [
      { type: "integer", description: "secondes Unix d'un instant du jour (de minuit à midi, heure de l'agence)" },
      { type: "string", format: "date", description: "AAAA-MM-JJ" },
    ],
    examples: ["2026-12-15"],
  });
}

/**
 * A relation as an /api body may send it (issue 43 item 3: what GET answers, PUT accepts): an IRI
 * ("/api/teams/3"), an id, or the embedded object GET gave (`{"@id": "/api/teams/3", …}`, only its `@id` is read).
 * The caller's transform reads the IRI or the id from `relationValue`.
 */
export function relationInput(params?: Parameters<typeof zod.union>[1]) {
  return zod.union([zod.string(), zod.number(), zod.object({ "@id": zod.string() })], params);
}

/** The IRI or id of a `relationInput` value. */
export function relationValue(value: string | number | { "@id": string }): string | number {
  return typeof value === "object" ? value["@id"] : value;
}

/** The error map is installed (for entry points that parse nothing at start but want to be sure). */
export function installFrenchErrors(): void {
  zod.config({ customError: frenchIssueMessage });
}

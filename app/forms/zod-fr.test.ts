import { describe, expect, it } from "vitest";
import * as z from "./z.server";
import { ApiLeaveBody } from "./leave.server";
import { EmployeeBody } from "./employee.server";
import { ApiSuggestBody } from "./time-clock.server";
import { CountryBody, SubsidiaryBody, TeamBody } from "./settings.server";
import { ApiLoginBody } from "./auth.server";

const ENGLISH = /\b(invalid input|expected|received|too (small|big)|must|should|string|number|required)\b/i;

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("the French error map (installed by z.server.ts for every schema)", () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ["a missing string", z.object({ a: z.string() }), {}, "Ce champ est obligatoire."],
    ["null for a string", z.object({ a: z.string() }), { a: null }, "Ce champ est obligatoire."],
    ["a number for a string", z.string(), 3, "Valeur invalide : un texte est attendu."],
    ["a string for a number", z.number(), "abc", "Saisissez un nombre."],
    ["NaN for a number", z.number(), Number.NaN, "Saisissez un nombre."],
    ["an object for a boolean", z.boolean(), {}, "Valeur invalide : oui ou non (booléen) est attendu."],
    ["a string for an array", z.array(z.string()), "x", "Valeur invalide : une liste est attendu."],
    ["an array for an object", z.object({}), [], "Valeur invalide : un objet est attendu."],
    ["a float for an int", z.number().int(), 1.5, "Valeur invalide : un nombre entier est attendu."],
    ["a short string", z.string().min(3), "ab", "Saisissez au moins 3 caractères."],
    ["a long string", z.string().max(2), "abc", "Saisissez au plus 2 caractères."],
    ["a small number", z.number().min(1), 0, "La valeur doit être supérieure ou égale à 1."],
    ["a non-positive number", z.number().positive(), 0, "La valeur doit être strictement supérieure à 0."],
    ["a big number", z.number().max(1000), 12345, "La valeur doit être inférieure ou égale à 1\u202f000."],
    ["too many items", z.array(z.number()).max(1), [1, 2], "Au plus 1 élément."],
    ["an unknown choice", z.enum(["a", "b"]), "c", "Choisissez une valeur de la liste."],
    ["a wrong literal", z.literal("all"), "x", "Choisissez une valeur de la liste."],
    ["a bad e-mail", z.email(), "x", "Email invalide"],
    ["a regex mismatch", z.string().regex(/^\d+$/), "x", "Format invalide."],
    ["a union of nothing matching", z.union([z.string(), z.number()]), true, "Valeur invalide."],
    ["an invalid date object", z.date(), new Date(Number.NaN), "Valeur invalide : une date est attendu."],
    ["a date too early", z.date().min(new Date("2026-01-01")), new Date("2025-01-01"), "La date doit être postérieure ou égale au 01/01/2026."],
    ["an unknown key of a strict object", z.strictObject({}), { x: 1 }, "Champ(s) inconnu(s) : x."],
    ["a NUL byte in text", z.string(), "a\u0000b", "Ce texte contient un caractère interdit (caractère nul ou caractère Unicode incomplet)."],
    ["a lone surrogate in text", z.string().trim().min(1).max(10), "\uD800", "Ce texte contient un caractère interdit (caractère nul ou caractère Unicode incomplet)."],
  ])("%s", (_, schema, value, expected) => {
    expect(messages(schema, value)).toEqual([expected]);
  });

  it("keeps a schema's own message", () => {
    expect(messages(z.string({ error: "À moi" }), 3)).toEqual(["À moi"]);
  });

  // Wrong types in the real /api bodies: every message French, none of zod's English words.
  it.each<[string, z.ZodType, unknown]>([
    ["leave body with wrong types", ApiLeaveBody, { reason: 1, comment: 2, halfDayMorning: "yes", nbHourAbsence: "x", urgent: [] }],
    ["employee body with wrong types", EmployeeBody, { firstname: 1, matricule: "x", weeks: "x", profileType: 3, birthday: true, team: {} }],
    ["suggestion body with wrong types", ApiSuggestBody, { date: {}, message: 3, timeLogs: [{ time: "x", type: 1 }] }],
    ["country body with wrong types", CountryBody, { name: 1, timezone: 2, overtime: [], holidays: "x" }],
    ["subsidiary body with wrong types", SubsidiaryBody, { name: 1, country: {}, city: [], timezone: 2, holidays: [{ date: 3, name: {} }, "x"] }],
    ["subsidiary body with holidays not a list", SubsidiaryBody, { name: "A", country: 1, city: "B", timezone: "UTC", holidays: "x" }],
    ["team body with wrong types", TeamBody, { name: [], subsidiary: true, division: null }],
    ["login body with wrong types", ApiLoginBody, { username: 1, password: {} }],
  ])("%s", (_, schema, value) => {
    const found = messages(schema, value);
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) expect(message).not.toMatch(ENGLISH);
  });
});

import { describe, expect, it } from "vitest";
import {
  defaultPolicyFor,
  FRANCE_POLICY,
  policyInForce,
  PORTUGAL_POLICY,
  validatePolicy,
  type OvertimePolicy,
} from "./policy";

describe("validatePolicy", () => {
  it.each<{ name: string; policy: OvertimePolicy }>([
    { name: "France's default", policy: FRANCE_POLICY },
    { name: "Portugal's default", policy: PORTUGAL_POLICY },
    { name: "an agreement at +10 % and 50/50", policy: { ...FRANCE_POLICY, bands: [{ fromRank: 1, rate: 10 }], paid: 50, inRecuperation: 50 } },
    { name: "decimal percentages summing to 100", policy: { ...FRANCE_POLICY, paid: 33.33, inRecuperation: 66.67 } },
    { name: "no heures complémentaires rule", policy: { ...FRANCE_POLICY, complementary: null } },
  ])("accepts $name", ({ policy }) => {
    expect(validatePolicy(policy)).toEqual([]);
  });

  it.each<{ name: string; policy: OvertimePolicy & { effectiveFrom?: string }; path: string; message: string }>([
    { name: "a band rate below 10 %", policy: { ...FRANCE_POLICY, bands: [{ fromRank: 1, rate: 5 }] }, path: "bands[0].rate", message: "Le taux de majoration doit être compris entre 10 % et 400 %." },
    { name: "no band", policy: { ...FRANCE_POLICY, bands: [] }, path: "bands", message: "Indiquez au moins une tranche de majoration." },
    { name: "a first band not at rank 1", policy: { ...FRANCE_POLICY, bands: [{ fromRank: 2, rate: 25 }] }, path: "bands[0].fromRank", message: "La première tranche doit commencer à la 1re heure supplémentaire." },
    {
      name: "ranks not increasing",
      policy: { ...FRANCE_POLICY, bands: [{ fromRank: 1, rate: 25 }, { fromRank: 9, rate: 50 }, { fromRank: 9, rate: 60 }] },
      path: "bands[2].fromRank",
      message: "Les rangs des tranches doivent être croissants.",
    },
    { name: "a fractional rank", policy: { ...FRANCE_POLICY, bands: [{ fromRank: 1, rate: 25 }, { fromRank: 8.5, rate: 50 }] }, path: "bands[1].fromRank", message: "Le rang d'une tranche doit être un nombre entier d'heures entre 1 et 168." },
    { name: "paid + recovery not 100", policy: { ...FRANCE_POLICY, paid: 60, inRecuperation: 30 }, path: "inRecuperation", message: "La part payée et la part en récupération doivent faire 100 % à elles deux." },
    {
      name: "the two initiatives not 100",
      policy: { ...FRANCE_POLICY, employeeInitiatedRecuperation: 70, employerInitiatedRecuperation: 70 },
      path: "employerInitiatedRecuperation",
      message: "Les récupérations à l'initiative de l'employé et de l'employeur doivent faire 100 % à elles deux.",
    },
    { name: "a percentage above 100", policy: { ...FRANCE_POLICY, paid: 120, inRecuperation: -20 }, path: "paid", message: "Le pourcentage doit être compris entre 0 et 100." },
    { name: "a legal week of 60 h", policy: { ...FRANCE_POLICY, legalWeekHours: 60 }, path: "legalWeekHours", message: "La durée légale hebdomadaire doit être comprise entre 0 et 48 heures." },
    { name: "a zero quota", policy: { ...FRANCE_POLICY, annualQuotaHours: 0 }, path: "annualQuotaHours", message: "Le nombre d'heures doit être supérieur à 0 et au plus 8784." },
    { name: "a daily policy without a rest-day rate", policy: { ...PORTUGAL_POLICY, restDayRate: null }, path: "restDayRate", message: "Le taux de majoration doit être compris entre 10 % et 400 %." },
    { name: "enhanced bands without a threshold", policy: { ...PORTUGAL_POLICY, enhancedFromHours: null }, path: "enhancedFromHours", message: "Indiquez le seuil annuel à partir duquel les tranches renforcées s'appliquent." },
    { name: "an unknown leave reason", policy: { ...FRANCE_POLICY, countedAbsences: ["HOLIDAY" as never] }, path: "countedAbsences", message: "Motif d'absence inconnu." },
    { name: "a holiday written 1 May", policy: { ...FRANCE_POLICY, holidayRates: [{ monthDay: "1 May", rate: 100 }] }, path: "holidayRates[0].monthDay", message: "Le jour férié doit être indiqué au format MM-JJ (par exemple 05-01)." },
    { name: "a 31 February holiday", policy: { ...FRANCE_POLICY, holidayRates: [{ monthDay: "02-31", rate: 100 }] }, path: "holidayRates[0].monthDay", message: "Le jour férié doit être indiqué au format MM-JJ (par exemple 05-01)." },
    {
      name: "a cap below the first band of heures complémentaires",
      policy: { ...FRANCE_POLICY, complementary: { firstBandDivisor: 3, firstRate: 10, secondRate: 25, capDivisor: 10 } },
      path: "complementary.capDivisor",
      message: "Le plafond des heures complémentaires ne peut pas être inférieur à la première tranche.",
    },
    { name: "an impossible effective date", policy: { ...FRANCE_POLICY, effectiveFrom: "2026-02-30" }, path: "effectiveFrom", message: "La date d'entrée en vigueur doit être une date valide (AAAA-MM-JJ)." },
    { name: "a rate of 2500 % typed for 25", policy: { ...FRANCE_POLICY, bands: [{ fromRank: 1, rate: 2500 }] }, path: "bands[0].rate", message: "Le taux de majoration doit être compris entre 10 % et 400 %." },
  ])("refuses $name", ({ policy, path, message }) => {
    const violations = validatePolicy(policy);
    expect(violations).toContainEqual(expect.objectContaining({ propertyPath: path, message }));
  });
});

describe("defaultPolicyFor", () => {
  it.each([
    { country: "France", mode: "weekly" },
    { country: " portugal ", mode: "daily" },
    { country: "Belgique", mode: "weekly" },
  ])("$country -> $mode", ({ country, mode }) => {
    expect(defaultPolicyFor(country).mode).toBe(mode);
  });
});

describe("policyInForce", () => {
  const rows = [
    { id: 1, effectiveFrom: "2020-01-01" },
    { id: 3, effectiveFrom: "2026-01-01" },
    { id: 2, effectiveFrom: "2024-06-01" },
  ];
  it.each([
    { name: "before every row", date: "2019-12-31", id: null },
    { name: "on the first day of a row", date: "2024-06-01", id: 2 },
    { name: "the day before the next row", date: "2025-12-31", id: 2 },
    { name: "after the latest row", date: "2027-03-01", id: 3 },
  ])("$name", ({ date, id }) => {
    expect(policyInForce(rows, date)?.id ?? null).toBe(id);
  });
});

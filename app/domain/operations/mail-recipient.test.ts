import { describe, expect, it } from "vitest";
import { mailRefusal } from "./mail-recipient";

/** Issue 42 §6, decision 0121: no mail to an archived or anonymised person. */
describe("mailRefusal", () => {
  const active = { firedAt: null, anonymisedAt: null };
  it.each([
    ["an active person", "lea@cadran.test", active, null],
    ["an outside address (no sheet)", "rh@prestataire.fr", null, null],
    ["an archived person (departure date set, even ahead)", "lea@cadran.test", { firedAt: "2027-01-31", anonymisedAt: null }, "archived"],
    ["an anonymised person", "anonyme-24@anonyme.invalid", { firedAt: "2020-01-31", anonymisedAt: "2026-11-01" }, "undeliverable"],
    ["an anonymised sheet found by another address", "old@cadran.test", { firedAt: "2020-01-31", anonymisedAt: "2026-11-01" }, "anonymised"],
    ["a .invalid address of no sheet", "x@anonyme.INVALID", null, "undeliverable"],
    ["a domain merely containing invalid", "lea@invalid.fr", null, null],
  ] as const)("%s", (_name, address, person, expected) => {
    expect(mailRefusal(address, person)).toBe(expected);
  });
});

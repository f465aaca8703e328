import { beforeAll, describe, expect, it } from "vitest";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { AppError } from "~/services/shared/errors";
import {
  enrolmentOf,
  enrolTerminal,
  listTerminals,
  registerTerminal,
  renewEnrolLink,
  resumeTerminal,
  revokeTerminal,
  terminalOfSecret,
} from "~/services/time-clock/terminals.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";

/** Terminals as devices (issue 46 item 1): register, enrol once, use, pause/resume, revoke. Fixed instants. */
const db = useTestDatabase();
const NOW = new Date("2026-12-22T07:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;

let org: Org;
let head: CurrentUser;
let employee: CurrentUser;

beforeAll(async () => {
  org = await createOrg(db.em());
  head = (await loadCurrentUser(db.em(), (await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" })).userId))!;
  employee = (await loadCurrentUser(db.em(), (await createEmployee(db.em(), org)).userId))!;
});

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe("terminals", () => {
  it("registers, lists as pending, enrols once, and stores only hashes", async () => {
    const link = await registerTerminal(db.em(), head, { subsidiaryId: org.subsidiaryId, name: " Entrée atelier ", place: "Hall A" }, NOW);
    expect(link.name).toBe("Entrée atelier");
    expect(link.expiresAt).toEqual(later(24 * HOUR));
    let [row] = (await listTerminals(db.em(), head, NOW)).filter((r) => r.id === link.id);
    expect(row).toMatchObject({ name: "Entrée atelier", place: "Hall A", state: "pending", lastUsedAt: null, subsidiary: { id: org.subsidiaryId, name: "3 Print" } });

    expect(await enrolmentOf(db.em(), link.token, later(HOUR))).toEqual({ name: "Entrée atelier", subsidiary: "3 Print" });
    const enrolled = await enrolTerminal(db.em(), link.token, later(HOUR));
    expect(enrolled).toMatchObject({ id: link.id, name: "Entrée atelier" });
    // Single use: the same link again is refused, and so is a second device racing it.
    expect(await enrolTerminal(db.em(), link.token, later(HOUR))).toBeNull();
    expect(await enrolmentOf(db.em(), link.token, later(HOUR))).toBeNull();

    const [stored] = await db.sql<{ secret_hash: string; enrol_token_hash: string | null }>("select secret_hash, enrol_token_hash from terminal where id = ?", [link.id]);
    expect(stored!.enrol_token_hash).toBeNull();
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(enrolled!.secret);

    const device = await terminalOfSecret(db.em(), enrolled!.secret, later(2 * HOUR));
    expect(device).toEqual({ id: link.id, name: "Entrée atelier", place: "Hall A", subsidiaryId: org.subsidiaryId, paused: false });
    [row] = (await listTerminals(db.em(), head, later(2 * HOUR))).filter((r) => r.id === link.id);
    expect(row).toMatchObject({ state: "active", lastUsedAt: later(2 * HOUR) });
    expect(await terminalOfSecret(db.em(), "not-the-secret", NOW)).toBeNull();
  });

  it("a link past 24 hours does not enrol; a new link does, and replaces the device", async () => {
    const link = await registerTerminal(db.em(), head, { subsidiaryId: org.subsidiaryId, name: "Quai", place: "" }, NOW);
    expect(await enrolTerminal(db.em(), link.token, later(24 * HOUR))).toBeNull();
    expect((await listTerminals(db.em(), head, later(24 * HOUR))).find((r) => r.id === link.id)?.state).toBe("expired");
    const renewed = await renewEnrolLink(db.em(), head, link.id, later(25 * HOUR));
    const first = await enrolTerminal(db.em(), renewed.token, later(26 * HOUR));
    expect(first).not.toBeNull();
    const again = await renewEnrolLink(db.em(), head, link.id, later(27 * HOUR));
    const second = await enrolTerminal(db.em(), again.token, later(27 * HOUR));
    expect(await terminalOfSecret(db.em(), first!.secret, later(28 * HOUR))).toBeNull();
    expect(await terminalOfSecret(db.em(), second!.secret, later(28 * HOUR))).not.toBeNull();
  });

  it("revoking stops the device and any pending link at once, for good", async () => {
    const link = await registerTerminal(db.em(), head, { subsidiaryId: org.subsidiaryId, name: "Accueil", place: "" }, NOW);
    const enrolled = await enrolTerminal(db.em(), link.token, NOW);
    const pending = await renewEnrolLink(db.em(), head, link.id, NOW);
    expect(await revokeTerminal(db.em(), head, link.id, later(HOUR))).toEqual({ name: "Accueil" });
    expect(await terminalOfSecret(db.em(), enrolled!.secret, later(HOUR))).toBeNull();
    expect(await enrolTerminal(db.em(), pending.token, later(HOUR))).toBeNull();
    expect((await listTerminals(db.em(), head, later(HOUR))).find((r) => r.id === link.id)?.state).toBe("revoked");
    expect(await status(renewEnrolLink(db.em(), head, link.id, later(HOUR)))).toBe(409);
    expect(await status(resumeTerminal(db.em(), head, link.id))).toBe(409);
    expect(await status(revokeTerminal(db.em(), head, 999_999, later(HOUR)))).toBe(404);
  });

  it("a paused terminal is listed paused and resumes", async () => {
    const link = await registerTerminal(db.em(), head, { subsidiaryId: org.subsidiaryId, name: "Atelier 2", place: "" }, NOW);
    const enrolled = await enrolTerminal(db.em(), link.token, NOW);
    await db.sql("update terminal set paused_at = ?, failures = 20, failures_since = ? where id = ?", [NOW, NOW, link.id]);
    expect((await listTerminals(db.em(), head, NOW)).find((r) => r.id === link.id)?.state).toBe("paused");
    expect((await terminalOfSecret(db.em(), enrolled!.secret, NOW))?.paused).toBe(true);
    await resumeTerminal(db.em(), head, link.id);
    expect((await terminalOfSecret(db.em(), enrolled!.secret, NOW))?.paused).toBe(false);
    const [row] = await db.sql<{ failures: number }>("select failures from terminal where id = ?", [link.id]);
    expect(row!.failures).toBe(0);
  });

  it("refuses bad input with French field errors, and anyone but management", async () => {
    try {
      await registerTerminal(db.em(), head, { subsidiaryId: null, name: "  ", place: "x".repeat(101) }, NOW);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).violations).toEqual([
        { propertyPath: "name", message: "Le nom est obligatoire." },
        { propertyPath: "place", message: "L'emplacement ne doit pas dépasser 100 caractères." },
        { propertyPath: "subsidiary", message: "Choisissez une agence." },
      ]);
    }
    expect(await status(registerTerminal(db.em(), head, { subsidiaryId: 999_999, name: "X", place: "" }, NOW))).toBe(422);
    expect(await status(registerTerminal(db.em(), employee, { subsidiaryId: org.subsidiaryId, name: "X", place: "" }, NOW))).toBe(403);
    expect(await status(listTerminals(db.em(), employee, NOW))).toBe(403);
  });
});

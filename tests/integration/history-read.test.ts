import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { recordHistory, type HistoryEntry } from "~/services/history/history.server";
import { employeeHistory, employeeHistorySheet } from "~/services/history/read.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { writeXlsx } from "~/services/shared/xlsx.server";
import { useTestDatabase } from "~tests/support/db";
import { createLeaveCast, currentUserOf } from "~tests/support/factories-leave";

/** Reading the change history (issue 32 §3, decision 0107): scope, filters, pages of 50, names, the Excel file. */
const db = useTestDatabase();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;
let other: Awaited<ReturnType<typeof createLeaveCast>>;
let hr: CurrentUser;
const all = { kind: null, from: null, to: null };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), "history read");
  other = await createLeaveCast(db.em(), "history read other");
  hr = await currentUserOf(db.em(), cast.financial);
  const me = cast.employee.employeeId;
  const sub = cast.org.subsidiaryId;
  // An anonymised actor: their sheet holds the anonymous label.
  await db.sql(`update employee set firstname = 'Anonyme', lastname = ? where id = ?`, [`n°${cast.host.employeeId}`, cast.host.employeeId]);
  const entries: HistoryEntry[] = [
    { action: "sheet.update", employeeId: me, subsidiaryId: sub, actorId: cast.head.employeeId, at: at("2026-03-01T09:00:00Z"), details: { changes: [{ field: "lastname", old: "Roy", new: "Leroy" }, { field: "subsidiary", old: other.org.subsidiaryId, new: sub }] } },
    { action: "leave.refuse", employeeId: me, subsidiaryId: sub, actorId: cast.teamLeader.employeeId, at: at("2026-03-01T23:30:00Z"), details: { leaveId: 1, leaveType: "PAID_LEAVE", from: "2026-03-02", to: "2026-03-06", reason: "Inventaire", onBehalfOfId: cast.departmentHead.employeeId } },
    { action: "correction.validate", employeeId: me, subsidiaryId: sub, actorId: cast.host.employeeId, at: at("2026-03-10T10:00:00Z"), details: { day: "2026-03-09", before: [], after: ["2026-03-09T07:00:00Z"] } },
    { action: "deduction.add", employeeId: me, subsidiaryId: sub, actorId: null, at: at("2026-03-11T10:00:00Z"), details: { day: "2026-03-11", seconds: 3600 } },
    { action: "personal.anonymise", employeeId: me, subsidiaryId: sub, actorId: cast.head.employeeId, at: at("2026-03-12T10:00:00Z"), details: {} },
    // Around the employee: their subsidiary's month close, its policy and its country's (one entry per subsidiary).
    { action: "close.close", employeeId: null, subsidiaryId: sub, actorId: cast.financial.employeeId, at: at("2026-03-05T10:00:00Z"), details: { month: "2026-02-01" } },
    { action: "policy.update", employeeId: null, subsidiaryId: sub, actorId: cast.financial.employeeId, at: at("2026-03-06T10:00:00Z"), details: { area: "subsidiary", areaId: sub } },
    { action: "policy.update", employeeId: null, subsidiaryId: sub, actorId: cast.financial.employeeId, at: at("2026-03-07T10:00:00Z"), details: { area: "country", areaId: cast.org.countryId, areaName: "France" } },
    // A country without subsidiaries concerns no one (issue 43 item 4: it used to show in every employee's history).
    { action: "policy.update", employeeId: null, subsidiaryId: null, actorId: cast.financial.employeeId, at: at("2026-03-07T12:00:00Z"), details: { area: "country", areaId: cast.org.countryId + 1000, areaName: "Portugal" } },
    // Not theirs: another subsidiary's close, a colleague's sheet.
    { action: "close.close", employeeId: null, subsidiaryId: other.org.subsidiaryId, actorId: other.financial.employeeId, at: at("2026-03-08T10:00:00Z"), details: { month: "2026-02-01" } },
    { action: "sheet.update", employeeId: cast.colleague.employeeId, subsidiaryId: sub, actorId: cast.head.employeeId, at: at("2026-03-08T11:00:00Z"), details: { changes: [{ field: "phone", old: null, new: "06" }] } },
  ];
  // 120 sheet changes of the other subsidiary's employee, one a minute.
  for (let i = 0; i < 120; i++) {
    entries.push({
      action: "sheet.update",
      employeeId: other.employee.employeeId,
      subsidiaryId: other.org.subsidiaryId,
      actorId: other.head.employeeId,
      at: new Date(Date.UTC(2026, 4, 1, 8, i)),
      details: { changes: [{ field: "matricule", old: i, new: i + 1 }] },
    });
  }
  await db.em().transactional((tx) => recordHistory(tx, entries));
});

describe("employeeHistory", () => {
  it("lists the employee's entries, their subsidiary's and its country's policy (named), newest first, in French", async () => {
    const page = await employeeHistory(db.em(), hr, cast.employee.employeeId, all, 1);
    expect(page.total).toBe(8);
    expect(page.entries.map((e) => [e.shownAt, e.kindLabel, e.actor, e.lines])).toEqual([
      ["12/03/2026 11:00", "Données personnelles", expect.any(String), ["Données personnelles anonymisées"]],
      ["11/03/2026 11:00", "Déductions", "—", ["Déduction de 1 h 00 le 11/03/2026 ajoutée"]],
      ["10/03/2026 11:00", "Corrections de pointage", `Anonyme N°${cast.host.employeeId}`, ["Correction du pointage du 09/03/2026 validée", "Pointages : (vide) → 08:00"]],
      ["07/03/2026 11:00", "Règles", expect.any(String), ["Règles du pays « France » modifiées"]],
      ["06/03/2026 11:00", "Règles", expect.any(String), ["Règles de l'agence modifiées"]],
      ["05/03/2026 11:00", "Clôtures de mois", expect.any(String), ["Mois de février 2026 clôturé"]],
      ["02/03/2026 00:30", "Congés", expect.any(String), ["Congé du 02/03/2026 au 06/03/2026 (Congés payés) refusé (motif : Inventaire)", expect.stringMatching(/^Refusé par .+ pour .+$/)]],
      ["01/03/2026 10:00", "Fiche", expect.any(String), ["Nom : Roy → Leroy", expect.stringMatching(/^Agence : .+ → .+$/)]],
    ]);
  });

  it("names the actor, the manager a deputy decided for and the places a sheet moved between", async () => {
    const [names] = await db.sql<{ actor: string; manager: string; sub: string; othersub: string }>(
      `select (select firstname || ' ' || lastname from employee where id = ?) as actor, (select firstname || ' ' || lastname from employee where id = ?) as manager,
              (select name from subsidiary where id = ?) as sub, (select name from subsidiary where id = ?) as othersub`,
      [cast.teamLeader.employeeId, cast.departmentHead.employeeId, cast.org.subsidiaryId, other.org.subsidiaryId]
    );
    const page = await employeeHistory(db.em(), hr, cast.employee.employeeId, { kind: null, from: "2026-03-01", to: "2026-03-02" }, 1);
    const [leave, sheet] = page.entries;
    expect(leave!.lines[1]!.toLowerCase()).toBe(`refusé par ${names!.actor} pour ${names!.manager}`.toLowerCase());
    expect(sheet!.lines[1]).toBe(`Agence : ${names!.othersub} → ${names!.sub}`);
  });

  it("filters by kind and by a period of days in the subsidiary's time zone", async () => {
    const me = cast.employee.employeeId;
    const kinds = async (filters: Parameters<typeof employeeHistory>[3]) => (await employeeHistory(db.em(), hr, me, filters, 1)).entries.map((e) => e.kind);
    expect(await kinds({ kind: "leave", from: null, to: null })).toEqual(["leave"]);
    expect(await kinds({ kind: "policy", from: null, to: null })).toEqual(["policy", "policy"]);
    expect(await kinds({ kind: "close", from: null, to: null })).toEqual(["close"]);
    // 2026-03-01T23:30Z is 02/03 at 00:30 in Paris.
    expect(await kinds({ kind: null, from: "2026-03-02", to: "2026-03-02" })).toEqual(["leave"]);
    expect(await kinds({ kind: null, from: null, to: "2026-03-01" })).toEqual(["sheet"]);
    expect(await kinds({ kind: "sheet", from: "2026-03-02", to: null })).toEqual([]);
  });

  it("serves 120 entries in pages of 50, none twice, a page past the end being the last", async () => {
    const me = other.employee.employeeId;
    const filters = { kind: "sheet" as const, from: null, to: null };
    const pages = await Promise.all([1, 2, 3].map((p) => employeeHistory(db.em(), hr, me, filters, p)));
    expect(pages.map((p) => [p.entries.length, p.page, p.pages, p.total])).toEqual([
      [50, 1, 3, 120],
      [50, 2, 3, 120],
      [20, 3, 3, 120],
    ]);
    const matricules = pages.flatMap((p) => p.entries.map((e) => e.lines[0]));
    expect(new Set(matricules).size).toBe(120);
    expect(matricules[0]).toBe("Matricule : 119 → 120");
    expect(matricules[119]).toBe("Matricule : 0 → 1");
    expect((await employeeHistory(db.em(), hr, me, filters, 99)).page).toBe(3);
    // Without the kind filter, the other subsidiary's close joins them, and neither this subsidiary's nor a policy
    // entry of a country without subsidiaries does.
    const everything = await employeeHistory(db.em(), hr, me, all, 1);
    expect(everything.total).toBe(121);
  });

  it("refuses anyone but head and financial management, and answers 404 for an unknown employee", async () => {
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    await expect(employeeHistory(db.em(), leader, cast.employee.employeeId, all, 1)).rejects.toMatchObject({ status: 403 });
    await expect(employeeHistory(db.em(), hr, 2_000_000_000, all, 1)).rejects.toMatchObject({ status: 404 });
  });
});

describe("employeeHistorySheet", () => {
  it("writes the filtered history to an Excel file, a formula-like text as text", async () => {
    await db.em().transactional((tx) =>
      recordHistory(tx, {
        action: "sheet.update",
        employeeId: cast.colleague.employeeId,
        subsidiaryId: cast.org.subsidiaryId,
        actorId: cast.head.employeeId,
        at: at("2026-03-09T08:00:00Z"),
        details: { changes: [{ field: "=HYPERLINK(\"http://evil.example\";\"x\")", old: null, new: "1" }] },
      })
    );
    const { fileName, disposition, sheet } = await employeeHistorySheet(db.em(), hr, cast.colleague.employeeId, { kind: "sheet", from: null, to: null });
    expect(fileName).toMatch(/^historique-camille-test\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(disposition).toContain(`filename="${fileName}"`);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    expect(await writeXlsx(out, sheet)).toBe(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.name).toBe("Historique");
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["Date", "Heure", "Type", "Par", "Modification"]);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date("2026-03-09T00:00:00Z"));
    expect(first.getCell(2).value).toBe("09:00");
    expect(first.getCell(3).value).toBe("Fiche");
    expect(first.getCell(5).formula).toBeUndefined();
    expect(JSON.stringify(first.getCell(5).value)).toContain("=HYPERLINK");
    expect(ws.getRow(3).getCell(5).value).toBe("Téléphone personnel : (vide) → 06");
  });
});

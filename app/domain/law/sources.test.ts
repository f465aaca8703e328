import { describe, expect, it } from "vitest";
import { FRANCE_LEGAL, PORTUGAL_LEGAL, type LegalCheck } from "./policies";
import { cite, LEGAL_SOURCES, sourceOfArticle, type SourceId } from "./sources";
import { computeOvertimeWeek, type OvertimeDay } from "~/domain/overtime/overtime";
import { anomalyMessage, stepSources } from "~/domain/overtime/explain";
import { FRANCE_POLICY, PORTUGAL_POLICY } from "~/domain/overtime/policy";
import { explainWeekFacts } from "~/domain/overtime/screens";
import { addDays } from "~/domain/shared/time-calendar-date";

const H = 3600;
/** The night premium's articles, read again for the payroll file's cadran-paie-v3 (decision 0143). */
const READ_AGAIN = ["FR.L3122-8", "PT.266"];

describe("the one table of legal sources (issue 40 §2, decision 0125)", () => {
  it.each(Object.entries(LEGAL_SOURCES))("%s: an article, a title, an official address and the reading date", (_, s) => {
    expect(s.article).toMatch(s.country === "FR" ? /^(Code du travail, art\. [LDR]\d{4}-\d+|Cass\. soc\.)/ : /^Código do Trabalho, art\. \d{3}\.º/);
    expect(s.title.length).toBeGreaterThan(10);
    // Légifrance (or the Cour de cassation) for France, the Diário da República for Portugal.
    expect(new URL(s.url).hostname).toMatch(s.country === "FR" ? /^www\.(legifrance\.gouv\.fr|courdecassation\.fr)$/ : /^(diariodarepublica\.pt|dre\.pt)$/);
    // An article at its own Légifrance address was read for it (decision 0138); the others on the reading of 0125.
    if (s.url.includes("/codes/article_lc/")) {
      expect(s.url).toMatch(/^https:\/\/www\.legifrance\.gouv\.fr\/codes\/article_lc\/LEGIARTI\d{12}$/);
      expect(s.readOn).toBe("2026-12-03");
    } else if (READ_AGAIN.includes(_)) expect(s.readOn).toBe("2026-12-04");
    else expect(s.readOn).toBe("2026-12-02");
  });

  it.each<[SourceId, string]>([
    // The id found in a source (decision 0138): the article's own address.
    ["FR.D3121-24", "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000033509251"],
    // No id found: Légifrance's article search in the Code du travail, by the number.
    ["FR.L3121-36", "https://www.legifrance.gouv.fr/search/code?tab_selection=code&searchField=NUM_ARTICLE&query=L3121-36&fonds=CODE&code=LEGITEXT000006072050&typePagination=DEFAULT&pageSize=10&page=1"],
  ])("%s links %s", (id, url) => {
    expect(LEGAL_SOURCES[id].url).toBe(url);
  });

  it("every rule of both countries' legal checks names an entry of the table", () => {
    const ids = [FRANCE_LEGAL, PORTUGAL_LEGAL].flatMap((p) =>
      Object.values(p)
        .filter((r): r is { source: SourceId; article: string } => typeof r === "object" && r !== null && "source" in r)
        .map((r) => [r.source, r.article] as const),
    );
    expect(ids.length).toBeGreaterThan(10);
    for (const [id, article] of ids) expect(LEGAL_SOURCES[id].article).toBe(article);
    expect(sourceOfArticle("Code du travail, art. L3132-1")).toBe("FR.L3132-1");
  });

  it("cite() carries the id and drops unknown and repeated ids", () => {
    expect(cite(["FR.L3121-36", "nope", "FR.L3121-36", null]).map((s) => s.id)).toEqual(["FR.L3121-36"]);
  });
});

/** A Monday-to-Friday week of the given worked hours, 7 h scheduled a day. */
function days(monday: string, worked: number[], scheduled = 7 * H): OvertimeDay[] {
  return worked.map((w, i) => ({ date: addDays(monday, i), workedSeconds: w, scheduledSeconds: scheduled, expectedSeconds: i < 5 ? scheduled : 0 }));
}

describe("every explanation line carries its article (issue 40)", () => {
  it("L3121-36 / L3121-33: '2 h 00 majorées de 50 %' links to the French bands; the threshold to L3121-27; the quota to L3121-30", () => {
    const r = computeOvertimeWeek({
      week: { year: 2026, week: 10 },
      zone: "Europe/Paris",
      days: days("2026-03-02", [9 * H, 9 * H, 9 * H, 9 * H, 9 * H]),
      contractWeeklyHours: 35,
      policy: FRANCE_POLICY,
      quotaUsedBeforeSeconds: 0,
      companySize: 42,
    });
    const e = explainWeekFacts({ steps: r.explanation, days: r.days, anomalies: r.anomalies, quota: r.quota }, []);
    expect(e.stepSources.length).toBe(e.steps.length);
    const line = (text: string) => e.stepSources[e.steps.indexOf(text)]!.map((s) => s.id);
    expect(line("2 h 00 majorées de 50 %.")).toEqual(["FR.L3121-36", "FR.L3121-33"]);
    expect(line("8 h 00 majorées de 25 %.")).toEqual(["FR.L3121-36", "FR.L3121-33"]);
    expect(line("Seuil du contrat : 35 h 00 (durée légale 35 h 00).")).toEqual(["FR.L3121-27"]);
    expect(line("Contingent annuel : 10 h 00 utilisées sur 220 h.")).toEqual(["FR.L3121-30", "FR.D3121-24"]);
    // Every rule line (not the measured facts: worked, counted, normal, paid) has its article.
    e.steps.forEach((text, i) => {
      if (!/^(Heures travaillées|Heures retenues|Heures normales|Heures payées)/.test(text)) expect(e.stepSources[i]!.length, text).toBeGreaterThan(0);
    });
  });

  it.each<{ name: string; step: Parameters<typeof stepSources>[0]; mode: "weekly" | "daily"; ids: SourceId[] }>([
    { name: "L3121-33: an agreement's +10 % band", step: { step: "band", seconds: H, rate: 10 }, mode: "weekly", ids: ["FR.L3121-33", "FR.L3121-36"] },
    { name: "art. 268.º: a Portuguese band", step: { step: "band", seconds: H, rate: 25, date: "2026-03-02" }, mode: "daily", ids: ["PT.268"] },
    { name: "L3133-6: 1 May worked", step: { step: "premium", seconds: H, rate: 100, date: "2026-05-01" }, mode: "weekly", ids: ["FR.L3133-6"] },
    { name: "L3123-29: heures complémentaires", step: { step: "complementary", seconds: H, rate: 10 }, mode: "weekly", ids: ["FR.L3123-29"] },
    { name: "L3121-38: contrepartie obligatoire en repos", step: { step: "mandatory_rest", seconds: H, percent: 100 }, mode: "weekly", ids: ["FR.L3121-30", "FR.L3121-38"] },
    { name: "Cass. soc. 10/09/2025: paid leave counted", step: { step: "absences_counted", seconds: 7 * H }, mode: "weekly", ids: ["FR.CASS-23-14455"] },
    { name: "art. 228.º n.º 1 a) e b): the Portuguese annual limit", step: { step: "quota", seconds: H, otherSeconds: 150 * H }, mode: "daily", ids: ["PT.228.1.ab"] },
  ])("$name", ({ step, mode, ids }) => {
    expect(stepSources(step, mode)).toEqual(ids);
  });

  it("art. 223.º n.º 2 and art. 266.º: the Lisboa day line says its 4 night hours, their +25 % and links both articles", () => {
    const e = explainWeekFacts(
      {
        steps: [],
        days: [{ date: "2026-01-05", kind: "working", lengthSeconds: 24 * H, workedSeconds: 5 * H, absenceCountedSeconds: 0, holidayCountedSeconds: 0, extraSeconds: 0 }],
        anomalies: [],
        nightSeconds: { "2026-01-05": 4 * H },
        night: { period: PORTUGAL_POLICY.nightPeriod, rate: PORTUGAL_POLICY.nightRate, byAgreement: false },
        mode: "daily",
      },
      [],
    );
    expect(e.days).toEqual(["Lundi 05/01/2026 : 5 h 00 travaillées, dont 4 h 00 de nuit (22 h – 7 h) majorées de 25 %."]);
    expect(e.daySources[0]!.map((s) => s.article)).toEqual(["Código do Trabalho, art. 223.º", "Código do Trabalho, art. 266.º n.º 1"]);
  });

  it("L3122-20: a Paris night line cites the law's default period, L3122-2 when an agreement set it", () => {
    const base = {
      steps: [],
      days: [{ date: "2026-03-02", kind: "working" as const, lengthSeconds: 24 * H, workedSeconds: 8 * H, absenceCountedSeconds: 0, holidayCountedSeconds: 0, extraSeconds: 0 }],
      anomalies: [],
      nightSeconds: { "2026-03-02": 8 * H },
    };
    const law = explainWeekFacts({ ...base, night: { period: FRANCE_POLICY.nightPeriod, rate: 0, byAgreement: false } }, []);
    expect(law.days[0]).toBe("Lundi 02/03/2026 : 8 h 00 travaillées, dont 8 h 00 de nuit (21 h – 6 h).");
    expect(law.daySources[0]!.map((s) => s.id)).toEqual(["FR.L3122-20", "FR.L3122-8"]);
    const agreement = explainWeekFacts({ ...base, night: { period: { from: "22:00", to: "07:00" }, rate: 20, byAgreement: true } }, []);
    expect(agreement.days[0]).toBe("Lundi 02/03/2026 : 8 h 00 travaillées, dont 8 h 00 de nuit (22 h – 7 h) majorées de 20 %.");
    expect(agreement.daySources[0]!.map((s) => s.id)).toEqual(["FR.L3122-2", "FR.L3122-8"]);
  });

  it("the warnings link their article: a legal check by its source, an engine anomaly by its rule", () => {
    const checks: LegalCheck[] = [{ code: "seventh_day", date: "2026-03-08", seconds: 42 * H, days: 7, article: "Code du travail, art. L3132-1", source: "FR.L3132-1" }];
    const e = explainWeekFacts({ steps: [], days: [], anomalies: [{ code: "complementary_cap", seconds: 96 * 60, capDivisor: 10 }] }, checks);
    expect(e.warnings).toEqual([
      "Heures complémentaires au-delà du dixième (1/10, plafond légal à défaut d'accord) du contrat : 1 h 36.",
      "Le 08/03/2026 : 7e jour travaillé de la semaine civile, plus de six jours par semaine. (Code du travail, art. L3132-1)",
    ]);
    expect(e.warningSources.map((l) => l.map((s) => s.id))).toEqual([["FR.L3123-28"], ["FR.L3132-1"]]);
  });
});

describe("the part-time warning names the cap the policy applies (L3123-28, L3123-20)", () => {
  /** A 24 h contract (4 h 48 a day) worked 28 h 24 in the week: 4 h 24 of heures complémentaires. */
  const run = (capDivisor: number) =>
    computeOvertimeWeek({
      week: { year: 2026, week: 10 },
      zone: "Europe/Paris",
      days: days("2026-03-02", [7 * H, 7 * H, 7 * H, 7 * H, 24 * 60], 4.8 * H),
      contractWeeklyHours: 24,
      policy: { ...FRANCE_POLICY, complementary: { firstBandDivisor: 10, firstRate: 10, secondRate: 25, capDivisor } },
      quotaUsedBeforeSeconds: 0,
      companySize: 42,
    });
  it.each([
    { name: "L3123-28: without an agreement, beyond the tenth (2 h 24 of a 24 h contract)", cap: 10, text: "Heures complémentaires au-delà du dixième (1/10, plafond légal à défaut d'accord) du contrat : 2 h 00." },
    { name: "L3123-20: with an agreement's third (8 h), nothing beyond", cap: 3, text: null },
  ])("$name", ({ cap, text }) => {
    const found = run(cap).anomalies.find((a) => a.code === "complementary_cap");
    expect(found ? anomalyMessage(found) : null).toBe(text);
  });

  it("a week stored before the cap was recorded says 'du plafond', never a wrong fraction", () => {
    expect(anomalyMessage({ code: "complementary_cap", seconds: 3600 })).toBe("Heures complémentaires au-delà du plafond du contrat : 1 h 00.");
  });
});

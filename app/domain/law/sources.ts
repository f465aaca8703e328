/**
 * The one table of legal sources (issue 40 §2, docs/decisions/0125): every band, premium, check and warning that
 * the explanations, the legal-check lists and the payroll anomalies show names one of these ids, and the screens and
 * the API take its article, title, official address and reading date from here. A text read again is a new
 * `readOn` here, never a string elsewhere. Pure data.
 *
 * Addresses: Légifrance for France (the Code du travail is LEGITEXT000006072050; an article is reached at its own
 * LEGIARTI address where a reading found the id, else by its number through Légifrance's article search in that code), the Diário da República for Portugal (the consolidated Código do
 * Trabalho, Lei n.º 7/2009; the article's own element when the reading found it).
 */

export type Country = "FR" | "PT";

export interface LegalSource {
  country: Country;
  /** As a finding names it: "Code du travail, art. L3121-36", "Código do Trabalho, art. 223.º n.º 2". */
  article: string;
  /** What the text says, in French, short. */
  title: string;
  /** The official text. */
  url: string;
  /** The day the text was read (checked against its current version). */
  readOn: string;
}

const CODE_DU_TRAVAIL = "LEGITEXT000006072050";
/** Légifrance, the article of the Code du travail by its number. */
const legifrance = (number: string) =>
  `https://www.legifrance.gouv.fr/search/code?tab_selection=code&searchField=NUM_ARTICLE&query=${encodeURIComponent(number)}&fonds=CODE&code=${CODE_DU_TRAVAIL}&typePagination=DEFAULT&pageSize=10&page=1`;
/**
 * Légifrance, an article of the Code du travail at its own address (its LEGIARTI id), for the articles whose id a
 * reading found in a source (decision 0138); the others keep the article search above.
 */
const legifranceArticle = (legiarti: string) => `https://www.legifrance.gouv.fr/codes/article_lc/${legiarti}`;
/** The Diário da República, the consolidated Código do Trabalho (Lei n.º 7/2009). */
const CODIGO_DO_TRABALHO = "https://diariodarepublica.pt/dr/legislacao-consolidada/lei/2009-34546475";
/** An article's element of the consolidated code on dre.pt (the Diário da República's address), as the reading found it. */
const dreArticle = (element: number) => `https://dre.pt/web/guest/legislacao-consolidada/-/lc/108165886/201710191419/${element}/diploma/indice`;

/** The reading of issue 40 (search tool, texts in force). */
const READ_ON = "2026-12-02";

/** A text read again after issue 40's reading (decision 0143: the night premium's articles, 2026-12-04). */
const READ_AGAIN_ON = "2026-12-04";

const fr = (number: string, title: string, own?: { legiarti?: string; readOn: string }): LegalSource => ({
  country: "FR",
  article: `Code du travail, art. ${number}`,
  title,
  url: own?.legiarti ? legifranceArticle(own.legiarti) : legifrance(number),
  readOn: own?.readOn ?? READ_ON,
});
const pt = (article: string, title: string, url: string = CODIGO_DO_TRABALHO, readOn: string = READ_ON): LegalSource => ({
  country: "PT",
  article: `Código do Trabalho, art. ${article}`,
  title,
  url,
  readOn,
});

export const LEGAL_SOURCES = {
  // France: hours and overtime
  "FR.L3121-27": fr("L3121-27", "Durée légale : 35 heures par semaine"),
  "FR.L3121-28": fr("L3121-28", "Heure au-delà de la durée légale : heure supplémentaire"),
  "FR.L3121-30": fr("L3121-30", "Contingent annuel et contrepartie obligatoire en repos"),
  "FR.L3121-33": fr("L3121-33", "Taux de majoration fixé par accord, au moins 10 %"),
  "FR.L3121-36": fr("L3121-36", "À défaut d'accord : +25 % les 8 premières heures, +50 % ensuite"),
  "FR.L3121-38": fr("L3121-38", "Contrepartie obligatoire en repos à défaut d'accord (50 % ou 100 %)"),
  // Its LEGIARTI id read on le-code-du-travail.fr (the page of the article, its address carrying the id), 2026-12-03.
  "FR.D3121-24": fr("D3121-24", "Contingent annuel à défaut d'accord : 220 heures", { legiarti: "LEGIARTI000033509251", readOn: "2026-12-03" }),
  "FR.L3121-16": fr("L3121-16", "Pause de 20 minutes dès 6 heures de travail"),
  "FR.L3121-18": fr("L3121-18", "Durée quotidienne maximale : 10 heures"),
  "FR.L3121-20": fr("L3121-20", "Durée hebdomadaire maximale : 48 heures"),
  "FR.L3121-22": fr("L3121-22", "44 heures en moyenne sur 12 semaines consécutives"),
  "FR.L3131-1": fr("L3131-1", "Repos quotidien : 11 heures consécutives"),
  "FR.L3132-1": fr("L3132-1", "Pas plus de six jours de travail par semaine"),
  "FR.L3132-2": fr("L3132-2", "Repos hebdomadaire : 24 heures plus les 11 heures du repos quotidien"),
  "FR.L3133-6": fr("L3133-6", "1er mai travaillé : salaire doublé"),
  // France: part time
  "FR.L3123-20": fr("L3123-20", "Heures complémentaires jusqu'au tiers du contrat par accord"),
  "FR.L3123-28": fr("L3123-28", "À défaut d'accord : heures complémentaires limitées au dixième du contrat"),
  "FR.L3123-29": fr("L3123-29", "À défaut d'accord : +10 % jusqu'au dixième, +25 % au-delà"),
  "FR.L3123-9": fr("L3123-9", "Temps partiel : jamais au niveau de la durée légale"),
  // France: night work
  "FR.L3122-2": fr("L3122-2", "Période de nuit : au moins 9 heures entre 21 h et 7 h, dont minuit – 5 h"),
  "FR.L3122-20": fr("L3122-20", "À défaut d'accord : travail de nuit de 21 h à 6 h"),
  "FR.L3122-5": fr("L3122-5", "Travailleur de nuit : 3 heures de nuit deux fois par semaine, ou le nombre annuel de l'accord"),
  "FR.L3122-6": fr("L3122-6", "Travailleur de nuit : 8 heures par jour au plus"),
  "FR.L3122-7": fr("L3122-7", "Travailleur de nuit : 40 heures en moyenne sur 12 semaines au plus"),
  // Read again for the payroll's night premium (decision 0143): rest is the compulsory counterpart, pay only by agreement.
  "FR.L3122-8": fr("L3122-8", "Contreparties du travail de nuit : repos compensateur, et compensation salariale si l'accord la prévoit", { readOn: READ_AGAIN_ON }),
  "FR.L3122-23": fr("L3122-23", "À défaut d'accord : travailleur de nuit à partir de 270 heures de nuit sur 12 mois consécutifs"),
  // France: paid leave in the threshold
  "FR.CASS-23-14455": {
    country: "FR",
    article: "Cass. soc., 10 septembre 2025, n° 23-14.455",
    title: "Les jours de congé payé comptent pour le seuil des heures supplémentaires",
    // The Cour de cassation's own search (Judilibre) by the appeal number: the decision page's id was not found by the reading.
    url: "https://www.courdecassation.fr/recherche-judilibre?search_api_fulltext=23-14.455",
    readOn: READ_ON,
  },
  "FR.L3245-1": fr("L3245-1", "Action en paiement du salaire : trois ans"),
  // Portugal
  "PT.203": pt("203.º n.º 1", "Período normal de trabalho : 8 heures par jour, 40 heures par semaine"),
  "PT.213": pt("213.º n.º 1", "Intervalle de repos de 1 h à 2 h, pas plus de 5 h de travail d'affilée"),
  "PT.214": pt("214.º n.º 1", "Repos quotidien : 11 heures consécutives"),
  "PT.223": pt("223.º", "Période de nuit : de 22 h à 7 h à défaut d'accord (7 à 11 heures, dont minuit – 5 h)", dreArticle(73481992)),
  "PT.224.1": pt("224.º n.º 1", "Travailleur de nuit : au moins 3 heures de travail normal de nuit chaque jour"),
  "PT.224.2": pt("224.º n.º 2", "Travailleur de nuit : pas plus de 8 heures par jour en moyenne sur la semaine (régime d'adaptabilité)"),
  "PT.228.1.ab": pt("228.º n.º 1 a) e b)", "Heures supplémentaires : 175 h par an (micro et petite entreprise), 150 h (moyenne et grande)", dreArticle(73481999)),
  "PT.228.1.d": pt("228.º n.º 1 d)", "Heures supplémentaires : 2 heures par jour normal de travail", dreArticle(73481999)),
  "PT.228.1.e": pt("228.º n.º 1 e)", "Jour de repos ou férié : pas plus que la durée normale du jour", dreArticle(73481999)),
  "PT.229.4": pt("229.º n.º 4", "Travail le jour de repos obligatoire : un jour de repos compensatoire payé dans les 3 jours ouvrables suivants"),
  "PT.232": pt("232.º", "Repos hebdomadaire : au moins un jour par semaine, le dimanche"),
  // Read again for the payroll's night premium (decision 0143): n.º 2 an instrument may replace it, n.º 3 its exceptions.
  "PT.266": pt("266.º n.º 1", "Travail de nuit payé +25 % (sauf accord qui le remplace ou activité de nuit par nature)", CODIGO_DO_TRABALHO, READ_AGAIN_ON),
  "PT.268": pt("268.º", "Majoration des heures supplémentaires (jour ouvrable, jour de repos ou férié)"),
} as const satisfies Record<string, LegalSource>;

export type SourceId = keyof typeof LEGAL_SOURCES;

/** A source as the screens and the API carry it. */
export interface CitedSource extends LegalSource {
  id: SourceId;
}

/**
 * The cited sources of ids (unknown ids are left out: a stored explanation of an older version may name none).
 *
 * @example cite(["FR.L3121-36"])[0].article // "Code du travail, art. L3121-36"
 */
export function cite(ids: readonly (string | null | undefined)[]): CitedSource[] {
  const out: CitedSource[] = [];
  for (const id of ids) {
    if (id && id in LEGAL_SOURCES && !out.some((s) => s.id === id)) out.push({ id: id as SourceId, ...LEGAL_SOURCES[id as SourceId] });
  }
  return out;
}

/** The source whose article is this label ("Code du travail, art. L3121-18"), for findings that carry only it. */
export function sourceOfArticle(article: string | null | undefined): SourceId | null {
  if (!article) return null;
  for (const [id, s] of Object.entries(LEGAL_SOURCES)) if (s.article === article) return id as SourceId;
  return null;
}

/**
 * The demo organisation (DESIGN §3): two countries, two subsidiaries, four divisions, seven teams, 42 employees
 * (three archived), the seven demo accounts, 8 weeks of clocks, leaves in every state, overtime, deductions and
 * event days, all relative to `options.today`.
 *
 * The seed is deterministic: the same `today` gives the same rows and the same ids (a seeded PRNG, explicit ids,
 * no Math.random, no wall clock). It wipes every entity table in one TRUNCATE and inserts plain rows with
 * multi-row INSERTs inside one transaction, so it takes well under a second of SQL.
 *
 * Rules followed (DESIGN §5):
 * - clocks exist for working days only (Monday–Friday, not a country holiday, not a full-day accepted leave,
 *   not an event day, not a blank schedule day), between hire and departure, for employees with time registration;
 * - working time = sum of START→next LUNCH/PAUSE/END; expected = the schedule of the day (week_one_two: odd ISO
 *   weeks use week 1), halved on a half-day leave; overtime = working − expected; a day without END is an anomaly
 *   counting zero overtime;
 * - holiday counters describe the current vacation year (1 June – 31 May): last year's balance is 25 days in France
 *   (22 in Portugal) prorated for recent hires, plus a small carry-over for some; this year's earned days are the
 *   monthly accrual times the month-firsts passed since 1 June (or the hire). Accepted paid leaves starting in the
 *   current vacation year are drawn from last year's balance first (`daysFromLastYear`), then this year's; older
 *   ones belong to a closed period and record 0/0.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { DateTime } from "luxon";
import { frenchHolidays, portugueseHolidays, type PublicHoliday } from "../../app/domain/organisation/holidays";
import { defaultPolicyRowsFor } from "../../app/domain/overtime/policy";
import { hashPassword } from "../../app/server/identity/password.server";
import { policyColumns } from "../../app/services/overtime/policy.server";
import { computeEmployeeWeek } from "../../app/services/overtime/week.server";
import type { ScheduleDay } from "../entities/employee";

// ---------------------------------------------------------------------------------------------------------------
// Public constants (tests and the login page hint rely on them)

export const DEMO_PASSWORD = "Cadran-2026!";

export interface DemoAccount {
  email: string;
  profileType: string;
}

/** One account per role, all with {@link DEMO_PASSWORD}. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "direction@cadran.test", profileType: "ROLE_HEAD_MANAGEMENT" },
  { email: "daf@cadran.test", profileType: "ROLE_FINANCIAL_MANAGEMENT" },
  { email: "chef.division@cadran.test", profileType: "ROLE_DEPARTMENT_HEAD" },
  { email: "chef.equipe@cadran.test", profileType: "ROLE_TEAM_LEADER" },
  { email: "employe@cadran.test", profileType: "ROLE_EMPLOYEE" },
  { email: "accueil@cadran.test", profileType: "ROLE_HOST_EMPLOYEE" },
  { email: "commercial@cadran.test", profileType: "ROLE_COMMERCIAL" },
];

/** Number of days of clock history before `today` (8 weeks). */
export const DEMO_CLOCK_DAYS = 56;

/** The tables the demo seed fills (the seed script prints their counts; the seed test compares them). */
export const DEMO_TABLES = [
  "country",
  "holiday",
  "subsidiary",
  "division",
  "team",
  "employee",
  "week_schedule",
  "app_user",
  "time_clock",
  "time_log",
  "overtime",
  "leave",
  "leave_step",
  "event_day",
  "deduction",
  "overtime_policy",
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: small, fast, good enough for demo data, and the same on every machine. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers (calendar days are `YYYY-MM-DD` strings; arithmetic in UTC, never by 86,400 s on instants)

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayCache = new Map<string, DateTime>();

function dt(day: string): DateTime {
  let value = dayCache.get(day);
  if (!value) {
    value = DateTime.fromISO(day, { zone: "utc" });
    if (!value.isValid) throw new Error(`Invalid day: ${day}`);
    dayCache.set(day, value);
  }
  return value;
}

function isoDate(value: DateTime): string {
  const s = value.toISODate();
  if (!s) throw new Error("Invalid date");
  return s;
}

/** Calendar-day arithmetic on `YYYY-MM-DD` (UTC dates, no time of day: nothing to do with DST). */
function addDays(day: string, n: number): string {
  const t = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + n));
  return t.toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
function weekday(day: string): number {
  const t = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));
  return t.getUTCDay() === 0 ? 7 : t.getUTCDay();
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The first day of the month after the one containing `day`. */
function nextMonthFirst(day: string): string {
  return isoDate(dt(firstOfMonth(day)).plus({ months: 1 }));
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const offsetCache = new Map<string, number>();

/**
 * The instant of a local wall-clock time on a calendar day in a time zone (DST-safe), as a UTC DateTime.
 * The zone's offset is looked up once per zone and day (at noon): European DST switches happen between 01:00 and
 * 04:00 local time, so from 04:00 on the noon offset is the day's offset; earlier times take the slow exact path.
 */
function localInstant(day: string, minutes: number, second: number, zone: string): DateTime {
  const base = dt(day);
  if (minutes < 4 * 60 || minutes >= 24 * 60) {
    const exact = { year: base.year, month: base.month, day: base.day, hour: Math.floor(minutes / 60), minute: minutes % 60, second };
    return DateTime.fromObject(exact, { zone }).toUTC();
  }
  const key = `${zone}|${day}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = DateTime.fromObject({ year: base.year, month: base.month, day: base.day, hour: 12 }, { zone }).offset;
    offsetCache.set(key, offset);
  }
  const ms = Date.UTC(base.year, base.month - 1, base.day, 0, minutes, second) - offset * 60_000;
  return DateTime.fromMillis(ms, { zone: "utc" });
}

function isoInstant(value: DateTime): string {
  return new Date(value.toMillis()).toISOString();
}

function hhmm(minutes: number): string {
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}`;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Start of the vacation year (1 June) that contains `day`. */
function vacationYearStart(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return `${month >= 6 ? year : year - 1}-06-01`;
}

// ---------------------------------------------------------------------------------------------------------------
// Organisation

type SubKey = "paris" | "lisboa";
type DivisionKey = "production" | "admin" | "producao" | "logistica";
type TeamKey = "numerique" | "offset" | "finition" | "impressao" | "acabamento" | "expedicao" | "administracao";
type Workflow = "fast" | "partial" | "full";
type ScheduleKey = "fr35" | "fr37" | "fr28" | "prod35" | "prodAlt" | "pt40" | "ptAlt";

const COUNTRIES = [
  {
    id: 1,
    key: "FR",
    name: "France",
    timezone: "Europe/Paris",
    overtimePaid: 50,
    overtimeInRecuperation: 50,
    employeeInitiatedRecuperation: 50,
    employerInitiatedRecuperation: 50,
    overtimeFirstBandHours: 8,
    overtimeFirstBandRate: 25,
    overtimeSecondBandRate: 50,
    holidaysOf: frenchHolidays,
    accrual: 2.08,
    fullYearDays: 25,
  },
  {
    id: 2,
    key: "PT",
    name: "Portugal",
    timezone: "Europe/Lisbon",
    overtimePaid: 75,
    overtimeInRecuperation: 25,
    employeeInitiatedRecuperation: 50,
    employerInitiatedRecuperation: 50,
    overtimeFirstBandHours: 8,
    overtimeFirstBandRate: 25,
    overtimeSecondBandRate: 50,
    holidaysOf: portugueseHolidays,
    accrual: 1.83,
    fullYearDays: 22,
  },
] as const;
type CountryDef = (typeof COUNTRIES)[number];

const SUBSIDIARIES: Record<SubKey, { id: number; name: string; countryId: number; city: string; timezone: string }> = {
  paris: { id: 1, name: "3 Print", countryId: 1, city: "Paris", timezone: "Europe/Paris" },
  lisboa: { id: 2, name: "Lisboa Print", countryId: 2, city: "Lisbonne", timezone: "Europe/Lisbon" },
};

/** `admin` is the division without teams. */
const DIVISIONS: Record<DivisionKey, { id: number; name: string; sub: SubKey }> = {
  production: { id: 1, name: "Production", sub: "paris" },
  admin: { id: 2, name: "Administration et commercial", sub: "paris" },
  producao: { id: 3, name: "Produção", sub: "lisboa" },
  logistica: { id: 4, name: "Logística e administração", sub: "lisboa" },
};

const TEAMS: Record<TeamKey, { id: number; name: string; division: DivisionKey }> = {
  numerique: { id: 1, name: "Impression numérique", division: "production" },
  offset: { id: 2, name: "Impression offset", division: "production" },
  finition: { id: 3, name: "Finition", division: "production" },
  impressao: { id: 4, name: "Impressão", division: "producao" },
  acabamento: { id: 5, name: "Acabamento", division: "producao" },
  expedicao: { id: 6, name: "Expedição", division: "logistica" },
  administracao: { id: 7, name: "Administração", division: "logistica" },
};

const BLANK: ScheduleDay = { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null };
const hm = (h: number, m = 0) => h * 60 + m;
function day(ms: number, me: number, as: number, ae: number): ScheduleDay {
  return { morningStart: ms, morningEnd: me, afternoonStart: as, afternoonEnd: ae };
}
function fiveDays(d: ScheduleDay): ScheduleDay[] {
  return [d, d, d, d, d].map((x) => ({ ...x }));
}

/** Weekly schedules: one week, or weeks 1 and 2 for `week_one_two`. */
const SCHEDULES: Record<ScheduleKey, ScheduleDay[][]> = {
  // 35 h: 9:00–12:30, 13:30–17:00
  fr35: [fiveDays(day(hm(9), hm(12, 30), hm(13, 30), hm(17)))],
  // 37.5 h with working-time reduction (RTT): 8:30–12:30, 13:30–17:00
  fr37: [fiveDays(day(hm(8, 30), hm(12, 30), hm(13, 30), hm(17)))],
  // 28 h, Wednesday off
  fr28: [
    [
      day(hm(9), hm(12, 30), hm(13, 30), hm(17)),
      day(hm(9), hm(12, 30), hm(13, 30), hm(17)),
      { ...BLANK },
      day(hm(9), hm(12, 30), hm(13, 30), hm(17)),
      day(hm(9), hm(12, 30), hm(13, 30), hm(17)),
    ],
  ],
  // production 35 h: 8:00–12:00, 13:00–16:00
  prod35: [fiveDays(day(hm(8), hm(12), hm(13), hm(16)))],
  // production, weeks 1 and 2: 40 h (8:00–12:00, 13:00–17:00) then 30 h (Monday–Thursday 8:00–12:00, 13:00–16:30)
  prodAlt: [
    fiveDays(day(hm(8), hm(12), hm(13), hm(17))),
    [...fiveDays(day(hm(8), hm(12), hm(13), hm(16, 30))).slice(0, 4), { ...BLANK }],
  ],
  // Portugal 40 h: 9:00–13:00, 14:00–18:00
  pt40: [fiveDays(day(hm(9), hm(13), hm(14), hm(18)))],
  // Portugal, rotating weeks: 9:00–13:00/14:00–18:00, then 7:00–11:00/11:30–15:30
  ptAlt: [fiveDays(day(hm(9), hm(13), hm(14), hm(18))), fiveDays(day(hm(7), hm(11), hm(11, 30), hm(15, 30)))],
};

function dayMinutes(d: ScheduleDay): { morning: number; afternoon: number } {
  const span = (a: number | null, b: number | null) => (a !== null && b !== null && b > a ? b - a : 0);
  return { morning: span(d.morningStart, d.morningEnd), afternoon: span(d.afternoonStart, d.afternoonEnd) };
}

function weeklyHours(weeks: ScheduleDay[][]): number {
  const total = weeks.reduce(
    (sum, week) => sum + week.reduce((s, d) => s + dayMinutes(d).morning + dayMinutes(d).afternoon, 0),
    0,
  );
  return round2(total / 60 / weeks.length);
}

interface EmployeeSpec {
  key: string;
  first: string;
  last: string;
  email?: string;
  division: DivisionKey;
  team?: TeamKey;
  profileType: string;
  position: string;
  departmentHead?: boolean;
  teamLeader?: boolean;
  workflow: Workflow;
  schedule: ScheduleKey;
  contract?: "CDI" | "CDD" | "CONTRAT_PRO";
  rtt?: boolean;
  timeRegistration?: boolean;
  /** Years since hire; the hire day is the first of that month. */
  seniority: number;
  hiredDaysAgo?: number;
  firedDaysAgo?: number;
  salary: number;
  comments?: string;
  /** Habit at the clock, in minutes (positive = later). */
  startBias?: number;
  endBias?: number;
}

const EMPLOYEES: EmployeeSpec[] = [
  // --- the seven demo accounts (ids 1–7) -------------------------------------------------------------------------
  { key: "direction", first: "Catherine", last: "Lemaire", email: "direction@cadran.test", division: "admin", profileType: "ROLE_HEAD_MANAGEMENT", position: "Directrice générale", workflow: "fast", schedule: "fr37", rtt: true, timeRegistration: false, seniority: 14.5, salary: 98000 },
  { key: "daf", first: "Philippe", last: "Garnier", email: "daf@cadran.test", division: "admin", profileType: "ROLE_FINANCIAL_MANAGEMENT", position: "Directeur administratif et financier", workflow: "fast", schedule: "fr37", rtt: true, seniority: 9.2, salary: 76000, endBias: 20 },
  { key: "chefDivision", first: "Sophie", last: "Laurent", email: "chef.division@cadran.test", division: "production", profileType: "ROLE_DEPARTMENT_HEAD", position: "Responsable de production", departmentHead: true, workflow: "fast", schedule: "fr37", rtt: true, seniority: 11.4, salary: 54000, endBias: 15 },
  { key: "chefEquipe", first: "Julien", last: "Bernard", email: "chef.equipe@cadran.test", division: "production", team: "numerique", profileType: "ROLE_TEAM_LEADER", position: "Chef d'équipe impression numérique", teamLeader: true, workflow: "partial", schedule: "prod35", seniority: 7.8, salary: 38500, endBias: 10 },
  { key: "employe", first: "Camille", last: "Dubois", email: "employe@cadran.test", division: "production", team: "numerique", profileType: "ROLE_EMPLOYEE", position: "Opératrice impression numérique", workflow: "full", schedule: "prod35", seniority: 4.3, salary: 29500 },
  { key: "accueil", first: "Nathalie", last: "Petit", email: "accueil@cadran.test", division: "admin", profileType: "ROLE_HOST_EMPLOYEE", position: "Chargée d'accueil", workflow: "fast", schedule: "fr35", seniority: 6.1, salary: 27000, startBias: -10, endBias: -5 },
  { key: "commercial", first: "Thomas", last: "Robert", email: "commercial@cadran.test", division: "admin", profileType: "ROLE_COMMERCIAL", position: "Commercial grands comptes", workflow: "fast", schedule: "fr37", rtt: true, seniority: 5.6, salary: 45000, endBias: 20 },
  // --- 3 Print, Administration et commercial (no teams) ----------------------------------------------------------
  { key: "elodie", first: "Élodie", last: "Fontaine", division: "admin", profileType: "ROLE_EMPLOYEE", position: "Comptable", workflow: "fast", schedule: "fr28", seniority: 8.7, salary: 26500, comments: "Temps partiel (80 %), mercredi non travaillé." },
  { key: "mathieu", first: "Mathieu", last: "Girard", division: "admin", profileType: "ROLE_EMPLOYEE", position: "Assistant commercial", workflow: "fast", schedule: "fr35", contract: "CDD", seniority: 0.7, salary: 26000 },
  { key: "ines", first: "Inès", last: "Benali", division: "admin", profileType: "ROLE_EMPLOYEE", position: "Assistante administrative (alternance)", workflow: "fast", schedule: "fr35", contract: "CONTRAT_PRO", seniority: 0, hiredDaysAgo: 24, salary: 14500, comments: "Contrat de professionnalisation, BTS Support à l'action managériale." },
  { key: "laurent", first: "Laurent", last: "Mercier", division: "admin", profileType: "ROLE_COMMERCIAL", position: "Commercial", workflow: "fast", schedule: "fr37", rtt: true, seniority: 6.5, firedDaysAgo: 130, salary: 41000, comments: "Démission, départ après préavis." },
  // --- 3 Print, Production ---------------------------------------------------------------------------------------
  { key: "hugo", first: "Hugo", last: "Lefèvre", division: "production", team: "numerique", profileType: "ROLE_EMPLOYEE", position: "Opérateur impression numérique", workflow: "full", schedule: "prod35", seniority: 3.1, salary: 28500, endBias: 15 },
  { key: "manon", first: "Manon", last: "Roux", division: "production", team: "numerique", profileType: "ROLE_EMPLOYEE", position: "Opératrice PAO", workflow: "full", schedule: "prodAlt", seniority: 2.4, salary: 29000 },
  { key: "lucas", first: "Lucas", last: "Fournier", division: "production", team: "numerique", profileType: "ROLE_EMPLOYEE", position: "Opérateur impression numérique", workflow: "full", schedule: "prod35", contract: "CDD", seniority: 0.9, salary: 25500, startBias: 5 },
  { key: "nicolas", first: "Nicolas", last: "Morel", division: "production", team: "offset", profileType: "ROLE_TEAM_LEADER", position: "Chef d'équipe offset", teamLeader: true, workflow: "partial", schedule: "prod35", seniority: 12.3, salary: 39000, endBias: 20 },
  { key: "antoine", first: "Antoine", last: "Faure", division: "production", team: "offset", profileType: "ROLE_EMPLOYEE", position: "Conducteur offset", workflow: "full", schedule: "prodAlt", seniority: 9.6, salary: 33000, endBias: 10 },
  { key: "sarah", first: "Sarah", last: "Blanc", division: "production", team: "offset", profileType: "ROLE_EMPLOYEE", position: "Conductrice offset", workflow: "full", schedule: "prod35", seniority: 5.2, salary: 31000 },
  { key: "kevin", first: "Kévin", last: "Guérin", division: "production", team: "offset", profileType: "ROLE_EMPLOYEE", position: "Margeur", workflow: "full", schedule: "prod35", seniority: 2.8, salary: 26000, startBias: 8, endBias: -5 },
  { key: "pauline", first: "Pauline", last: "Chevalier", division: "production", team: "offset", profileType: "ROLE_EMPLOYEE", position: "Aide-conductrice offset", workflow: "full", schedule: "prod35", seniority: 1.6, salary: 25000 },
  { key: "david", first: "David", last: "Perrin", division: "production", team: "offset", profileType: "ROLE_EMPLOYEE", position: "Conducteur offset", workflow: "full", schedule: "prod35", seniority: 10.1, firedDaysAgo: 14, salary: 34000, comments: "Départ à la retraite." },
  { key: "isabelle", first: "Isabelle", last: "Gauthier", division: "production", team: "finition", profileType: "ROLE_TEAM_LEADER", position: "Cheffe d'équipe finition", teamLeader: true, workflow: "partial", schedule: "prod35", seniority: 15.9, salary: 37500, endBias: 10 },
  { key: "romain", first: "Romain", last: "Muller", division: "production", team: "finition", profileType: "ROLE_EMPLOYEE", position: "Opérateur façonnage", workflow: "full", schedule: "prodAlt", seniority: 6.6, salary: 28000 },
  { key: "lea", first: "Léa", last: "Bonnet", division: "production", team: "finition", profileType: "ROLE_EMPLOYEE", position: "Relieuse", workflow: "full", schedule: "fr28", seniority: 4.9, salary: 22500, comments: "Temps partiel choisi." },
  { key: "maxime", first: "Maxime", last: "Henry", division: "production", team: "finition", profileType: "ROLE_EMPLOYEE", position: "Opérateur massicot", workflow: "full", schedule: "prod35", seniority: 3.7, salary: 27000, endBias: 25, comments: "Sauveteur secouriste du travail (SST)." },
  { key: "sebastien", first: "Sébastien", last: "Roussel", division: "production", team: "finition", profileType: "ROLE_EMPLOYEE", position: "Opérateur façonnage", workflow: "full", schedule: "prod35", contract: "CDD", seniority: 1.2, firedDaysAgo: 190, salary: 24500, comments: "Fin de CDD." },
  // --- Lisboa Print ------------------------------------------------------------------------------------------------
  { key: "ana", first: "Ana", last: "Ferreira", division: "logistica", profileType: "ROLE_HEAD_MANAGEMENT", position: "Directrice du site de Lisbonne", workflow: "fast", schedule: "pt40", timeRegistration: false, seniority: 10.3, salary: 62000 },
  { key: "joao", first: "João", last: "Silva", division: "producao", profileType: "ROLE_DEPARTMENT_HEAD", position: "Responsable de production", departmentHead: true, workflow: "fast", schedule: "pt40", seniority: 8.2, salary: 36000, endBias: 15 },
  { key: "pedro", first: "Pedro", last: "Santos", division: "producao", team: "impressao", profileType: "ROLE_TEAM_LEADER", position: "Chef d'équipe impression", teamLeader: true, workflow: "partial", schedule: "pt40", seniority: 6.9, salary: 24000, endBias: 10 },
  { key: "mariana", first: "Mariana", last: "Costa", division: "producao", team: "impressao", profileType: "ROLE_EMPLOYEE", position: "Opératrice d'impression", workflow: "full", schedule: "pt40", seniority: 3.4, salary: 17500 },
  { key: "tiago", first: "Tiago", last: "Oliveira", division: "producao", team: "impressao", profileType: "ROLE_EMPLOYEE", position: "Opérateur d'impression", workflow: "full", schedule: "ptAlt", seniority: 2.2, salary: 17000 },
  { key: "beatriz", first: "Beatriz", last: "Rodrigues", division: "producao", team: "impressao", profileType: "ROLE_EMPLOYEE", position: "Opératrice impression numérique", workflow: "full", schedule: "pt40", seniority: 1.5, salary: 16800 },
  { key: "rui", first: "Rui", last: "Martins", division: "producao", team: "impressao", profileType: "ROLE_EMPLOYEE", position: "Opérateur d'impression", workflow: "full", schedule: "ptAlt", seniority: 5.8, salary: 18500, startBias: 6 },
  { key: "catarina", first: "Catarina", last: "Sousa", division: "producao", team: "acabamento", profileType: "ROLE_TEAM_LEADER", position: "Cheffe d'équipe finition", teamLeader: true, workflow: "partial", schedule: "pt40", seniority: 7.4, salary: 23500 },
  { key: "miguel", first: "Miguel", last: "Pereira", division: "producao", team: "acabamento", profileType: "ROLE_EMPLOYEE", position: "Opérateur de finition", workflow: "full", schedule: "pt40", seniority: 4.1, salary: 17200, endBias: 15 },
  { key: "ines.pt", first: "Inês", last: "Carvalho", division: "producao", team: "acabamento", profileType: "ROLE_EMPLOYEE", position: "Relieuse", workflow: "full", schedule: "pt40", seniority: 2.9, salary: 16900 },
  { key: "diogo", first: "Diogo", last: "Almeida", division: "producao", team: "acabamento", profileType: "ROLE_EMPLOYEE", position: "Opérateur massicot", workflow: "full", schedule: "pt40", contract: "CDD", seniority: 0.8, salary: 16000 },
  { key: "sofia", first: "Sofia", last: "Gomes", division: "logistica", profileType: "ROLE_DEPARTMENT_HEAD", position: "Responsable logistique et administration", departmentHead: true, workflow: "fast", schedule: "pt40", seniority: 9.1, salary: 34000 },
  { key: "bruno", first: "Bruno", last: "Ribeiro", division: "logistica", team: "expedicao", profileType: "ROLE_TEAM_LEADER", position: "Chef d'équipe expédition", teamLeader: true, workflow: "partial", schedule: "pt40", seniority: 5.3, salary: 22000, startBias: -10 },
  { key: "helder", first: "Hélder", last: "Lopes", division: "logistica", team: "expedicao", profileType: "ROLE_EMPLOYEE", position: "Magasinier", workflow: "full", schedule: "ptAlt", seniority: 3.3, salary: 15800 },
  { key: "filipa", first: "Filipa", last: "Marques", division: "logistica", team: "expedicao", profileType: "ROLE_EMPLOYEE", position: "Préparatrice de commandes", workflow: "full", schedule: "pt40", seniority: 1.9, salary: 15500 },
  { key: "marta", first: "Marta", last: "Fernandes", division: "logistica", team: "administracao", profileType: "ROLE_TEAM_LEADER", position: "Responsable administrative", teamLeader: true, workflow: "partial", schedule: "pt40", seniority: 6.2, salary: 24500 },
  { key: "ricardo", first: "Ricardo", last: "Pinto", division: "logistica", team: "administracao", profileType: "ROLE_EMPLOYEE", position: "Comptable", workflow: "full", schedule: "pt40", seniority: 4.6, salary: 19500 },
];

// ---------------------------------------------------------------------------------------------------------------
// In-memory model

type Row = Record<string, Cell>;
type Cell = string | number | boolean | null | RawSql;
class RawSql {
  constructor(readonly sql: string) {}
}

interface Emp {
  id: number;
  spec: EmployeeSpec;
  country: CountryDef;
  sub: SubKey;
  subsidiaryId: number;
  divisionId: number;
  teamId: number | null;
  zone: string;
  email: string;
  hiredAt: string;
  firedAt: string | null;
  weeks: ScheduleDay[][];
  weekType: "unique_week" | "week_one_two";
  hoursPerWeek: number;
  timeRegistration: boolean;
  /** Days already used by a leave or an event day (calendar days). */
  busy: Set<string>;
  /** Paid-leave days still available in the current vacation year. */
  paidBudget: number;
  earnedLastYear: number;
  earnedThisYear: number;
  takenLastYear: number;
  takenThisYear: number;
  recoveryEarned: number;
  recoveryTaken: number;
}

type Reason = "PAID_LEAVE" | "SICK_LEAVE" | "RTT_LEAVE" | "RECOVERY_LEAVE" | "OTHER_LEAVE" | "WEDDING_LEAVE";
type LeaveState = "pending" | "prevalidate" | "validate" | "accepted" | "refused";

interface LeaveDraft {
  id: number;
  emp: Emp;
  reason: Reason;
  comment: string | null;
  start: string;
  end: string;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  nbHourAbsence: number | null;
  numberDaysWork: number;
  urgent: boolean;
  state: LeaveState;
  daysFromLastYear: number;
  daysFromThisYear: number;
  steps: { step: string; actorId: number | null; at: DateTime }[];
}

interface LogDraft {
  time: DateTime;
  type: "START" | "PAUSE" | "LUNCH" | "END";
  createdById: number;
  createdAt: DateTime;
  supersededAt: DateTime | null;
  supersededById: number | null;
}

interface ClockDraft {
  id: number;
  emp: Emp;
  date: string;
  logs: LogDraft[];
  expectedSeconds: number;
  anomaly: boolean;
  suggested: boolean;
  origin: ClockDraft | null;
  message: string | null;
  createdById: number;
  createdAt: DateTime;
  updatedAt: DateTime;
}

interface DemoData {
  tables: { table: string; rows: Row[] }[];
  /** Tables whose `id` column we set explicitly (their sequences must be moved past the max). */
  serialTables: string[];
}

function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Working time and lunch of a day from its active entries: START → next PAUSE/LUNCH/END, LUNCH → next START. */
function summarize(logs: LogDraft[]): { type: string | null; working: number; lunch: number } {
  const active = logs.filter((l) => l.supersededAt === null).sort((a, b) => a.time.toMillis() - b.time.toMillis());
  let working = 0;
  let lunch = 0;
  for (let i = 0; i < active.length - 1; i++) {
    const a = active[i] as LogDraft;
    const b = active[i + 1] as LogDraft;
    const seconds = Math.round((b.time.toMillis() - a.time.toMillis()) / 1000);
    if (a.type === "START" && b.type !== "START") working += seconds;
    if (a.type === "LUNCH" && b.type === "START") lunch += seconds;
  }
  return { type: active.length > 0 ? (active[active.length - 1] as LogDraft).type : null, working, lunch };
}

// ---------------------------------------------------------------------------------------------------------------
// The builder (pure: no I/O)

/** Builds every row of the demo organisation for a given `today` (`YYYY-MM-DD`, Europe/Paris). */
export function buildDemoData(today: string, passwordHash: string): DemoData {
  if (!ISO_DAY.test(today) || !dt(today).isValid) throw new Error(`seedDemo: invalid today "${today}" (YYYY-MM-DD)`);
  const rng = new Rng(0x0cad2a11);
  const yesterday = addDays(today, -1);
  const windowStart = addDays(today, -DEMO_CLOCK_DAYS);
  const periodStart = vacationYearStart(today);
  const previousPeriodStart = addDays(periodStart, -365).slice(0, 4) + "-06-01";
  const seedInstant = localInstant(today, hm(6), 0, "Europe/Paris");
  const year = Number(today.slice(0, 4));

  // --- countries and holidays -----------------------------------------------------------------------------------
  // Current and next year, plus the previous one when the history (vacation year, clock window) reaches into it.
  const firstYear = Math.min(Number(periodStart.slice(0, 4)), Number(windowStart.slice(0, 4)), year);
  const holidayRows: Row[] = [];
  const holidays = new Map<number, Map<string, string>>();
  let holidayId = 0;
  for (const c of COUNTRIES) {
    const map = new Map<string, string>();
    for (let y = firstYear; y <= year + 1; y++) {
      for (const h of c.holidaysOf(y) as PublicHoliday[]) {
        map.set(h.date, h.name);
        holidayRows.push({ id: ++holidayId, country_id: c.id, subsidiary_id: null, date: h.date, name: h.name });
      }
    }
    holidays.set(c.id, map);
  }
  // A local holiday of a subsidiary (decision 0031): Lisbon's Santo António, 13 June. Lisboa Print is Portugal's
  // only subsidiary, so the seed's working days of Portugal skip it too.
  for (let y = firstYear; y <= year + 1; y++) {
    const date = `${y}-06-13`;
    holidayRows.push({ id: ++holidayId, country_id: null, subsidiary_id: SUBSIDIARIES.lisboa.id, date, name: "Santo António" });
    holidays.get(SUBSIDIARIES.lisboa.countryId)?.set(date, "Santo António");
  }
  const isHoliday = (countryId: number, d: string) => holidays.get(countryId)?.has(d) ?? false;
  const isWorkingDay = (countryId: number, d: string) => weekday(d) <= 5 && !isHoliday(countryId, d);

  // --- employees ------------------------------------------------------------------------------------------------
  const emps: Emp[] = [];
  const byKey = new Map<string, Emp>();
  const usedEmails = new Set<string>();
  for (const [index, spec] of EMPLOYEES.entries()) {
    const division = DIVISIONS[spec.division];
    const sub = SUBSIDIARIES[division.sub];
    const country = COUNTRIES.find((c) => c.id === sub.countryId) as CountryDef;
    const team = spec.team ? TEAMS[spec.team] : null;
    if (team && team.division !== spec.division) throw new Error(`Team of ${spec.key} is not in its division`);
    let email = spec.email ?? `${slug(spec.first)}.${slug(spec.last)}@cadran.test`;
    email = email.toLowerCase();
    if (usedEmails.has(email)) throw new Error(`Duplicate e-mail ${email}`);
    usedEmails.add(email);
    // A departure is recorded on a working day.
    let firedAt = spec.firedDaysAgo !== undefined ? addDays(today, -spec.firedDaysAgo) : null;
    while (firedAt && (weekday(firedAt) > 5 || country.holidaysOf(Number(firedAt.slice(0, 4))).some((h) => h.date === firedAt))) {
      firedAt = addDays(firedAt, -1);
    }
    const hiredAt =
      spec.hiredDaysAgo !== undefined
        ? addDays(today, -spec.hiredDaysAgo)
        : firstOfMonth(addDays(today, -Math.round(spec.seniority * 365.25)));
    const weeks = SCHEDULES[spec.schedule];
    const emp: Emp = {
      id: index + 1,
      spec,
      country,
      sub: division.sub,
      subsidiaryId: sub.id,
      divisionId: division.id,
      teamId: team ? team.id : null,
      zone: sub.timezone,
      email,
      hiredAt,
      firedAt,
      weeks,
      weekType: weeks.length === 2 ? "week_one_two" : "unique_week",
      hoursPerWeek: weeklyHours(weeks),
      timeRegistration: spec.timeRegistration ?? true,
      busy: new Set(),
      paidBudget: 0,
      earnedLastYear: 0,
      earnedThisYear: 0,
      takenLastYear: 0,
      takenThisYear: 0,
      recoveryEarned: 0,
      recoveryTaken: 0,
    };
    // Holiday counters of the current vacation year (see the header).
    const accrual = country.accrual;
    if (hiredAt < previousPeriodStart) emp.earnedLastYear = country.fullYearDays;
    else if (hiredAt < periodStart) {
      let months = 0;
      for (let m = nextMonthFirst(hiredAt); m <= periodStart; m = nextMonthFirst(m)) months++;
      emp.earnedLastYear = round2(months * accrual);
    }
    if (emp.earnedLastYear > 0 && rng.chance(0.3)) emp.earnedLastYear = round2(emp.earnedLastYear + rng.int(1, 6) / 2);
    let monthsThisYear = 0;
    const from = hiredAt > periodStart ? hiredAt : periodStart;
    for (let m = nextMonthFirst(from); m <= today; m = nextMonthFirst(m)) {
      if (!emp.firedAt || m <= emp.firedAt) monthsThisYear++;
    }
    emp.earnedThisYear = round2(monthsThisYear * accrual);
    emp.paidBudget = emp.earnedLastYear + emp.earnedThisYear;
    emps.push(emp);
    byKey.set(spec.key, emp);
  }
  const emp = (key: string): Emp => {
    const e = byKey.get(key);
    if (!e) throw new Error(`Unknown employee ${key}`);
    return e;
  };
  const active = (e: Emp, d: string) => d >= e.hiredAt && (!e.firedAt || d < e.firedAt);

  // Managers of an employee, for the leave workflow (DESIGN §5).
  const teamLeaderOf = (e: Emp) =>
    e.teamId === null ? undefined : emps.find((x) => x.teamId === e.teamId && x.spec.teamLeader && x !== e && !x.firedAt);
  const departmentHeadOf = (e: Emp) =>
    emps.find((x) => x.divisionId === e.divisionId && x.spec.departmentHead && x !== e && !x.firedAt);
  const managementOf = (e: Emp): Emp => {
    if (e.sub === "lisboa") return e === emp("ana") ? emp("direction") : emp("ana");
    if (e === emp("direction")) return emp("daf");
    if (e === emp("daf")) return emp("direction");
    return rng.chance(0.65) ? emp("direction") : emp("daf");
  };
  const actorFor = (e: Emp, level: string): Emp => {
    if (level === "prevalidate") return teamLeaderOf(e) ?? departmentHeadOf(e) ?? managementOf(e);
    if (level === "validate") return departmentHeadOf(e) ?? managementOf(e);
    return managementOf(e);
  };
  const pathOf = (w: Workflow) =>
    w === "full" ? ["prevalidate", "validate", "accepted"] : w === "partial" ? ["validate", "accepted"] : ["accepted"];
  const statesOf = (w: Workflow): LeaveState[] =>
    w === "full"
      ? ["pending", "prevalidate", "validate", "accepted", "refused"]
      : w === "partial"
        ? ["pending", "validate", "accepted", "refused"]
        : ["pending", "accepted", "refused"];

  // --- event days (placed first: leaves avoid them) --------------------------------------------------------------
  const eventRows: Row[] = [];
  const addEvent = (e: Emp, d: string, type: "closed" | "moved") => {
    if (!active(e, d) || !isWorkingDay(e.country.id, d) || e.busy.has(d)) return false;
    e.busy.add(d);
    eventRows.push({ id: eventRows.length + 1, employee_id: e.id, date: d, type });
    return true;
  };
  // A closing day of the 3 Print workshop within the default planning range (3 months): the next "bridge" day
  // (between a holiday and a weekend), else Christmas Eve, else a working day in three weeks.
  let closing: string | null = null;
  for (let d = addDays(today, 7); d <= addDays(today, 80) && !closing; d = addDays(d, 1)) {
    if (!isWorkingDay(1, d)) continue;
    const bridge =
      (weekday(d) === 5 && isHoliday(1, addDays(d, -1))) || (weekday(d) === 1 && isHoliday(1, addDays(d, 1)));
    const christmasEve = d.endsWith("-12-24");
    if (bridge || christmasEve) closing = d;
  }
  if (!closing) {
    closing = addDays(today, 21);
    while (!isWorkingDay(1, closing)) closing = addDays(closing, 1);
  }
  for (const e of emps) if (e.divisionId === DIVISIONS.production.id && !e.firedAt) addEvent(e, closing, "closed");
  const nthWorkingDay = (countryId: number, from: string, n: number): string => {
    // n > 0: n-th working day after `from`; n < 0: before it.
    let d = from;
    let left = Math.abs(n);
    while (left > 0) {
      d = addDays(d, Math.sign(n));
      if (isWorkingDay(countryId, d)) left--;
    }
    return d;
  };
  addEvent(emp("commercial"), nthWorkingDay(1, today, -9), "moved");
  addEvent(emp("commercial"), nthWorkingDay(1, today, 6), "moved");
  addEvent(emp("mathieu"), nthWorkingDay(1, today, 6), "moved");
  addEvent(emp("sofia"), nthWorkingDay(2, today, -15), "moved");
  addEvent(emp("joao"), nthWorkingDay(2, today, 11), "moved");

  // --- leaves ---------------------------------------------------------------------------------------------------
  const leaves: LeaveDraft[] = [];
  interface LeavePlan {
    reason: Reason;
    state: LeaveState;
    /** Offset in days from today where the search for a start day begins. */
    from: number;
    /** Search direction when the day is taken: 1 later, -1 earlier. */
    dir?: 1 | -1;
    days?: number;
    half?: "morning" | "afternoon";
    hours?: number;
    comment?: string | null;
    urgent?: boolean;
    /** For a refusal: how many approvals happened before it. */
    refusedAfter?: number;
    /** Bounds on the leave (inclusive). */
    minStart?: string;
    maxEnd?: string;
  }
  const placeLeave = (e: Emp, plan: LeavePlan): LeaveDraft | null => {
    const dir = plan.dir ?? 1;
    const length = plan.half ? 1 : (plan.days ?? 1);
    const pendingLike = plan.state === "pending" || plan.state === "prevalidate" || plan.state === "validate";
    let candidate = addDays(today, plan.from);
    for (let attempt = 0; attempt < 60; attempt++, candidate = addDays(candidate, dir)) {
      if (!isWorkingDay(e.country.id, candidate)) continue;
      const start = candidate;
      let end = start;
      for (let n = 1; n < length; n++) end = nthWorkingDay(e.country.id, end, 1);
      if (plan.minStart && start < plan.minStart) continue;
      if (plan.maxEnd && end > plan.maxEnd) continue;
      if (pendingLike && start <= today) continue;
      if (start < e.hiredAt || (e.firedAt && end >= e.firedAt)) continue;
      const span = daysBetween(start, end);
      if (span.some((d) => e.busy.has(d))) continue;
      const numberDaysWork = plan.half ? 0.5 : length;
      const inPeriod = start >= periodStart;
      if (plan.reason === "PAID_LEAVE" && plan.state !== "refused" && inPeriod && e.paidBudget < numberDaysWork) {
        return null;
      }
      if (plan.reason === "PAID_LEAVE" && plan.state !== "refused" && inPeriod) e.paidBudget -= numberDaysWork;
      for (const d of span) e.busy.add(d);
      const leave: LeaveDraft = {
        id: 0,
        emp: e,
        reason: plan.reason,
        comment: plan.comment ?? null,
        start,
        end,
        halfDayMorning: plan.half === "morning",
        halfDayAfternoon: plan.half === "afternoon",
        nbHourAbsence: plan.reason === "RECOVERY_LEAVE" ? (plan.hours ?? (plan.half ? 3.5 : 7)) : null,
        numberDaysWork,
        urgent: plan.urgent ?? false,
        state: plan.state,
        daysFromLastYear: 0,
        daysFromThisYear: 0,
        steps: [],
      };
      // Workflow steps: created, then the approvals taken, then the refusal if any.
      const path = pathOf(e.spec.workflow);
      let taken: string[];
      if (plan.state === "pending") taken = [];
      else if (plan.state === "refused") {
        const k = Math.min(plan.refusedAfter ?? rng.int(0, path.length - 1), path.length - 1);
        taken = [...path.slice(0, k), "refused"];
      } else {
        const idx = path.indexOf(plan.state);
        if (idx < 0) throw new Error(`State ${plan.state} is not reachable with workflow ${e.spec.workflow}`);
        taken = path.slice(0, idx + 1);
      }
      // Requests and decisions happen on working days, one step a day, all before today.
      let createdDay =
        plan.reason === "SICK_LEAVE" && start <= today ? start : addDays(start, -rng.int(8, 35) - taken.length);
      const latest = nthWorkingDay(e.country.id, today, -(taken.length + 1));
      if (createdDay > latest) createdDay = latest;
      while (!isWorkingDay(e.country.id, createdDay)) createdDay = addDays(createdDay, -1);
      leave.steps.push({ step: "created", actorId: e.id, at: localInstant(createdDay, rng.int(hm(8), hm(18)), rng.int(0, 59), e.zone) });
      taken.forEach((step, i) => {
        const level = step === "refused" ? (path[taken.length - 1] as string) : step;
        const actor = actorFor(e, level);
        const when = nthWorkingDay(e.country.id, createdDay, i + 1);
        const at = localInstant(when, rng.int(hm(8, 30), hm(17, 30)), rng.int(0, 59), actor.zone);
        leave.steps.push({ step, actorId: actor.id, at });
      });
      leaves.push(leave);
      return leave;
    }
    return null;
  };

  const inWindow = { minStart: windowStart, maxEnd: yesterday };
  const future = { minStart: addDays(today, 1) };
  // Leaves the demo accounts and their teams see on their screens.
  const explicit: [string, LeavePlan][] = [
    ["employe", { reason: "PAID_LEAVE", state: "accepted", from: -30, dir: -1, days: 3, comment: "Vacances en famille", ...inWindow }],
    ["employe", { reason: "SICK_LEAVE", state: "accepted", from: -12, dir: -1, days: 1, ...inWindow }],
    ["employe", { reason: "RECOVERY_LEAVE", state: "validate", from: 10, half: "afternoon", hours: 3.5, comment: "Rendez-vous médical", ...future }],
    ["employe", { reason: "PAID_LEAVE", state: "pending", from: 24, days: 5, comment: "Séjour en Bretagne", ...future }],
    ["employe", { reason: "PAID_LEAVE", state: "refused", from: 45, days: 2, refusedAfter: 0, comment: "Pont prolongé", ...future }],
    ["hugo", { reason: "PAID_LEAVE", state: "pending", from: 15, days: 2, comment: "Mariage d'un ami", ...future }],
    ["lucas", { reason: "OTHER_LEAVE", state: "pending", from: 4, days: 1, urgent: true, comment: "Déménagement", ...future }],
    ["manon", { reason: "PAID_LEAVE", state: "prevalidate", from: 20, days: 4, ...future }],
    ["nicolas", { reason: "PAID_LEAVE", state: "pending", from: 30, days: 3, ...future }],
    ["antoine", { reason: "PAID_LEAVE", state: "validate", from: 12, days: 2, ...future }],
    ["accueil", { reason: "PAID_LEAVE", state: "pending", from: 18, days: 1, ...future }],
    ["commercial", { reason: "RTT_LEAVE", state: "accepted", from: -20, dir: -1, days: 1, ...inWindow }],
    ["commercial", { reason: "RTT_LEAVE", state: "pending", from: 8, days: 1, ...future }],
    ["sarah", { reason: "SICK_LEAVE", state: "accepted", from: -2, dir: -1, days: 4, comment: "Arrêt de travail" }],
    ["pauline", { reason: "PAID_LEAVE", state: "accepted", from: -9, dir: -1, half: "morning", ...inWindow }],
    ["chefEquipe", { reason: "PAID_LEAVE", state: "accepted", from: 35, days: 5, ...future }],
    ["chefDivision", { reason: "RTT_LEAVE", state: "accepted", from: -16, dir: -1, days: 1, ...inWindow }],
    ["chefDivision", { reason: "PAID_LEAVE", state: "pending", from: 28, days: 3, ...future }],
    ["daf", { reason: "PAID_LEAVE", state: "accepted", from: 50, days: 5, ...future }],
    ["mariana", { reason: "PAID_LEAVE", state: "accepted", from: -3, dir: -1, days: 6, comment: "Férias" }],
    ["tiago", { reason: "PAID_LEAVE", state: "prevalidate", from: 14, days: 3, ...future }],
    ["beatriz", { reason: "PAID_LEAVE", state: "pending", from: 9, days: 2, ...future }],
    ["miguel", { reason: "WEDDING_LEAVE", state: "validate", from: 21, days: 4, comment: "Mariage", ...future }],
    ["diogo", { reason: "PAID_LEAVE", state: "refused", from: -25, dir: -1, days: 2, refusedAfter: 1, ...inWindow }],
    ["catarina", { reason: "RECOVERY_LEAVE", state: "accepted", from: -18, dir: -1, half: "afternoon", hours: 4, ...inWindow }],
    ["bruno", { reason: "RECOVERY_LEAVE", state: "pending", from: 7, days: 1, hours: 8, ...future }],
  ];
  for (const [key, plan] of explicit) {
    if (!placeLeave(emp(key), plan)) throw new Error(`Could not place the demo leave of ${key}`);
  }
  // Everybody else: a past holiday, sometimes an absence in the clock window, sometimes a request to come.
  for (const e of emps) {
    const lastDay = e.firedAt ? addDays(e.firedAt, -1) : yesterday;
    // A holiday before the clock window (the summer, if the vacation year has started long enough ago).
    const historicFrom = -rng.int(DEMO_CLOCK_DAYS + 10, 200);
    placeLeave(e, {
      reason: "PAID_LEAVE",
      state: "accepted",
      from: e.firedAt ? Math.min(historicFrom, -(e.spec.firedDaysAgo ?? 0) - 20) : historicFrom,
      dir: -1,
      days: rng.int(4, 10),
      maxEnd: addDays(windowStart, -3) < lastDay ? addDays(windowStart, -3) : lastDay,
      comment: rng.chance(0.4) ? rng.pick(["Vacances d'été", "Congés", "Voyage", null]) : null,
    });
    if (e.firedAt) continue;
    if (rng.chance(0.35)) {
      const kind = rng.int(0, 9);
      const plan: LeavePlan =
        kind < 4
          ? { reason: "PAID_LEAVE", state: rng.chance(0.15) ? "refused" : "accepted", from: -rng.int(5, 50), dir: -1, days: rng.int(1, 3), ...inWindow }
          : kind < 7
            ? { reason: "SICK_LEAVE", state: "accepted", from: -rng.int(5, 50), dir: -1, days: rng.int(1, 3), ...inWindow }
            : e.spec.rtt
              ? { reason: "RTT_LEAVE", state: "accepted", from: -rng.int(5, 50), dir: -1, days: 1, ...inWindow }
              : { reason: "PAID_LEAVE", state: "accepted", from: -rng.int(5, 50), dir: -1, half: rng.chance(0.5) ? "morning" : "afternoon", ...inWindow };
      placeLeave(e, plan);
    }
    if (rng.chance(0.45)) {
      const kind = rng.int(0, 19);
      const reason: Reason = kind < 14 ? "PAID_LEAVE" : kind < 17 ? (e.spec.rtt ? "RTT_LEAVE" : "PAID_LEAVE") : kind < 19 ? "RECOVERY_LEAVE" : "OTHER_LEAVE";
      const state = rng.pick(statesOf(e.spec.workflow));
      const recovery = reason === "RECOVERY_LEAVE";
      const half = recovery && rng.chance(0.5) ? (rng.chance(0.5) ? "morning" : "afternoon") : undefined;
      placeLeave(e, {
        reason,
        state,
        from: rng.int(5, 90),
        days: recovery ? 1 : rng.int(1, 5),
        half,
        hours: recovery ? (half ? rng.int(2, 4) : rng.int(6, 8)) : undefined,
        urgent: false,
        ...future,
      });
    }
  }
  leaves.sort((a, b) => a.emp.id - b.emp.id || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  leaves.forEach((l, i) => (l.id = i + 1));
  // Urgent: a pending request starting within a week.
  for (const l of leaves) if (l.state === "pending" && l.start <= addDays(today, 7)) l.urgent = true;

  // Counters: accepted paid leaves of the current vacation year, last year's balance first.
  for (const e of emps) {
    let takenLast = 0;
    let takenThis = 0;
    for (const l of leaves) {
      if (l.emp !== e || l.reason !== "PAID_LEAVE" || l.state !== "accepted" || l.start < periodStart) continue;
      // Leaves count in half days (and days_from_* keep one decimal): take whole half days from last year.
      const fromLast = Math.min(l.numberDaysWork, Math.max(0, Math.floor(round2(e.earnedLastYear - takenLast) * 2) / 2));
      l.daysFromLastYear = round2(fromLast);
      l.daysFromThisYear = round2(l.numberDaysWork - fromLast);
      takenLast = round2(takenLast + l.daysFromLastYear);
      takenThis = round2(takenThis + l.daysFromThisYear);
    }
    e.takenLastYear = takenLast;
    e.takenThisYear = takenThis;
    e.recoveryTaken = leaves
      .filter((l) => l.emp === e && l.reason === "RECOVERY_LEAVE" && l.state === "accepted")
      .reduce((s, l) => s + Math.round((l.nbHourAbsence ?? 0) * 3600), 0);
  }

  // --- clocks ---------------------------------------------------------------------------------------------------
  const absence = new Map<number, Map<string, "full" | "morning" | "afternoon">>();
  for (const l of leaves) {
    if (l.state !== "accepted") continue;
    const map = absence.get(l.emp.id) ?? new Map<string, "full" | "morning" | "afternoon">();
    absence.set(l.emp.id, map);
    for (const d of daysBetween(l.start, l.end)) {
      map.set(d, l.halfDayMorning ? "morning" : l.halfDayAfternoon ? "afternoon" : "full");
    }
  }
  const eventDays = new Set(eventRows.map((r) => `${r.employee_id}:${r.date}`));
  const scheduleFor = (e: Emp, d: string): ScheduleDay | null => {
    const wd = weekday(d);
    if (wd > 5) return null;
    const week = e.weeks.length === 2 && dt(d).weekNumber % 2 === 0 ? e.weeks[1] : e.weeks[0];
    return (week?.[wd - 1] as ScheduleDay | undefined) ?? null;
  };
  const clocksByEmp = new Map<number, ClockDraft[]>();
  const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));
  for (const e of emps) {
    const list: ClockDraft[] = [];
    clocksByEmp.set(e.id, list);
    if (!e.timeRegistration) continue;
    const startBias = e.spec.startBias ?? 0;
    const endBias = e.spec.endBias ?? 0;
    for (const d of daysBetween(windowStart, yesterday)) {
      if (!active(e, d) || !isWorkingDay(e.country.id, d) || eventDays.has(`${e.id}:${d}`)) continue;
      const away = absence.get(e.id)?.get(d);
      if (away === "full") continue;
      const sched = scheduleFor(e, d);
      if (!sched) continue;
      const { morning, afternoon } = dayMinutes(sched);
      if (morning + afternoon === 0) continue;
      const fullExpected = (morning + afternoon) * 60;
      const expectedSeconds = away ? Math.round(fullExpected / 2) : fullExpected;
      const worksMorning = morning > 0 && away !== "morning";
      const worksAfternoon = afternoon > 0 && away !== "afternoon";
      if (!worksMorning && !worksAfternoon) continue;
      const at = (minutes: number) => localInstant(d, minutes, rng.int(0, 59), e.zone);
      const log = (time: DateTime, type: LogDraft["type"]): LogDraft => ({
        time,
        type,
        createdById: e.id,
        createdAt: time,
        supersededAt: null,
        supersededById: null,
      });
      const late = rng.chance(0.04) ? rng.int(45, 95) : 0; // a rush job now and then
      const startOffset = clamp(startBias + rng.int(-10, 10), -30, 30);
      const endOffset = late || clamp(endBias + rng.int(-15, 20), -30, 30);
      const logs: LogDraft[] = [];
      if (worksMorning && worksAfternoon) {
        const s1 = (sched.morningStart as number) + startOffset;
        const l1 = Math.max(s1 + 60, (sched.morningEnd as number) + rng.int(-5, 12));
        const s2 = l1 + Math.max(30, (sched.afternoonStart as number) - (sched.morningEnd as number) + rng.int(-8, 10));
        const e2 = Math.max(s2 + 60, (sched.afternoonEnd as number) + endOffset);
        logs.push(log(at(s1), "START"), log(at(l1), "LUNCH"), log(at(s2), "START"), log(at(e2), "END"));
      } else if (worksMorning) {
        const s1 = (sched.morningStart as number) + startOffset;
        const e1 = Math.max(s1 + 60, (sched.morningEnd as number) + clamp(rng.int(-10, 15), -30, 30));
        logs.push(log(at(s1), "START"), log(at(e1), "END"));
      } else {
        const s1 = (sched.afternoonStart as number) + clamp(startBias + rng.int(-10, 10), -30, 30);
        const e1 = Math.max(s1 + 60, (sched.afternoonEnd as number) + endOffset);
        logs.push(log(at(s1), "START"), log(at(e1), "END"));
      }
      const first = logs[0] as LogDraft;
      const last = logs[logs.length - 1] as LogDraft;
      list.push({
        id: 0,
        emp: e,
        date: d,
        logs,
        expectedSeconds,
        anomaly: false,
        suggested: false,
        origin: null,
        message: null,
        createdById: e.id,
        createdAt: first.time,
        updatedAt: last.time,
      });
    }
  }

  // Anomalies (a day left without END), suggestions, and one corrected entry (kept, superseded).
  const suggestions: ClockDraft[] = [];
  const pickClock = (key: string, fromEnd: number): ClockDraft => {
    const list = clocksByEmp.get(emp(key).id) ?? [];
    const four = list.filter((c) => c.logs.length === 4);
    const c = four[Math.max(0, four.length - 1 - fromEnd)];
    if (!c) throw new Error(`No clock to alter for ${key}`);
    return c;
  };
  const copyLogs = (logs: LogDraft[], by: number, at: DateTime): LogDraft[] =>
    logs.map((l) => ({ ...l, createdById: by, createdAt: at, supersededAt: null, supersededById: null }));
  const makeAnomaly = (c: ClockDraft): LogDraft => {
    const end = c.logs.pop() as LogDraft;
    c.anomaly = true;
    c.updatedAt = (c.logs[c.logs.length - 1] as LogDraft).time;
    return end;
  };
  {
    // employe@: forgot to clock out; proposes the missing END.
    const c = pickClock("employe", 6);
    const end = makeAnomaly(c);
    const at = localInstant(nthWorkingDay(1, c.date, 1), hm(8, 12), 31, c.emp.zone);
    const local = end.time.setZone(c.emp.zone);
    suggestions.push({
      ...c,
      id: 0,
      logs: [...copyLogs(c.logs, c.emp.id, at), { ...end, createdAt: at }],
      anomaly: false,
      suggested: true,
      origin: c,
      message: `J'ai oublié de badger ma sortie : je suis partie à ${hhmm(local.hour * 60 + local.minute)}.`,
      createdAt: at,
      updatedAt: at,
    });
  }
  makeAnomaly(pickClock("rui", 3));
  makeAnomaly(pickClock("hugo", 17));
  {
    // Lucas: clocked in late by mistake; proposes his real arrival.
    const c = pickClock("lucas", 4);
    const first = c.logs[0] as LogDraft;
    const sched = scheduleFor(c.emp, c.date) as ScheduleDay;
    const real = (sched.morningStart as number) - 4;
    first.time = localInstant(c.date, (sched.morningStart as number) + 27, 12, c.emp.zone);
    first.createdAt = first.time;
    c.createdAt = first.time;
    const at = localInstant(nthWorkingDay(1, c.date, 1), hm(7, 58), 5, c.emp.zone);
    const logs = copyLogs(c.logs, c.emp.id, at);
    (logs[0] as LogDraft).time = localInstant(c.date, real, 40, c.emp.zone);
    const badged = first.time.setZone(c.emp.zone);
    suggestions.push({
      ...c,
      id: 0,
      logs,
      suggested: true,
      origin: c,
      message: `La badgeuse ne répondait pas à mon arrivée, je n'ai pu badger qu'à ${hhmm(badged.hour * 60 + badged.minute)} : j'étais au poste à ${hhmm(real)}.`,
      createdAt: at,
      updatedAt: at,
    });
  }
  {
    // employe@: an END corrected earlier by the team leader (the old entry stays, superseded).
    const c = pickClock("employe", 15);
    const leader = emp("chefEquipe");
    const old = c.logs[3] as LogDraft;
    const at = localInstant(nthWorkingDay(1, c.date, 1), hm(9, 5), 48, leader.zone);
    old.supersededAt = at;
    old.supersededById = leader.id;
    const fixed = old.time.plus({ minutes: 52 });
    old.time = old.time.minus({ minutes: 3 });
    old.createdAt = old.time;
    c.logs.push({ time: fixed, type: "END", createdById: leader.id, createdAt: at, supersededAt: null, supersededById: null });
    c.updatedAt = at;
  }

  const clocks: ClockDraft[] = [];
  for (const e of emps) clocks.push(...(clocksByEmp.get(e.id) ?? []));
  clocks.push(...suggestions);
  clocks.forEach((c, i) => (c.id = i + 1));

  const clockRows: Row[] = [];
  const logRows: Row[] = [];
  const overtimeRows: Row[] = [];
  const overtimeByEmpWeek = new Map<string, number>();
  for (const c of clocks) {
    const s = summarize(c.logs);
    const overtime = c.anomaly ? 0 : s.working - c.expectedSeconds;
    clockRows.push({
      id: c.id,
      employee_id: c.emp.id,
      date: c.date,
      type: s.type,
      suggested: c.suggested,
      origin_suggested_id: c.origin ? c.origin.id : null,
      message: c.message,
      working_time_seconds: s.working,
      lunch_time_seconds: s.lunch,
      expected_seconds: c.expectedSeconds,
      overtime_seconds: overtime,
      anomaly: c.anomaly,
      new_notification: null,
      created_by_id: c.createdById,
      created_at: isoInstant(c.createdAt),
      updated_at: isoInstant(c.updatedAt),
    });
    for (const l of [...c.logs].sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis() || a.time.toMillis() - b.time.toMillis())) {
      logRows.push({
        id: logRows.length + 1,
        time_clock_id: c.id,
        time: isoInstant(l.time),
        type: l.type,
        created_at: isoInstant(l.createdAt),
        created_by_id: l.createdById,
        superseded_at: l.supersededAt ? isoInstant(l.supersededAt) : null,
        superseded_by_id: l.supersededById,
      });
    }
    if (!c.suggested) {
      overtimeRows.push({
        id: overtimeRows.length + 1,
        employee_id: c.emp.id,
        date: c.date,
        worked_seconds: s.working,
        expected_seconds: c.expectedSeconds,
        overtime_seconds: overtime,
        anomaly: c.anomaly,
      });
      const wk = dt(c.date);
      const key = `${c.emp.id}:${wk.weekYear}-${wk.weekNumber}`;
      overtimeByEmpWeek.set(key, (overtimeByEmpWeek.get(key) ?? 0) + overtime);
    }
  }

  // Recovery: the country's recovery share of each week's overtime, plus an older balance for some.
  for (const e of emps) {
    let earned = 0;
    for (const [key, seconds] of overtimeByEmpWeek) {
      if (key.startsWith(`${e.id}:`) && seconds > 0) earned += (seconds * e.country.overtimeInRecuperation) / 100;
    }
    if (e.timeRegistration && rng.chance(0.35)) earned += rng.int(1, 8) * 1800;
    earned = Math.round(earned / 60) * 60;
    if (earned < e.recoveryTaken) earned = e.recoveryTaken + rng.int(1, 4) * 1800;
    e.recoveryEarned = earned;
  }

  // Deductions: the daf settles part of the largest overtime balances.
  const deductionRows: Row[] = [];
  const totals = emps
    .filter((e) => !e.firedAt && e.timeRegistration)
    .map((e) => ({
      e,
      total: overtimeRows.filter((r) => r.employee_id === e.id).reduce((s, r) => s + (r.overtime_seconds as number), 0),
    }))
    .sort((a, b) => b.total - a.total || a.e.id - b.e.id);
  const daf = emp("daf");
  totals.slice(0, 3).forEach(({ e }, i) => {
    const d = nthWorkingDay(e.country.id, today, -(8 + i * 4));
    deductionRows.push({ id: deductionRows.length + 1, employee_id: e.id, date: d, seconds: (i === 0 ? 2 : 1) * 3600, created_by_id: daf.id, created_at: isoInstant(localInstant(d, hm(17, 30), 0, daf.zone)) });
  });
  {
    const top = totals[0];
    if (top) {
      const d = nthWorkingDay(top.e.country.id, today, -30);
      deductionRows.push({ id: deductionRows.length + 1, employee_id: top.e.id, date: d, seconds: 5400, created_by_id: daf.id, created_at: isoInstant(localInstant(d, hm(17, 45), 0, daf.zone)) });
    }
  }

  // --- rows -----------------------------------------------------------------------------------------------------
  const countryRows: Row[] = COUNTRIES.map((c) => ({
    id: c.id,
    name: c.name,
    timezone: c.timezone,
    overtime_paid: c.overtimePaid,
    overtime_in_recuperation: c.overtimeInRecuperation,
    employee_initiated_recuperation: c.employeeInitiatedRecuperation,
    employer_initiated_recuperation: c.employerInitiatedRecuperation,
    overtime_first_band_hours: c.overtimeFirstBandHours,
    overtime_first_band_rate: c.overtimeFirstBandRate,
    overtime_second_band_rate: c.overtimeSecondBandRate,
  }));
  // The overtime policy of each country from 2000 on (DESIGN §8): the country's default with its four percentages.
  // France's shipped rows: before and from Cass. soc. 10 Sept 2025 (decision 0073).
  const policyRows: Row[] = COUNTRIES.flatMap((c) => defaultPolicyRowsFor(c.name).map((r, i) => ({ c, ...r, id: c.id + 100 * i }))).map(({ c, id, effectiveFrom, policy }) => ({
    id,
    country_id: c.id,
    effective_from: effectiveFrom,
    ...policyColumns({
      ...policy,
      paid: c.overtimePaid,
      inRecuperation: c.overtimeInRecuperation,
      employeeInitiatedRecuperation: c.employeeInitiatedRecuperation,
      employerInitiatedRecuperation: c.employerInitiatedRecuperation,
    }),
    created_at: isoInstant(seedInstant),
  }));
  const subsidiaryRows: Row[] = Object.values(SUBSIDIARIES).map((s) => ({
    id: s.id,
    name: s.name,
    country_id: s.countryId,
    city: s.city,
    timezone: s.timezone,
  }));
  const divisionRows: Row[] = Object.values(DIVISIONS).map((d) => ({
    id: d.id,
    name: d.name,
    subsidiary_id: SUBSIDIARIES[d.sub].id,
  }));
  const teamRows: Row[] = Object.values(TEAMS).map((t) => ({
    id: t.id,
    name: t.name,
    subsidiary_id: SUBSIDIARIES[DIVISIONS[t.division].sub].id,
    division_id: DIVISIONS[t.division].id,
  }));

  const employeeRows: Row[] = [];
  const scheduleRows: Row[] = [];
  const userRows: Row[] = [];
  const acronyms = new Set<string>();
  const matricules = { paris: 1000, lisboa: 2000 };
  for (const e of emps) {
    const s = e.spec;
    let acronym = (slug(s.first).slice(0, 1) + slug(s.last).replace(/-/g, "").slice(0, 2)).toUpperCase();
    for (let n = 2; acronyms.has(acronym); n++) acronym = `${acronym.slice(0, 3)}${n}`;
    acronyms.add(acronym);
    const age = rng.int(s.contract === "CONTRAT_PRO" ? 19 : 24, 61);
    const birthday = `${year - age}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    const phone =
      e.sub === "paris"
        ? `06 ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`
        : `+351 9${rng.int(1, 6)}${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
    const hoursPerMonth = round2((e.hoursPerWeek * 52) / 12);
    const lunch = e.weeks[0]?.[0]?.morningEnd ?? null;
    const state = e.firedAt
      ? "Sorti des effectifs"
      : addDays(e.hiredAt, 60) > today
        ? "Période d'essai"
        : s.contract === "CDD"
          ? "CDD en cours"
          : "Actif";
    employeeRows.push({
      id: e.id,
      matricule: ++matricules[e.sub],
      acronym,
      firstname: s.first,
      lastname: s.last,
      birthday,
      phone,
      email: e.email,
      email_personal: `${slug(s.first)}.${slug(s.last)}${rng.int(1, 99)}@${e.sub === "paris" ? "example.org" : "example.net"}`,
      profile_type: s.profileType,
      position: s.position,
      comments: s.comments ?? null,
      type_contract: s.contract ?? "CDI",
      number_of_hours_per_week: e.hoursPerWeek,
      number_of_hours_per_month: hoursPerMonth,
      hired_at: e.hiredAt,
      fired_at: e.firedAt,
      contract_state: state,
      annual_salary: s.salary,
      hourly_cost: round2((s.salary * 1.42) / (hoursPerMonth * 12)),
      holiday_earned_last_year: e.earnedLastYear,
      holiday_taken_last_year: e.takenLastYear,
      holiday_earned_this_year: e.earnedThisYear,
      holiday_taken_this_year: e.takenThisYear,
      holiday_total_balance: round2(e.earnedLastYear - e.takenLastYear + e.earnedThisYear - e.takenThisYear),
      holiday_monthly_vacation_accrual: e.country.accrual,
      holiday_working_time_reduction: s.rtt ?? false,
      country_id: e.country.id,
      subsidiary_id: e.subsidiaryId,
      division_id: e.divisionId,
      department_head: s.departmentHead ?? false,
      team_id: e.teamId,
      team_leader: s.teamLeader ?? false,
      time_registration: e.timeRegistration,
      leave_workflow: s.workflow,
      week_type: e.weekType,
      last_state_time_clock: "unbadged",
      theoretical_lunch_time: lunch === null ? null : lunch * 60,
      recovery_earned: e.recoveryEarned,
      recovery_taken: e.recoveryTaken,
      created_at: isoInstant(localInstant(e.hiredAt, hm(9), 0, e.zone)),
      updated_at: isoInstant(e.firedAt ? localInstant(e.firedAt, hm(9), 0, e.zone) : seedInstant),
    });
    e.weeks.forEach((week, i) => {
      scheduleRows.push({
        id: scheduleRows.length + 1,
        employee_id: e.id,
        week_number: i + 1,
        days: JSON.stringify(week),
      });
    });
    userRows.push({
      id: e.id,
      employee_id: e.id,
      email: e.email,
      password_hash: passwordHash,
      roles: new RawSql(`array[${quote(s.profileType)}]::text[]`),
      password_changed_at: null,
      created_at: isoInstant(localInstant(e.hiredAt, hm(9), 0, e.zone)),
    });
  }

  const leaveRows: Row[] = [];
  const stepRows: Row[] = [];
  for (const l of leaves) {
    const first = l.steps[0] as LeaveDraft["steps"][number];
    const last = l.steps[l.steps.length - 1] as LeaveDraft["steps"][number];
    leaveRows.push({
      id: l.id,
      employee_id: l.emp.id,
      reason: l.reason,
      comment: l.comment,
      start: l.start,
      end: l.end,
      half_day_morning: l.halfDayMorning,
      half_day_afternoon: l.halfDayAfternoon,
      nb_hour_absence: l.nbHourAbsence,
      number_days_work: l.numberDaysWork,
      urgent: l.urgent,
      state: l.state,
      days_from_last_year: l.daysFromLastYear,
      days_from_this_year: l.daysFromThisYear,
      version: l.steps.length,
      created_at: isoInstant(first.at),
      updated_at: isoInstant(last.at),
    });
    for (const s of l.steps) {
      stepRows.push({ id: stepRows.length + 1, leave_id: l.id, step: s.step, actor_id: s.actorId, at: isoInstant(s.at) });
    }
  }

  // The monthly accrual of this month is already in the counters: mark it done so the worker does not add it again.
  const jobRows: Row[] = [{ key: `accrual:${today.slice(0, 7)}`, done_at: isoInstant(seedInstant) }];

  const tables = [
    { table: "country", rows: countryRows },
    { table: "subsidiary", rows: subsidiaryRows },
    { table: "holiday", rows: holidayRows },
    { table: "division", rows: divisionRows },
    { table: "team", rows: teamRows },
    { table: "employee", rows: employeeRows },
    { table: "week_schedule", rows: scheduleRows },
    { table: "app_user", rows: userRows },
    { table: "time_clock", rows: clockRows },
    { table: "time_log", rows: logRows },
    { table: "overtime", rows: overtimeRows },
    { table: "leave", rows: leaveRows },
    { table: "leave_step", rows: stepRows },
    { table: "event_day", rows: eventRows },
    { table: "deduction", rows: deductionRows },
    { table: "overtime_policy", rows: policyRows },
    { table: "job_run", rows: jobRows },
  ];
  return { tables, serialTables: tables.map((t) => t.table).filter((t) => t !== "job_run") };
}

// ---------------------------------------------------------------------------------------------------------------
// SQL

/** A string literal (the same escaping as `pg`'s escapeLiteral). */
function quote(s: string): string {
  let hasBackslash = false;
  let out = "'";
  for (const ch of s) {
    if (ch === "'") out += "''";
    else if (ch === "\\") {
      out += "\\\\";
      hasBackslash = true;
    } else out += ch;
  }
  out += "'";
  return hasBackslash ? ` E${out}` : out;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(v: Cell): string {
  if (v === null) return "null";
  if (v instanceof RawSql) return v.sql;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`Not a finite number: ${v}`);
    return String(v);
  }
  return quote(v);
}

const ROWS_PER_INSERT = 1000;

async function insertRows(em: EntityManager, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as Row);
  const head = `insert into ${ident(table)} (${columns.map(ident).join(", ")}) values `;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows
      .slice(i, i + ROWS_PER_INSERT)
      .map((row) => `(${columns.map((c) => literal(row[c] as Cell)).join(", ")})`)
      .join(",\n");
    // No parameters: the statement is sent as is (values are escaped literals above).
    await em.execute(head + values, [], "run");
  }
}

/** Every table of the entities (all the application's data), for the wipe. */
function entityTables(em: EntityManager): string[] {
  const tables = new Set<string>();
  for (const meta of Object.values(em.getMetadata().getAll())) {
    if (meta.embeddable || meta.virtual || !meta.tableName) continue;
    tables.add(meta.tableName);
  }
  return [...tables].sort();
}

/**
 * Wipes every application table and loads the demo organisation for `options.today` (YYYY-MM-DD, Europe/Paris).
 * Runs in one transaction; calling it twice gives the same rows and ids.
 */
export async function seedDemo(em: EntityManager, options: { today: string }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD); // once: argon2 is slow by design
  const data = buildDemoData(options.today, passwordHash);
  await em.transactional(async (tx) => {
    // audit_log refuses TRUNCATE (it is reached by the cascade) but for this one wipe (decision 0120).
    await tx.execute(`set local cadran.reseed = 'on'`, [], "run");
    await tx.execute(`truncate table ${entityTables(tx).map(ident).join(", ")} restart identity cascade`, [], "run");
    for (const { table, rows } of data.tables) await insertRows(tx, table, rows);
    const setvals = data.serialTables.map(
      (t) =>
        `setval(pg_get_serial_sequence(${quote(ident(t))}, 'id'), (select coalesce(max(id), 0) + 1 from ${ident(t)}), false)`,
    );
    await tx.execute(`select ${setvals.join(", ")}`, [], "all");
    await storeDemoWeeks(tx, options.today);
  });
}

/**
 * The stored overtime weeks of the demo (issue 13): every finished ISO week of the clock window, for each employee
 * who clocks, computed by the engine as the nightly job would, so the explained weeks read stored rows.
 */
async function storeDemoWeeks(tx: EntityManager, today: string): Promise<void> {
  const now = localInstant(today, 12 * 60, 0, "Europe/Paris").toJSDate();
  const ids = await tx.execute<{ id: number }[]>(`select id from employee where time_registration and fired_at is null order by id`);
  const thisMonday = isoDate(dt(today).startOf("week"));
  for (let monday = isoDate(dt(addDays(today, -DEMO_CLOCK_DAYS)).startOf("week")); monday < thisMonday; monday = addDays(monday, 7)) {
    const d = dt(monday);
    for (const { id } of ids) await computeEmployeeWeek(tx, id, { year: d.weekYear, week: d.weekNumber }, now);
  }
}

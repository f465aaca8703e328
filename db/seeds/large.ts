/**
 * The bench company (DESIGN §6, issue 14): `npm run db:seed -- --large [--employees N] [--seed S] [--today D]`.
 *
 * Two subsidiaries (France and Portugal) with divisions and teams, 5,000 employees (the seven demo accounts among
 * them, same password) with their accounts and schedules (full and part time, one or two rotating weeks), a year of
 * clock days before `today` with realistic entries (lunch, some pauses, some overtime, some days left without END),
 * their daily time-account rows (`overtime`), a few pending corrections, leaves in every state and reason with their
 * steps, closing and travel days, deductions, and the overtime engine's stored weeks (`overtime_week`, computed
 * here in memory with the pure engine, exactly as app/services/overtime/week.server.ts assembles a week, checksum
 * included, so the nightly recompute finds them equal).
 *
 * Written with COPY (db/seeds/copy.ts), never the ORM: the small tables first, then one pass over the employees that
 * streams four COPYs at once (time_clock, time_log, overtime, overtime_week) on four connections, so PostgreSQL
 * ingests while Node generates. Triggers (foreign-key checks) are off for those sessions
 * (`session_replication_role = replica`): the rows are consistent by construction, and the checks would cost more
 * than the load. Deterministic: a seeded PRNG, explicit ids, times derived from `today`; the same seed and today
 * give the same rows.
 *
 * It drops and recreates its OWN database (`cadran_large` by default, on the server of DATABASE_URL): never the
 * database of DATABASE_URL itself, never the test database.
 */
import pg from "pg";
import { LEAVE_REASONS } from "../../app/domain/leave/days";
import { frenchHolidays, portugueseHolidays } from "../../app/domain/organisation/holidays";
import { scheduleDaySeconds, type WeekType } from "../../app/domain/planning/expected-time";
import { isoWeekKey } from "../../app/domain/shared/iso-week";
import { computeOvertimeWeek, type OvertimeDay } from "../../app/domain/overtime/overtime";
import { defaultPolicyFor, type OvertimePolicy } from "../../app/domain/overtime/policy";
import { addDays } from "../../app/domain/shared/time-calendar-date";
import { dayBounds } from "../../app/domain/shared/zoned-day";
import { hashPassword } from "../../app/server/identity/password.server";
import { policyColumns } from "../../app/services/overtime/policy.server";
import { weekChecksum } from "../../app/services/overtime/week.server";
import { DEMO_PASSWORD } from "./demo";
import { copyLine, copyRows, CopyIn, type CopyCell } from "./copy";

export const LARGE_DATABASE = "cadran_large";

export interface LargeSeedOptions {
  /** Server connection (any database on it): the large database is created next to it. */
  adminUrl: string;
  database?: string;
  employees?: number;
  seed?: number;
  /** YYYY-MM-DD (Europe/Paris): the history is the year before it. */
  today: string;
  /** Progress callback: phase, done, total. */
  progress?: (phase: string, done: number, total: number) => void;
  /** Runs the migrations on the fresh database (scripts/migrate.ts's migrate). */
  migrate: (url: string) => Promise<unknown>;
}

export interface LargeSeedResult {
  url: string;
  counts: Record<string, number>;
  ms: number;
  /** CPU time of this process (user + system), to tell our cost from a busy machine's. */
  cpuMs: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness (mulberry32, as the demo seed)

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
// Calendar (UTC calendar days as YYYY-MM-DD)

const weekdayCache = new Map<string, number>();
/** ISO weekday, 1 = Monday. */
function weekday(day: string): number {
  let w = weekdayCache.get(day);
  if (w === undefined) {
    const d = new Date(`${day}T00:00:00Z`).getUTCDay();
    w = d === 0 ? 7 : d;
    weekdayCache.set(day, w);
  }
  return w;
}

const utcDayPrefix = new Map<number, string>();
/** An instant as ISO 8601 UTC (what Date#toISOString gives, without a Date per call: millions of entries). */
function iso(ms: number): string {
  const day = Math.floor(ms / 86_400_000);
  let prefix = utcDayPrefix.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * 86_400_000).toISOString().slice(0, 11);
    utcDayPrefix.set(day, prefix);
  }
  const rest = ms - day * 86_400_000;
  const h = Math.floor(rest / 3_600_000);
  const m = Math.floor((rest % 3_600_000) / 60_000);
  const s = Math.floor((rest % 60_000) / 1000);
  const milli = rest % 1000;
  return `${prefix}${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}:${s < 10 ? "0" : ""}${s}.${String(milli).padStart(3, "0")}Z`;
}

// ---------------------------------------------------------------------------------------------------------------
// Organisation

const hm = (h: number, m = 0) => h * 60 + m;
type Day = { morningStart: number | null; morningEnd: number | null; afternoonStart: number | null; afternoonEnd: number | null };
const BLANK: Day = { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null };
const d4 = (ms: number, me: number, as: number | null, ae: number | null): Day => ({ morningStart: ms, morningEnd: me, afternoonStart: as, afternoonEnd: ae });
const five = (d: Day): Day[] => [d, d, d, d, d].map((x) => ({ ...x }));

interface ScheduleDef {
  key: string;
  weeks: Day[][];
  weight: number;
}
const FR_SCHEDULES: ScheduleDef[] = [
  { key: "fr35", weeks: [five(d4(hm(9), hm(12, 30), hm(13, 30), hm(17)))], weight: 40 },
  { key: "prod35", weeks: [five(d4(hm(8), hm(12), hm(13), hm(16)))], weight: 22 },
  { key: "fr37", weeks: [five(d4(hm(8, 30), hm(12, 30), hm(13, 30), hm(17)))], weight: 10 },
  {
    key: "prodAlt",
    weeks: [five(d4(hm(8), hm(12), hm(13), hm(17))), [...five(d4(hm(8), hm(12), hm(13), hm(16, 30))).slice(0, 4), { ...BLANK }]],
    weight: 10,
  },
  // Part time: 28 h (Wednesday off), 20 h (mornings).
  { key: "fr28", weeks: [[0, 1, 2, 3, 4].map((i) => (i === 2 ? { ...BLANK } : d4(hm(9), hm(12, 30), hm(13, 30), hm(17))))], weight: 12 },
  { key: "fr20", weeks: [five(d4(hm(8, 30), hm(12, 30), null, null))], weight: 6 },
];
const PT_SCHEDULES: ScheduleDef[] = [
  { key: "pt40", weeks: [five(d4(hm(9), hm(13), hm(14), hm(18)))], weight: 60 },
  { key: "ptAlt", weeks: [five(d4(hm(9), hm(13), hm(14), hm(18))), five(d4(hm(7), hm(11), hm(11, 30), hm(15, 30)))], weight: 15 },
  { key: "pt30", weeks: [[0, 1, 2, 3, 4].map((i) => (i === 4 ? { ...BLANK } : d4(hm(9), hm(13), hm(14), hm(17, 30))))], weight: 13 },
  { key: "pt20", weeks: [five(d4(hm(9), hm(13), null, null))], weight: 12 },
];

function pickWeighted<T extends { weight: number }>(rng: Rng, items: readonly T[]): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = rng.next() * total;
  for (const i of items) {
    r -= i.weight;
    if (r < 0) return i;
  }
  return items[items.length - 1]!;
}

function weekHours(weeks: Day[][]): number {
  const seconds = weeks.reduce((s, w) => s + w.reduce((t, d) => t + scheduleDaySeconds(d), 0), 0);
  return Math.round((seconds / 3600 / weeks.length) * 100) / 100;
}

const FR_FIRST = ["Camille", "Léa", "Manon", "Chloé", "Emma", "Inès", "Sarah", "Julie", "Claire", "Anne", "Sophie", "Marion", "Lucie", "Pauline", "Nathalie", "Isabelle", "Thomas", "Lucas", "Hugo", "Nicolas", "Julien", "Maxime", "Antoine", "Alexandre", "Pierre", "Romain", "Mathieu", "Laurent", "Olivier", "Sébastien", "Karim", "Mehdi", "Yanis", "Amadou", "Élodie", "François", "Gaëlle", "Jérôme", "Hélène", "Noé"];
const FR_LAST = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier", "Morel", "Girard", "André", "Mercier", "Dupont", "Lambert", "Bonnet", "François", "Martinez", "Legrand", "Garnier", "Faure", "Rousseau", "Blanc", "Guérin", "Muller", "Henry", "Roussel", "Nicolas", "Perrin"];
const PT_FIRST = ["João", "Maria", "Ana", "Pedro", "Tiago", "Rita", "Inês", "Beatriz", "Miguel", "Rui", "Sofia", "Catarina", "Bruno", "Carla", "Diogo", "Filipa", "Gonçalo", "Joana", "Luís", "Marta", "Nuno", "Paula", "Ricardo", "Sara", "Vasco"];
const PT_LAST = ["Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Rodrigues", "Martins", "Jesus", "Sousa", "Fernandes", "Gonçalves", "Gomes", "Lopes", "Marques", "Alves", "Almeida", "Ribeiro", "Pinto", "Carvalho", "Teixeira", "Moreira", "Correia", "Mendes", "Nunes"];

function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const COUNTRIES = [
  { id: 1, name: "France", timezone: "Europe/Paris", paid: 50, recup: 50, holidaysOf: frenchHolidays, accrual: 2.08, fullYear: 25 },
  { id: 2, name: "Portugal", timezone: "Europe/Lisbon", paid: 75, recup: 25, holidaysOf: portugueseHolidays, accrual: 1.83, fullYear: 22 },
] as const;
type CountryDef = (typeof COUNTRIES)[number];

const SUBSIDIARIES = [
  { id: 1, name: "3 Print", countryId: 1, city: "Paris", timezone: "Europe/Paris" },
  { id: 2, name: "Lisboa Print", countryId: 2, city: "Lisbonne", timezone: "Europe/Lisbon" },
];
const DIVISION_NAMES: Record<number, string[]> = {
  1: ["Administration et commercial", "Production", "Finition", "Logistique", "Prépresse"],
  2: ["Produção", "Logística e administração", "Acabamento"],
};

type Workflow = "fast" | "partial" | "full";
const STATES_OF: Record<Workflow, string[]> = {
  fast: ["pending", "accepted", "refused"],
  partial: ["pending", "validate", "accepted", "refused"],
  full: ["pending", "prevalidate", "validate", "accepted", "refused"],
};
const PATH_OF: Record<Workflow, string[]> = { fast: ["accepted"], partial: ["validate", "accepted"], full: ["prevalidate", "validate", "accepted"] };

interface Emp {
  id: number;
  first: string;
  last: string;
  email: string;
  profile: string;
  position: string;
  country: CountryDef;
  subId: number;
  divId: number;
  teamId: number | null;
  teamLeader: boolean;
  departmentHead: boolean;
  schedule: ScheduleDef;
  weekType: WeekType;
  workflow: Workflow;
  hiredAt: string;
  firedAt: string | null;
  timeRegistration: boolean;
  zone: string;
  rtt: boolean;
  startBias: number;
  overtimeProne: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Seed

/** Builds the large bench database; see the header. */
export async function seedLarge(options: LargeSeedOptions): Promise<LargeSeedResult> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const total = Math.max(20, Math.min(options.employees ?? 5000, 50_000));
  const rng = new Rng(options.seed ?? 1);
  const progress = options.progress ?? (() => {});
  const today = options.today;
  const yesterday = addDays(today, -1);
  const historyStart = addDays(today, -365);
  const horizon = addDays(today, 120);
  // Today 06:00 in Paris, or now when the seed runs earlier than that: a row's `computed_at` in the future would be
  // counted as written by every run of the nightly bench until then (decision 0104 addendum).
  const seedMs = Math.min(dayBounds(today, "Europe/Paris").start.getTime() + 6 * 3600_000, Date.now() - 60_000);
  const seedAt = iso(seedMs);

  // --- the database ----------------------------------------------------------------------------------------------
  const database = options.database ?? LARGE_DATABASE;
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`seedLarge: bad database name ${database}`);
  const adminUrl = new URL(options.adminUrl);
  if (adminUrl.pathname.replace(/^\//, "") === database) adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  progress("base", 0, 1);
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(adminUrl.toString());
  url.pathname = `/${database}`;
  await options.migrate(url.toString());
  progress("base", 1, 1);

  const clients = await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query("set session_replication_role = replica; set synchronous_commit = off");
      return c;
    }),
  );
  const db = clients[0]!;
  const counts: Record<string, number> = {};
  const copy = async (table: string, columns: string[], rows: CopyCell[][]) => {
    counts[table] = (counts[table] ?? 0) + (await copyRows(db, table, columns, rows));
  };

  // --- countries, holidays, policies ---------------------------------------------------------------------------
  // The migrations already wrote a default policy per existing country: none exist yet on a fresh database.
  const holidays = new Map<number, Map<string, string>>();
  const holidayRows: CopyCell[][] = [];
  const firstYear = Number(historyStart.slice(0, 4)) - 1;
  const lastYear = Number(horizon.slice(0, 4)) + 1;
  for (const c of COUNTRIES) {
    const map = new Map<string, string>();
    for (let y = firstYear; y <= lastYear; y++) for (const h of c.holidaysOf(y)) map.set(h.date, h.name);
    holidays.set(c.id, map);
    for (const [date, name] of map) holidayRows.push([holidayRows.length + 1, c.id, date, name]);
  }
  await copy(
    "country",
    ["id", "name", "timezone", "overtime_paid", "overtime_in_recuperation", "employee_initiated_recuperation", "employer_initiated_recuperation", "overtime_first_band_hours", "overtime_first_band_rate", "overtime_second_band_rate"],
    COUNTRIES.map((c) => [c.id, c.name, c.timezone, c.paid, c.recup, 50, 50, 8, 25, 50]),
  );
  await copy("holiday", ["id", "country_id", "date", "name"], holidayRows);
  const policies = new Map<number, OvertimePolicy>();
  const policyRows: CopyCell[][] = [];
  let policyColumnNames: string[] = [];
  for (const c of COUNTRIES) {
    const policy: OvertimePolicy = { ...defaultPolicyFor(c.name), paid: c.paid, inRecuperation: c.recup, employeeInitiatedRecuperation: 50, employerInitiatedRecuperation: 50 };
    policies.set(c.id, policy);
    const cols = policyColumns(policy);
    policyColumnNames = Object.keys(cols);
    policyRows.push([c.id, c.id, "2000-01-01", ...Object.values(cols), seedAt]);
  }
  await copy("overtime_policy", ["id", "country_id", "effective_from", ...policyColumnNames, "created_at"], policyRows);
  const isHoliday = (countryId: number, d: string) => holidays.get(countryId)!.has(d);
  const isWorkingDay = (countryId: number, d: string) => weekday(d) <= 5 && !isHoliday(countryId, d);

  // --- organisation ----------------------------------------------------------------------------------------------
  await copy("subsidiary", ["id", "name", "country_id", "city", "timezone"], SUBSIDIARIES.map((s) => [s.id, s.name, s.countryId, s.city, s.timezone]));
  const divisionRows: CopyCell[][] = [];
  const teamRows: CopyCell[][] = [];
  const emps: Emp[] = [];
  const frCount = Math.round(total * 0.6);
  const perCountry = [frCount, total - frCount];
  const newEmp = (c: CountryDef, subId: number, divId: number, teamId: number | null, overrides: Partial<Emp> = {}): Emp => {
    const id = emps.length + 1;
    const fr = c.id === 1;
    const first = rng.pick(fr ? FR_FIRST : PT_FIRST);
    const last = rng.pick(fr ? FR_LAST : PT_LAST);
    const schedule = pickWeighted(rng, fr ? FR_SCHEDULES : PT_SCHEDULES);
    const r = rng.next();
    const hiredAt = r < 0.06 ? addDays(today, -rng.int(20, 330)) : addDays(today, -rng.int(400, 9000));
    const firedAt = rng.chance(0.03) ? addDays(today, -rng.int(5, 300)) : null;
    const e: Emp = {
      id,
      first,
      last,
      email: `${slug(first)}.${slug(last)}.${id}@cadran.test`,
      profile: "ROLE_EMPLOYEE",
      position: fr ? "Opérateur" : "Operador",
      country: c,
      subId,
      divId,
      teamId,
      teamLeader: false,
      departmentHead: false,
      schedule,
      weekType: schedule.weeks.length === 2 ? "week_one_two" : "unique_week",
      workflow: rng.pick(["fast", "fast", "partial", "full"] as const),
      hiredAt: firedAt && firedAt <= hiredAt ? addDays(firedAt, -200) : hiredAt,
      firedAt,
      timeRegistration: !rng.chance(0.04),
      zone: c.timezone,
      rtt: fr && schedule.key === "fr37",
      startBias: rng.int(-10, 10),
      overtimeProne: rng.chance(0.25) ? 0.3 : 0.06,
      ...overrides,
    };
    emps.push(e);
    return e;
  };

  // The seven demo accounts first (ids 1-7), in France: management in division 1, the department head of
  // division 2, the team leader and the employee of its first team.
  const fr = COUNTRIES[0];
  const demo = (email: string, profile: string, first: string, last: string, divId: number, teamId: number | null, extra: Partial<Emp> = {}) =>
    newEmp(fr, 1, divId, teamId, { email, profile, first, last, firedAt: null, hiredAt: addDays(today, -3000), timeRegistration: true, schedule: FR_SCHEDULES[0]!, weekType: "unique_week", position: "Cadre", ...extra });
  demo("direction@cadran.test", "ROLE_HEAD_MANAGEMENT", "Claire", "Direction", 1, null);
  demo("daf@cadran.test", "ROLE_FINANCIAL_MANAGEMENT", "Paul", "Finances", 1, null);
  demo("chef.division@cadran.test", "ROLE_DEPARTMENT_HEAD", "Nadia", "Division", 2, null, { departmentHead: true });
  demo("chef.equipe@cadran.test", "ROLE_TEAM_LEADER", "Marc", "Équipe", 2, 1, { teamLeader: true, workflow: "full" });
  demo("employe@cadran.test", "ROLE_EMPLOYEE", "Léo", "Employé", 2, 1, { workflow: "full" });
  demo("accueil@cadran.test", "ROLE_HOST_EMPLOYEE", "Alice", "Accueil", 1, null);
  demo("commercial@cadran.test", "ROLE_COMMERCIAL", "Hugo", "Commercial", 1, null);

  let divisionId = 0;
  // Team 1 is the demo team (division 2 of France): its leader and employee are ids 4 and 5.
  let teamId = 1;
  const headOf = new Map<number, number>();
  const leaderOf = new Map<number, number>();
  const managementOf = new Map<number, number>();
  headOf.set(2, 3);
  leaderOf.set(1, 4);
  managementOf.set(1, 1);
  for (const c of COUNTRIES) {
    const sub = SUBSIDIARIES.find((s) => s.countryId === c.id)!;
    const names = DIVISION_NAMES[sub.id]!;
    let left = perCountry[c.id - 1]! - (c.id === 1 ? 7 : 0);
    if (c.id === 2) {
      // Portugal's management, in its first division.
      const m = newEmp(c, sub.id, divisionId + 1, null, { profile: "ROLE_HEAD_MANAGEMENT", position: "Diretora-geral", firedAt: null, timeRegistration: true });
      managementOf.set(2, m.id);
      left -= 1;
    }
    for (let i = 0; i < names.length; i++) {
      const divId = ++divisionId;
      divisionRows.push([divId, names[i]!, sub.id]);
      let share = Math.floor(left / (names.length - i));
      left -= share;
      if (!headOf.has(divId)) {
        const h = newEmp(c, sub.id, divId, null, { profile: "ROLE_DEPARTMENT_HEAD", departmentHead: true, position: c.id === 1 ? "Chef de division" : "Chefe de divisão", firedAt: null });
        headOf.set(divId, h.id);
        share -= 1;
      }
      // A few people directly in the division (no team), then teams of about 12 led by a team leader.
      let noTeam = Math.min(share, 3);
      share -= noTeam;
      while (noTeam-- > 0) newEmp(c, sub.id, divId, null);
      let n = 1;
      while (share > 0) {
        const tid = divId === 2 && n === 1 ? 1 : ++teamId;
        teamRows.push([tid, `${c.id === 1 ? "Équipe" : "Equipa"} ${names[i]} ${n++}`, sub.id, divId]);
        let size = Math.min(share, rng.int(9, 15));
        share -= size;
        if (tid !== 1) {
          const l = newEmp(c, sub.id, divId, tid, { profile: "ROLE_TEAM_LEADER", teamLeader: true, position: c.id === 1 ? "Chef d'équipe" : "Chefe de equipa", firedAt: null });
          leaderOf.set(tid, l.id);
          size -= 1;
        }
        while (size-- > 0) {
          const r = rng.next();
          newEmp(c, sub.id, divId, tid, r < 0.02 ? { profile: "ROLE_HOST_EMPLOYEE" } : r < 0.05 ? { profile: "ROLE_COMMERCIAL" } : {});
        }
      }
    }
  }
  await copy("division", ["id", "name", "subsidiary_id"], divisionRows);
  await copy("team", ["id", "name", "subsidiary_id", "division_id"], teamRows);
  counts.employee = emps.length;

  const active = (e: Emp, d: string) => d >= e.hiredAt && (!e.firedAt || d < e.firedAt);

  // --- event days: a closing day per division (a bridge day of the past year), some travel days -------------------
  const eventRows: CopyCell[][] = [];
  const events = new Map<number, Map<string, string>>();
  const addEvent = (e: Emp, d: string, type: "closed" | "moved") => {
    if (!active(e, d) || !isWorkingDay(e.country.id, d)) return;
    let m = events.get(e.id);
    if (!m) events.set(e.id, (m = new Map()));
    if (m.has(d)) return;
    m.set(d, type);
    eventRows.push([eventRows.length + 1, e.id, d, type]);
  };
  const closingDays = new Map<number, string>();
  for (const [divId] of divisionRows.map((r) => [r[0] as number])) {
    const countryId = divisionRows[divId - 1]![2] === 1 ? 1 : 2;
    // The first working Friday after a Thursday holiday (Ascension), else a working day in the middle of the year.
    let closing: string | null = null;
    for (let d = historyStart; d < yesterday && !closing; d = addDays(d, 1)) {
      if (weekday(d) === 5 && isWorkingDay(countryId, d) && isHoliday(countryId, addDays(d, -1))) closing = d;
    }
    closingDays.set(divId, closing ?? addDays(historyStart, 180 + divId));
  }
  for (const e of emps) {
    addEvent(e, closingDays.get(e.divId)!, "closed");
    if (e.profile === "ROLE_COMMERCIAL" || rng.chance(0.02)) {
      for (let k = rng.int(1, 4); k > 0; k--) addEvent(e, addDays(today, rng.int(-300, 60)), "moved");
    }
  }

  // --- leaves and their steps (placed before the clocks: a full-day accepted leave has no clock) -----------------
  const leaveRows: CopyCell[][] = [];
  const stepRows: CopyCell[][] = [];
  const leavesByEmp = new Map<number, { start: string; end: string; hm: boolean; ha: boolean; reason: string; state: string }[]>();
  const vacationStart = `${Number(today.slice(5, 7)) >= 6 ? today.slice(0, 4) : Number(today.slice(0, 4)) - 1}-06-01`;
  const taken = new Map<number, { last: number; recovery: number }>();
  let cycle = 0;
  for (const e of emps) {
    const busy = new Set<string>(events.get(e.id)?.keys() ?? []);
    const list: { start: string; end: string; hm: boolean; ha: boolean; reason: string; state: string }[] = [];
    leavesByEmp.set(e.id, list);
    const plan: { reason: string; state: string; from: number; days: number; half?: "m" | "a" }[] = [];
    // Paid leave: two or three blocks in the past year (mostly accepted), one in the coming months.
    for (let k = rng.int(2, 3); k > 0; k--) plan.push({ reason: "PAID_LEAVE", state: rng.chance(0.9) ? "accepted" : "refused", from: rng.int(-350, -5), days: rng.int(2, 10) });
    plan.push({ reason: "PAID_LEAVE", state: rng.pick(STATES_OF[e.workflow]), from: rng.int(5, 110), days: rng.int(1, 8) });
    if (rng.chance(0.35)) plan.push({ reason: "SICK_LEAVE", state: "accepted", from: rng.int(-350, -3), days: rng.int(1, 4) });
    if (e.rtt) for (let k = rng.int(2, 5); k > 0; k--) plan.push({ reason: "RTT_LEAVE", state: "accepted", from: rng.int(-350, 60), days: 1 });
    if (rng.chance(0.3)) plan.push({ reason: "RECOVERY_LEAVE", state: rng.chance(0.7) ? "accepted" : "pending", from: rng.int(-200, 40), days: 1, half: rng.chance(0.5) ? "m" : "a" });
    // One more with the reasons and states in turn, so every reason meets every state somewhere.
    const states = STATES_OF[e.workflow];
    const k = cycle++;
    const cycleState = states[Math.floor(k / LEAVE_REASONS.length) % states.length]!;
    const decided = cycleState === "accepted" || cycleState === "refused";
    plan.push({ reason: LEAVE_REASONS[k % LEAVE_REASONS.length]!, state: cycleState, from: decided ? rng.int(-300, -5) : rng.int(5, 100), days: rng.int(1, 3) });
    for (const p of plan) {
      let start = addDays(today, p.from);
      while (!isWorkingDay(e.country.id, start)) start = addDays(start, 1);
      const days: string[] = [];
      for (let d = start; days.length < (p.half ? 1 : p.days); d = addDays(d, 1)) if (isWorkingDay(e.country.id, d)) days.push(d);
      if (days.some((d) => busy.has(d) || !active(e, d))) continue;
      // Past leaves are decided; a future one may still wait.
      const state = p.from < -3 && !["accepted", "refused"].includes(p.state) ? "accepted" : p.state;
      for (const d of days) busy.add(d);
      const end = days[days.length - 1]!;
      const id = leaveRows.length + 1;
      const half = p.half ?? null;
      const numberDays = half ? 0.5 : days.length;
      const paid = p.reason === "PAID_LEAVE" && state === "accepted" && start >= vacationStart;
      const createdMs = dayBounds(addDays(start, -rng.int(10, 40)), e.zone).start.getTime() + hm(10) * 60_000 + rng.int(0, 3600) * 1000;
      const steps: [string, number | null, number][] = [["created", e.id, createdMs]];
      const path = PATH_OF[e.workflow];
      const actor = (step: string) =>
        step === "prevalidate"
          ? (leaderOf.get(e.teamId ?? -1) ?? headOf.get(e.divId) ?? managementOf.get(e.country.id)!)
          : step === "validate"
            ? (headOf.get(e.divId) ?? managementOf.get(e.country.id)!)
            : managementOf.get(e.country.id)!;
      let at = createdMs;
      const upTo = state === "refused" ? path.slice(0, rng.int(0, path.length - 1)) : state === "pending" ? [] : path.slice(0, path.indexOf(state) + 1);
      for (const s of upTo) steps.push([s, actor(s), (at += rng.int(3600, 3 * 86400) * 1000)]);
      if (state === "refused") steps.push(["refused", actor("accepted"), (at += rng.int(3600, 86400) * 1000)]);
      const recoveryHours = p.reason === "RECOVERY_LEAVE" ? (half ? 3.5 : 7) : null;
      leaveRows.push([id, e.id, p.reason, rng.chance(0.3) ? "Congé planifié" : null, start, end, half === "m", half === "a", recoveryHours, numberDays, rng.chance(0.03), state, paid ? numberDays : 0, 0, steps.length, iso(createdMs), iso(at)]);
      for (const [step, actorId, ms] of steps) stepRows.push([stepRows.length + 1, id, step, actorId, iso(ms)]);
      list.push({ start, end, hm: half === "m", ha: half === "a", reason: p.reason, state });
      const tk = taken.get(e.id) ?? { last: 0, recovery: 0 };
      if (paid) tk.last += numberDays;
      if (p.reason === "RECOVERY_LEAVE" && state === "accepted") tk.recovery += (recoveryHours ?? 0) * 3600;
      taken.set(e.id, tk);
    }
  }
  await copy(
    "leave",
    ["id", "employee_id", "reason", "comment", "start", "end", "half_day_morning", "half_day_afternoon", "nb_hour_absence", "number_days_work", "urgent", "state", "days_from_last_year", "days_from_this_year", "version", "created_at", "updated_at"],
    leaveRows,
  );
  await copy("leave_step", ["id", "leave_id", "step", "actor_id", "at"], stepRows);
  await copy("event_day", ["id", "employee_id", "date", "type"], eventRows);
  progress("organisation", 1, 1);

  // --- clocks, entries, daily time account, overtime weeks: one streaming pass ----------------------------------
  const clockCopy = new CopyIn(clients[1]!, "time_clock", ["id", "employee_id", "date", "type", "suggested", "origin_suggested_id", "message", "working_time_seconds", "lunch_time_seconds", "expected_seconds", "overtime_seconds", "anomaly", "new_notification", "created_by_id", "created_at", "updated_at"]);
  const logCopy = new CopyIn(clients[2]!, "time_log", ["id", "time_clock_id", "time", "type", "created_at", "created_by_id", "superseded_at", "superseded_by_id"]);
  const otCopy = new CopyIn(clients[3]!, "overtime", ["id", "employee_id", "date", "worked_seconds", "expected_seconds", "overtime_seconds", "anomaly"]);
  // overtime_week goes on the first connection, after the small tables (done above).
  const weekCopy = new CopyIn(db, "overtime_week", ["id", "employee_id", "iso_year", "iso_week", "monday", "policy_id", "mode", "contract_seconds", "worked_seconds", "counted_seconds", "normal_seconds", "extra_seconds", "undertime_seconds", "overtime_seconds", "complementary_seconds", "paid_seconds", "recovery_seconds", "recovery_earned_seconds", "premium_seconds", "quota_before_seconds", "quota_week_seconds", "quota_after_seconds", "mandatory_rest_seconds", "anomaly_count", "bands", "explanation", "checksum", "provisional", "credited", "credited_seconds", "credited_at", "dirty", "dirty_at", "computed_at"]);
  let clockId = 0;
  let logId = 0;
  let otId = 0;
  let weekId = 0;
  const companySizeCache = new Map<string, number>();
  const companySize = (countryId: number, monday: string) => {
    const key = `${countryId}|${monday}`;
    let n = companySizeCache.get(key);
    if (n === undefined) {
      const sunday = addDays(monday, 6);
      n = emps.filter((o) => o.country.id === countryId && o.hiredAt <= sunday && (!o.firedAt || o.firedAt >= monday)).length;
      companySizeCache.set(key, n);
    }
    return n;
  };
  const midnight = (d: string, zone: string) => dayBounds(d, zone).start.getTime();
  const recovery = new Map<number, number>();
  const firstMonday = addDays(historyStart, 1 - weekday(historyStart));
  const lastMonday = addDays(yesterday, 1 - weekday(yesterday));
  // The calendar of the history once: date, weekday, odd ISO week (week 1 of week_one_two), working day per country.
  const calendar: { date: string; wd: number; odd: boolean; working: [boolean, boolean]; holiday: [boolean, boolean] }[] = [];
  for (let d = firstMonday, last = addDays(lastMonday, 6); d <= last; d = addDays(d, 1)) {
    calendar.push({ date: d, wd: weekday(d), odd: isoWeekKey(d).week % 2 === 1, working: [isWorkingDay(1, d), isWorkingDay(2, d)], holiday: [isHoliday(1, d), isHoliday(2, d)] });
  }
  const historyIndex = calendar.findIndex((c) => c.date === historyStart);
  const yesterdayIndex = calendar.findIndex((c) => c.date === yesterday);
  /** weekForDate's rule (odd ISO weeks use week 1), on the precomputed parity. */
  const scheduleDay = (e: Emp, c: (typeof calendar)[number]): Day | null => {
    if (c.wd > 5) return null;
    const weeks = e.schedule.weeks;
    const week = e.weekType === "unique_week" || c.odd ? weeks[0] : (weeks[1] ?? weeks[0]);
    return week?.[c.wd - 1] ?? null;
  };
  const clockCounts = { clocks: 0, logs: 0, overtime: 0, weeks: 0, suggestions: 0 };

  for (let index = 0; index < emps.length; index++) {
    const e = emps[index]!;
    if (index % 50 === 0) progress("clocks", index, emps.length);
    const leaves = leavesByEmp.get(e.id)!.filter((l) => l.state === "accepted");
    const evs = events.get(e.id);
    const days = new Map<string, { worked: number; anomaly: boolean }>();
    if (e.timeRegistration) {
      let lastClock: { id: number; date: string; starts: number[] } | null = null;
      for (let ci = historyIndex; ci <= yesterdayIndex; ci++) {
        const cal = calendar[ci]!;
        const d = cal.date;
        if (!cal.working[e.country.id - 1] || !active(e, d) || evs?.has(d)) continue;
        const sched = scheduleDay(e, cal);
        const expectedFull = scheduleDaySeconds(sched);
        if (!sched || expectedFull === 0) continue;
        const leave = leaves.find((l) => l.start <= d && l.end >= d);
        const halfDay = !!leave && leave.start === leave.end && (leave.hm || leave.ha);
        if (leave && !halfDay) continue;
        const expected = halfDay ? expectedFull / 2 : expectedFull;
        const base = midnight(d, e.zone);
        const at = (minutes: number, noise: number) => base + (minutes + noise) * 60_000 + rng.int(0, 59) * 1000;
        const entries: [number, string][] = [];
        const morning = sched.morningStart !== null && sched.morningEnd !== null && !(halfDay && leave!.hm);
        const afternoon = sched.afternoonStart !== null && sched.afternoonEnd !== null && !(halfDay && leave!.ha);
        const extra = rng.chance(e.overtimeProne) ? rng.int(20, 150) : 0;
        if (morning && afternoon) {
          entries.push([at(sched.morningStart!, e.startBias + rng.int(-8, 8)), "START"]);
          if (rng.chance(0.08)) {
            const p = at(sched.morningStart! + 120, rng.int(0, 30));
            entries.push([p, "PAUSE"], [p + rng.int(8, 20) * 60_000, "START"]);
          }
          entries.push([at(sched.morningEnd!, rng.int(0, 10)), "LUNCH"]);
          entries.push([at(sched.afternoonStart!, rng.int(-5, 5)), "START"]);
          entries.push([at(sched.afternoonEnd!, rng.int(-5, 10) + extra), "END"]);
        } else {
          const [from, to] = morning ? [sched.morningStart!, sched.morningEnd!] : [sched.afternoonStart!, sched.afternoonEnd!];
          entries.push([at(from, e.startBias + rng.int(-8, 8)), "START"]);
          entries.push([at(to, rng.int(-5, 10) + extra), "END"]);
        }
        // About 1 % of the days were left without END: an anomaly counting no overtime.
        const anomaly = rng.chance(0.01);
        if (anomaly) entries.pop();
        let working = 0;
        let lunch = 0;
        for (let i = 0; i + 1 < entries.length; i++) {
          const [a, ta] = entries[i]!;
          const [b, tb] = entries[i + 1]!;
          if (ta === "START" && tb !== "START") working += Math.round((b - a) / 1000);
          if (ta === "LUNCH" && tb === "START") lunch += Math.round((b - a) / 1000);
        }
        const type = entries[entries.length - 1]![1];
        const overtime = anomaly ? 0 : working - expected;
        const id = ++clockId;
        const last = entries[entries.length - 1]![0];
        if (clockCopy.push(copyLine([id, e.id, d, type, false, null, null, working, lunch, expected, overtime, anomaly, null, e.id, iso(entries[0]![0]), iso(last)]))) await clockCopy.flush();
        for (const [time, t] of entries) {
          const s = iso(time);
          if (logCopy.push(copyLine([++logId, id, s, t, s, e.id, null, null]))) await logCopy.flush();
        }
        if (otCopy.push(copyLine([++otId, e.id, d, working, expected, overtime, anomaly]))) await otCopy.flush();
        clockCounts.clocks++;
        clockCounts.logs += entries.length;
        clockCounts.overtime++;
        days.set(d, { worked: working, anomaly });
        if (d >= addDays(today, -10)) lastClock = { id, date: d, starts: entries.filter((x) => x[1] === "START").map((x) => x[0]) };
      }
      // About 1 % of the employees asked for a correction of a recent day (waiting for their manager).
      if (lastClock && rng.chance(0.01)) {
        const id = ++clockId;
        const s0 = lastClock.starts[0]! - rng.int(10, 40) * 60_000;
        const base = midnight(lastClock.date, e.zone);
        const corrected: [number, string][] = [
          [s0, "START"],
          [base + hm(12, 30) * 60_000, "LUNCH"],
          [base + hm(13, 30) * 60_000, "START"],
          [base + hm(17, 30) * 60_000, "END"],
        ];
        const working = Math.round((corrected[1]![0] - s0 + corrected[3]![0] - corrected[2]![0]) / 1000);
        await clockCopy.write(copyLine([id, e.id, lastClock.date, "END", true, lastClock.id, "La badgeuse ne répondait pas à mon arrivée.", working, 3600, 0, 0, false, null, e.id, seedAt, seedAt]));
        for (const [time, t] of corrected) await logCopy.write(copyLine([++logId, id, iso(time), t, seedAt, e.id, null, null]));
        clockCounts.clocks++;
        clockCounts.logs += 4;
        clockCounts.suggestions++;
      }

      // The engine's weeks, as loadOvertimeWeek assembles them.
      const policy = policies.get(e.country.id)!;
      let quotaYear = 0;
      let quotaBefore = 0;
      const contractHours = weekHours(e.schedule.weeks);
      let earned = 0;
      for (let wi = 0; wi + 6 < calendar.length; wi += 7) {
        const monday = calendar[wi]!.date;
        const sunday = addDays(monday, 6);
        if (!(e.hiredAt <= sunday && (!e.firedAt || e.firedAt >= monday))) continue;
        const week = isoWeekKey(monday);
        if (week.year !== quotaYear) {
          quotaYear = week.year;
          quotaBefore = 0;
        }
        const wdays: OvertimeDay[] = [];
        for (let i = 0; i < 7; i++) {
          const cal = calendar[wi + i]!;
          const date = cal.date;
          const wd = i + 1;
          const clock = days.get(date);
          const holiday = cal.holiday[e.country.id - 1]!;
          const leave = leavesByEmp.get(e.id)!.find((l) => l.state === "accepted" && l.start <= date && l.end >= date);
          const ev = evs?.get(date) ?? null;
          const scheduled = wd <= 5 ? scheduleDaySeconds(scheduleDay(e, cal)) : 0;
          const halfDay = !!leave && leave.start === leave.end && (leave.hm || leave.ha);
          let expected = scheduled;
          if (holiday || ev === "closed" || (leave && !halfDay)) expected = 0;
          else if (halfDay) expected = scheduled / 2;
          wdays.push({
            date,
            workedSeconds: clock?.worked ?? 0,
            scheduledSeconds: scheduled,
            expectedSeconds: expected,
            absence: leave ? { reason: leave.reason, halfDay } : null,
            holiday,
            eventDay: ev === "closed" || ev === "moved" ? ev : null,
            anomaly: clock?.anomaly ?? false,
          });
        }
        const result = computeOvertimeWeek({
          week,
          zone: e.zone,
          days: wdays,
          contractWeeklyHours: contractHours,
          policy,
          quotaUsedBeforeSeconds: quotaBefore,
          companySize: companySize(e.country.id, monday),
        });
        quotaBefore += result.quota.weekSeconds;
        const provisional = today <= sunday;
        if (!provisional) earned += result.recoveryEarnedSeconds;
        const checksum = weekChecksum(result, e.country.id);
        const { explanation, days: resultDays, anomalies, lines, rates } = result;
        const full = weekCopy.push(
          copyLine([
            ++weekId, e.id, week.year, week.week, result.monday, e.country.id, result.mode, result.contractSeconds, result.workedSeconds,
            result.countedSeconds, result.normalSeconds, result.extraSeconds, result.undertimeSeconds, result.overtimeSeconds,
            result.complementarySeconds, result.paidSeconds, result.recoverySeconds, result.recoveryEarnedSeconds, result.premiumSeconds,
            result.quota.beforeSeconds, result.quota.weekSeconds, result.quota.afterSeconds, result.mandatoryRestSeconds, anomalies.length,
            JSON.stringify({ lines, rates }), JSON.stringify({ steps: explanation, days: resultDays, anomalies, quota: result.quota }),
            checksum, provisional, !provisional && result.recoveryEarnedSeconds > 0, provisional ? 0 : result.recoveryEarnedSeconds,
            provisional ? null : seedAt, false, null, seedAt,
          ]),
        );
        if (full) await weekCopy.flush();
        clockCounts.weeks++;
      }
      recovery.set(e.id, earned);
    }
  }
  progress("clocks", emps.length, emps.length);
  progress("flush", 0, 1);
  const [clockRowsN, logRowsN, otRowsN, weekRowsN] = await Promise.all([clockCopy.end(), logCopy.end(), otCopy.end(), weekCopy.end()]);
  counts.time_clock = clockRowsN;
  counts.time_log = logRowsN;
  counts.overtime = otRowsN;
  counts.overtime_week = weekRowsN;
  counts.suggestions = clockCounts.suggestions;

  // --- employees and accounts (their counters need the leaves and weeks) ---------------------------------------
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const employeeRows: CopyCell[][] = [];
  const userRows: CopyCell[][] = [];
  const scheduleRows: CopyCell[][] = [];
  const monthsSinceJune = (Number(today.slice(0, 4)) - Number(vacationStart.slice(0, 4))) * 12 + Number(today.slice(5, 7)) - 6;
  for (const e of emps) {
    const hours = weekHours(e.schedule.weeks);
    const perMonth = Math.round(((hours * 52) / 12) * 100) / 100;
    const salary = e.profile === "ROLE_EMPLOYEE" ? rng.int(24, 38) * 1000 : rng.int(38, 80) * 1000;
    const tk = taken.get(e.id) ?? { last: 0, recovery: 0 };
    const earnedLast = e.country.fullYear;
    const earnedThis = Math.round(monthsSinceJune * e.country.accrual * 100) / 100;
    const takenLast = Math.min(tk.last, earnedLast);
    const lunch = e.schedule.weeks[0]?.[0]?.morningEnd ?? null;
    const rec = recovery.get(e.id) ?? 0;
    employeeRows.push([
      e.id, 10000 + e.id, `${slug(e.first).slice(0, 1)}${slug(e.last).replace(/-/g, "").slice(0, 2)}${e.id}`.toUpperCase().slice(0, 10), e.first, e.last,
      `${1965 + (e.id % 35)}-${String(1 + (e.id % 12)).padStart(2, "0")}-${String(1 + (e.id % 28)).padStart(2, "0")}`,
      e.country.id === 1 ? `06 ${String(10 + (e.id % 90))} ${String(10 + ((e.id * 7) % 90))} ${String(10 + ((e.id * 13) % 90))} ${String(10 + ((e.id * 17) % 90))}` : `+351 91${e.id % 10} ${String(100 + (e.id % 900))} ${String(100 + ((e.id * 7) % 900))}`,
      e.email, null, e.profile, e.position, null, hours < 35 ? "CDI" : rng.chance(0.1) ? "CDD" : "CDI", hours, perMonth, e.hiredAt, e.firedAt,
      e.firedAt ? "Sorti des effectifs" : "Actif", salary, Math.round(((salary * 1.42) / (perMonth * 12)) * 100) / 100,
      earnedLast, takenLast, earnedThis, 0, Math.round((earnedLast - takenLast + earnedThis) * 100) / 100, e.country.accrual, e.rtt,
      e.country.id, e.subId, e.divId, e.departmentHead, e.teamId, e.teamLeader, e.timeRegistration, e.workflow, e.weekType, "unbadged",
      lunch === null ? null : lunch * 60, Math.max(rec, tk.recovery), tk.recovery, iso(midnight(e.hiredAt, e.zone) + 9 * 3600_000), seedAt,
    ]);
    e.schedule.weeks.forEach((w, i) => scheduleRows.push([scheduleRows.length + 1, e.id, i + 1, JSON.stringify(w)]));
    userRows.push([e.id, e.id, e.email, passwordHash, `{${e.profile}}`, null, iso(midnight(e.hiredAt, e.zone) + 9 * 3600_000)]);
  }
  await copy(
    "employee",
    ["id", "matricule", "acronym", "firstname", "lastname", "birthday", "phone", "email", "email_personal", "profile_type", "position", "comments", "type_contract", "number_of_hours_per_week", "number_of_hours_per_month", "hired_at", "fired_at", "contract_state", "annual_salary", "hourly_cost", "holiday_earned_last_year", "holiday_taken_last_year", "holiday_earned_this_year", "holiday_taken_this_year", "holiday_total_balance", "holiday_monthly_vacation_accrual", "holiday_working_time_reduction", "country_id", "subsidiary_id", "division_id", "department_head", "team_id", "team_leader", "time_registration", "leave_workflow", "week_type", "last_state_time_clock", "theoretical_lunch_time", "recovery_earned", "recovery_taken", "created_at", "updated_at"],
    employeeRows,
  );
  counts.employee = employeeRows.length;
  await copy("week_schedule", ["id", "employee_id", "week_number", "days"], scheduleRows);
  await copy("app_user", ["id", "employee_id", "email", "password_hash", "roles", "password_changed_at", "created_at"], userRows);

  // Deductions: the financial director settles part of some balances.
  const deductionRows: CopyCell[][] = [];
  for (const e of emps) {
    if (!e.timeRegistration || e.firedAt || !rng.chance(0.03)) continue;
    for (let k = rng.int(1, 2); k > 0; k--) {
      let d = addDays(today, -rng.int(5, 300));
      while (!isWorkingDay(e.country.id, d)) d = addDays(d, -1);
      deductionRows.push([deductionRows.length + 1, e.id, d, rng.int(1, 6) * 1800, 2, iso(midnight(d, "Europe/Paris") + hm(17, 30) * 60_000)]);
    }
  }
  await copy("deduction", ["id", "employee_id", "date", "seconds", "created_by_id", "created_at"], deductionRows);
  // The accrual of this month is in the counters; the marker tells the bench which company this is.
  await copy("job_run", ["key", "done_at"], [[`accrual:${today.slice(0, 7)}`, seedAt], [`large-seed:${total}:${options.seed ?? 1}:${today}`, seedAt]]);

  // Whom each leave in flight awaits (leave.waiting_for, decision 0064): the triggers that keep it are off in these
  // sessions, and the leaves went in before their employees; the database's own function fills it.
  await db.query("select leave_waiting_for_refresh()");
  // The stored time account per week (decision 0114): its triggers were off too; the database's own function fills it.
  await db.query("select time_account_refresh()");
  // Sequences past the explicit ids, fresh statistics and visibility map for the planner.
  progress("analyze", 0, 1);
  const serial = ["country", "holiday", "overtime_policy", "subsidiary", "division", "team", "employee", "week_schedule", "app_user", "time_clock", "time_log", "overtime", "overtime_week", "leave", "leave_step", "event_day", "deduction"];
  await db.query(`select ${serial.map((t) => `setval(pg_get_serial_sequence('"${t}"', 'id'), (select coalesce(max(id), 0) + 1 from "${t}"), false)`).join(", ")}`);
  // Vacuum too: the visibility map lets the report index answer alone (index-only scans, decision 0055), as
  // autovacuum would keep it in production; it may be off on a bench server.
  await db.query("vacuum analyze");
  progress("analyze", 1, 1);
  await Promise.all(clients.map((c) => c.end()));
  const cpu = process.cpuUsage(cpu0);
  return { url: url.toString(), counts, ms: Math.round(performance.now() - t0), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
}

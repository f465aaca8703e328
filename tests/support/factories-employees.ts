import type { EntityManager } from "@mikro-orm/postgresql";
import { emptyWeek, type EmployeeValues, type ScheduleDay } from "~/domain/employees/sheet";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import type { Org, TestEmployee } from "./factories";

/** Employee-sheet test data: a complete sheet, and the CurrentUser of a test account. */

let counter = 0;

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
export const SEVEN_HOURS: ScheduleDay = { morningStart: h(9), morningEnd: h(12), afternoonStart: h(13), afternoonEnd: h(17) };

/** Every tracked field filled, in the given org (unique matricule and e-mail on each call). */
export function completeSheet(org: Org, overrides: Partial<EmployeeValues> = {}): EmployeeValues {
  counter += 1;
  const n = `${Date.now() % 100000}${counter}`;
  return {
    matricule: Number(n) + 500000,
    acronym: `T${counter}`.slice(0, 10),
    firstname: "camille",
    lastname: `fiche${counter}`,
    birthday: "1990-04-12",
    phone: "0601020304",
    email: `fiche${n}@cadran.test`,
    emailPersonal: `perso${n}@example.org`,
    profileType: "ROLE_EMPLOYEE",
    position: "Imprimeur",
    comments: null,
    typeContract: "CDI",
    numberOfHoursPerWeek: 35,
    numberOfHoursPerMonth: 151.67,
    hiredAt: "2020-01-06",
    firedAt: null,
    contractState: "En poste",
    annualSalary: 32000,
    hourlyCost: 21.5,
    holidayEarnedLastYear: 25,
    holidayTakenLastYear: 10,
    holidayEarnedThisYear: 12.48,
    holidayTakenThisYear: 0,
    holidayTotalBalance: 27.48,
    holidayMonthlyVacationAccrual: 2.08,
    holidayWorkingTimeReduction: false,
    country: org.countryId,
    subsidiary: org.subsidiaryId,
    division: org.divisionId,
    team: org.teamId,
    departmentHead: false,
    teamLeader: false,
    timeRegistration: true,
    leaveWorkflow: "full",
    weekType: "unique_week",
    weeks: [[SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS], emptyWeek()],
    ...overrides,
  };
}

/** The same sheet as the HTML form posts it (strings; yes/no as "1"/"0"; schedule as hour/minute inputs). */
export function sheetToForm(values: EmployeeValues): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === "weeks") continue;
    if (value === null || value === undefined) form[key] = "";
    else if (typeof value === "boolean") form[key] = value ? "1" : "0";
    else form[key] = String(value);
  }
  values.weeks.forEach((week, w) =>
    week.forEach((day, d) => {
      for (const half of ["morningStart", "morningEnd", "afternoonStart", "afternoonEnd"] as const) {
        const m = day[half];
        form[`weeks[${w}][${d}].${half}Hour`] = m === null ? "" : String(Math.floor(m / 60));
        form[`weeks[${w}][${d}].${half}Minute`] = m === null ? "" : String(m % 60);
      }
    }),
  );
  return form;
}

/** The same sheet as an /api body (IRIs, booleans, {hour, minute} schedule). */
export function sheetToApiBody(values: EmployeeValues): Record<string, unknown> {
  const time = (m: number | null) => (m === null ? null : { hour: Math.floor(m / 60), minute: m % 60 });
  const { weeks, country, subsidiary, division, team, ...rest } = values;
  return {
    ...rest,
    country: country ? `/api/countries/${country}` : null,
    subsidiary: subsidiary ? `/api/subsidiaries/${subsidiary}` : null,
    division: division ? `/api/divisions/${division}` : null,
    team: team ? `/api/teams/${team}` : null,
    weeks: weeks.slice(0, values.weekType === "week_one_two" ? 2 : 1).map((week) =>
      week.map((d) => ({
        morning: { start: time(d.morningStart), end: time(d.morningEnd) },
        afternoon: { start: time(d.afternoonStart), end: time(d.afternoonEnd) },
      })),
    ),
  };
}

export async function actorOf(em: EntityManager, account: TestEmployee): Promise<CurrentUser> {
  const user = await loadCurrentUser(em, account.userId);
  if (!user) throw new Error(`no current user for ${account.email}`);
  return user;
}

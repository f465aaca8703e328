import type { EntityManager } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { sameName } from "~/domain/organisation/rules";
import {
  columnHeader,
  displayValue,
  IDENTITY_FIELDS,
  IMPORT_COLUMNS,
  parseRows,
  PREVIEW_LIFETIME_MS,
  previewOrder,
  previewPage,
  rowOutcome,
  rowTick,
  type ParsedRow,
  type RowOutcome,
  type TickKind,
} from "~/domain/employees/import";
import { EmployeeBody } from "~/forms/employee.server";
import {
  importedSchedule,
  missingRequiredFields,
  missingSchedule,
  NEW_EMPLOYEE_DEFAULTS,
  type EmployeeField,
  type EmployeeValues,
} from "~/domain/employees/sheet";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement, EMPLOYEE_SELECT, toRecord, type Row } from "./records.server";
import { readImportFile, type ImportEncoding } from "./import-file.server";
import { NotFoundError } from "~/services/shared/errors";

/** The preview's plan of an employee import (decision 0098, 0116): each row checked and matched against the sheets. */

interface Places {
  countries: { id: number; name: string }[];
  subsidiaries: { id: number; name: string }[];
  divisions: { id: number; name: string; subsidiaryId: number }[];
  teams: { id: number; name: string; divisionId: number }[];
}

async function loadPlaces(em: EntityManager): Promise<Places> {
  const rows = await em.execute<{ kind: string; id: number; name: string; parent: number | null }[]>(
    `select 'country' as kind, id, name, null::int as parent from country
     union all select 'subsidiary', id, name, null from subsidiary
     union all select 'division', id, name, subsidiary_id from division
     union all select 'team', id, name, division_id from team`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    countries: of("country"),
    subsidiaries: of("subsidiary"),
    divisions: of("division").map((r) => ({ id: r.id, name: r.name, subsidiaryId: r.parent! })),
    teams: of("team").map((r) => ({ id: r.id, name: r.name, divisionId: r.parent! })),
  };
}

/** A row ready to write: the sheet values (places as ids; a new division or team by a negative placeholder). */
interface PlannedRow {
  parsed: ParsedRow;
  values: Partial<EmployeeValues>;
  outcome: RowOutcome;
  employeeId: number | null;
  messages: string[];
  changed: EmployeeField[];
  /** The matched sheet as the preview names it, and each change "Column : old → new". */
  person: string | null;
  changes: string[];
  tick: TickKind | null;
  tickMessage: string | null;
}

interface Plan {
  rows: PlannedRow[];
  newDivisions: { key: number; name: string; subsidiaryId: number; subsidiary: string }[];
  newTeams: { key: number; name: string; divisionKey: number; subsidiaryId: number; division: string; subsidiary: string }[];
}

/** "Column : reason"; a field the file has no column for (the schedule, `weeks`) gives the reason alone. */
export const cellMessage = (field: EmployeeField, message: string) => {
  const header = IMPORT_COLUMNS.some((c) => c.field === field) ? columnHeader(field) : null;
  return header ? `${header} : ${message}` : message;
};

/**
 * Every row's outcome against the sheets as stored now: three queries whatever the number of rows (the places, the
 * sheets of the file's matricules, the logins of the file's e-mails).
 */
export async function planImport(em: EntityManager, parsed: ParsedRow[]): Promise<Plan> {
  const places = await loadPlaces(em);
  const matricules = [...new Set(parsed.map((r) => r.values.matricule).filter((m): m is number => typeof m === "number"))];
  const emails = [...new Set(parsed.map((r) => (typeof r.values.email === "string" ? r.values.email.toLowerCase() : null)).filter((e): e is string => !!e))];
  const personal = [
    ...new Set(parsed.map((r) => (typeof r.values.emailPersonal === "string" ? r.values.emailPersonal.trim().toLowerCase() : null)).filter((e): e is string => !!e)),
  ];
  const textArray = (list: string[]) => `{${list.map((e) => `"${e.replace(/["\\]/g, "")}"`).join(",")}}`;
  const [storedRows, logins] = await Promise.all([
    matricules.length ? em.execute<Row[]>(`${EMPLOYEE_SELECT} where e.matricule = any(?::int[])`, [`{${matricules.join(",")}}`]) : Promise.resolve([]),
    emails.length || personal.length
      ? em.execute<{ email: string; matricule: number | null; login: boolean }[]>(
          // The same checks as the sheet's save (validateSheet), for every row at once: a professional e-mail used by
          // another sheet or account, a personal e-mail that is another account's login (decision 0019).
          `select x.email, e.matricule, x.login from (
             select lower(e.email) as email, e.id, false as login from employee e where lower(e.email) = any(?::text[])
             union select u.email, u.employee_id, true from app_user u where u.email = any(?::text[]) or u.email = any(?::text[])
           ) x join employee e on e.id = x.id`,
          [textArray(emails), textArray(emails), textArray(personal)],
        )
      : Promise.resolve([]),
  ]);
  const stored = new Map(storedRows.map((r) => toRecord(r)).map((r) => [r.matricule!, r]));
  const emailOwners = new Map<string, (number | null)[]>();
  for (const l of logins) emailOwners.set(l.email, [...(emailOwners.get(l.email) ?? []), l.matricule]);
  const loginOwners = new Map<string, (number | null)[]>();
  for (const l of logins.filter((x) => x.login)) loginOwners.set(l.email, [...(loginOwners.get(l.email) ?? []), l.matricule]);
  const newDivisions: Plan["newDivisions"] = [];
  const newTeams: Plan["newTeams"] = [];
  const seenMatricule = new Map<number, number>();
  const seenEmail = new Map<string, number>();
  const find = <T extends { name: string }>(list: T[], name: string, where: (x: T) => boolean = () => true) =>
    list.find((x) => where(x) && sameName(x.name, name));

  const rows = parsed.map((p): PlannedRow => {
    const messages = p.errors.map((e) => cellMessage(e.field, e.message));
    const v = p.values;
    const values: Partial<EmployeeValues> = {};
    for (const c of IMPORT_COLUMNS) {
      if (!(c.field in v) || c.kind === "place") continue;
      (values as Record<string, unknown>)[c.field] = v[c.field];
    }
    if (typeof values.email === "string") values.email = values.email.toLowerCase();
    const matricule = typeof v.matricule === "number" ? v.matricule : null;
    if (matricule === null && !p.errors.some((e) => e.field === "matricule")) messages.push(cellMessage("matricule", t("import.error.matricule_required")));
    if (matricule !== null) {
      const first = seenMatricule.get(matricule);
      if (first !== undefined) messages.push(cellMessage("matricule", t("import.error.matricule_twice", { line: first })));
      else seenMatricule.set(matricule, p.line);
    }
    if (values.email) {
      const first = seenEmail.get(values.email);
      if (first !== undefined) messages.push(cellMessage("email", t("import.error.email_twice", { line: first })));
      else seenEmail.set(values.email, p.line);
      if ((emailOwners.get(values.email) ?? []).some((owner) => owner !== matricule)) messages.push(cellMessage("email", t("employee.error.email_taken")));
    }
    if (typeof values.emailPersonal === "string" && values.emailPersonal.trim() !== "") {
      const owners = loginOwners.get(values.emailPersonal.trim().toLowerCase()) ?? [];
      if (owners.some((owner) => owner !== matricule)) messages.push(cellMessage("emailPersonal", t("employee.error.personal_email_is_login")));
    }
    // Places by name: country and subsidiary must exist; a division or team unknown under its parent is new.
    const current = matricule !== null ? (stored.get(matricule) ?? null) : null;
    if ("country" in v) {
      const name = v.country as string | null;
      const found = name ? find(places.countries, name) : null;
      if (name && !found) messages.push(cellMessage("country", t("import.error.unknown_country")));
      values.country = found?.id ?? null;
    }
    let subsidiaryId: number | null = current?.subsidiary ?? null;
    if ("subsidiary" in v) {
      const name = v.subsidiary as string | null;
      const found = name ? find(places.subsidiaries, name) : null;
      if (name && !found) messages.push(cellMessage("subsidiary", t("import.error.unknown_subsidiary")));
      values.subsidiary = found?.id ?? null;
      subsidiaryId = values.subsidiary;
    }
    let divisionKey: number | null = current?.division ?? null;
    if ("division" in v) {
      const name = v.division as string | null;
      divisionKey = null;
      if (name && subsidiaryId === null) messages.push(cellMessage("division", t("import.error.division_without_subsidiary")));
      else if (name && subsidiaryId !== null) {
        const found = find(places.divisions, name, (d) => d.subsidiaryId === subsidiaryId);
        if (found) divisionKey = found.id;
        else {
          let planned = newDivisions.find((d) => d.subsidiaryId === subsidiaryId && sameName(d.name, name));
          if (!planned) {
            planned = { key: -(newDivisions.length + 1), name, subsidiaryId, subsidiary: places.subsidiaries.find((s) => s.id === subsidiaryId)!.name };
            newDivisions.push(planned);
          }
          divisionKey = planned.key;
        }
      }
      values.division = divisionKey;
    }
    if ("team" in v) {
      const name = v.team as string | null;
      let teamKey: number | null = null;
      if (name && divisionKey === null) messages.push(cellMessage("team", t("import.error.team_without_division")));
      else if (name && divisionKey !== null) {
        const found = divisionKey > 0 ? find(places.teams, name, (tm) => tm.divisionId === divisionKey) : undefined;
        if (found) teamKey = found.id;
        else {
          let planned = newTeams.find((tm) => tm.divisionKey === divisionKey && sameName(tm.name, name));
          if (!planned) {
            const division =
              divisionKey > 0 ? places.divisions.find((d) => d.id === divisionKey)!.name : newDivisions.find((d) => d.key === divisionKey)!.name;
            planned = {
              key: -(newTeams.length + 1),
              name,
              divisionKey,
              subsidiaryId: subsidiaryId!,
              division,
              subsidiary: places.subsidiaries.find((s) => s.id === subsidiaryId)!.name,
            };
            newTeams.push(planned);
          }
          teamKey = planned.key;
        }
      }
      values.team = teamKey;
    }
    // The places the sheet would hold must nest (the save's rule, validateSheet): a subsidiary changed by the file
    // with the stored division of the old one, or a division changed with the stored team, is named here.
    const finalDivision = "division" in v ? values.division : (current?.division ?? null);
    const finalTeam = "team" in v ? values.team : (current?.team ?? null);
    if (typeof finalDivision === "number" && finalDivision > 0 && subsidiaryId !== null) {
      const division = places.divisions.find((d) => d.id === finalDivision);
      if (division && division.subsidiaryId !== subsidiaryId) messages.push(cellMessage("division", t("employee.error.division_subsidiary")));
    }
    if (typeof finalTeam === "number" && finalTeam > 0 && finalDivision !== null) {
      const team = places.teams.find((x) => x.id === finalTeam);
      if (team && team.divisionId !== finalDivision) messages.push(cellMessage("team", t("employee.error.team_division")));
    }
    // The sheet's required fields (spec 1 §5) on what the sheet would hold after the import.
    const merged = { ...(current ?? {}), ...values } as Partial<EmployeeValues>;
    for (const f of missingRequiredFields(merged)) {
      if (!p.errors.some((e) => e.field === f)) messages.push(cellMessage(f, t("word.required")));
    }
    // The schedule rule (decision 0086) the confirmation would apply, named here so the confirmation cannot fail on
    // it: an update keeps the stored schedule, a creation gets the contract's hours spread over the week.
    if (!messages.length) {
      const weeks = current ? current.weeks : importedSchedule({ ...NEW_EMPLOYEE_DEFAULTS, ...merged } as EmployeeValues);
      const schedule = missingSchedule({ ...NEW_EMPLOYEE_DEFAULTS, ...merged, weeks } as EmployeeValues);
      if (schedule) messages.push(t(`employee.error.${schedule.code}`, "week" in schedule ? { n: schedule.week } : undefined));
    }
    const person = current
      ? t("import.person", {
          name: current.displayName,
          matricule: String(current.matricule),
          subsidiary: current.relations.subsidiary?.name ?? t("import.empty_value"),
          team: current.relations.team?.name ?? t("import.empty_value"),
        })
      : null;
    const none = { person, changes: [], tick: null, tickMessage: null };
    if (messages.length) return { parsed: p, values, outcome: "error", employeeId: current?.id ?? null, messages, changed: [], ...none };
    const { outcome, changed } = rowOutcome(values, current as unknown as Partial<Record<EmployeeField, unknown>> | null);
    if (outcome !== "unchanged" && current?.archived) {
      return { parsed: p, values, outcome: "error", employeeId: current.id, messages: [t("employee.error.archived")], changed: [], ...none };
    }
    if (!current || outcome === "unchanged") return { parsed: p, values, outcome, employeeId: current?.id ?? null, messages, changed, ...none };
    // Whose sheet, field by field (issue 39): old → new, places by their names.
    const placeName = (field: EmployeeField, id: unknown): unknown => {
      if (typeof id !== "number") return id;
      if (field === "country") return places.countries.find((x) => x.id === id)?.name ?? id;
      if (field === "subsidiary") return places.subsidiaries.find((x) => x.id === id)?.name ?? id;
      if (field === "division") return places.divisions.find((x) => x.id === id)?.name ?? newDivisions.find((x) => x.key === id)?.name ?? id;
      if (field === "team") return places.teams.find((x) => x.id === id)?.name ?? newTeams.find((x) => x.key === id)?.name ?? id;
      return id;
    };
    const changes = changed.map((f) =>
      t("import.change", {
        field: columnHeader(f),
        old: displayValue(f, placeName(f, (current as unknown as Record<string, unknown>)[f])),
        new: displayValue(f, placeName(f, (values as Record<string, unknown>)[f])),
      }),
    );
    // A name whose only change is its case ("joão" → "João") is a correction, not another person.
    const lower = (x: unknown) => (typeof x === "string" ? x.trim().toLocaleLowerCase("fr-FR") : x);
    const identity = changed.filter(
      (f) => f === "subsidiary" || lower((current as unknown as Record<string, unknown>)[f]) !== lower((values as Record<string, unknown>)[f]),
    );
    const tick = rowTick(identity, current.subsidiary, values.subsidiary);
    const tickMessage =
      tick === "subsidiary"
        ? t("import.error.other_subsidiary", {
            matricule: String(current.matricule),
            name: current.displayName,
            stored: current.relations.subsidiary?.name ?? "",
            file: String(placeName("subsidiary", values.subsidiary)),
          })
        : tick === "identity"
          ? t("import.identity", { name: current.displayName, fields: identity.filter((f) => IDENTITY_FIELDS.includes(f)).map(columnHeader).join(", ") })
          : null;
    return { parsed: p, values, outcome, employeeId: current.id, messages, changed, person, changes, tick, tickMessage };
  });
  return { rows, newDivisions, newTeams };
}

/** The sheet fields the file's cells feed (places are names here, ids later: the API checks those as IRIs). */
const CHECKED_FIELDS = IMPORT_COLUMNS.filter((c) => c.kind !== "place").map((c) => c.field);

/**
 * The sheet's own checks on a read row, by the same zod schema as the /api body (EmployeeBody, whose fields the
 * HTML form shares): lengths, e-mail syntax, ranges, dates in their windows, choices. A refused value becomes an
 * error of its cell and is dropped, so nothing the sheet or the database would refuse is kept or shown as valid.
 */
export function checkImportedRow(row: ParsedRow): ParsedRow {
  const body: Record<string, unknown> = {};
  for (const f of CHECKED_FIELDS) if (f in row.values) body[f] = row.values[f];
  const result = EmployeeBody.safeParse(body);
  if (result.success) return row;
  const values = { ...row.values };
  const errors = [...row.errors];
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EmployeeField;
    if (!(field in values) || errors.some((e) => e.field === field)) continue;
    delete values[field];
    errors.push({ field, message: issue.message });
  }
  return { ...row, values, errors };
}


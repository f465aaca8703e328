import type { EntityManager } from "@mikro-orm/postgresql";
import ExcelJS from "exceljs";
import { columnHeader, IMPORT_COLUMNS, KEY_COLUMNS, type ImportColumn } from "~/domain/employees/import";
import { TRACKED_FIELDS } from "~/domain/employees/sheet";
import { t, type MessageKey } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement, EMPLOYEE_SELECT, toRecord, type EmployeeRecord, type Row } from "./records.server";
import { PRINT_SETUP, xlsxDate, type XlsxCell, type XlsxColumn, type XlsxKind, type XlsxSheet } from "~/services/shared/xlsx.server";

/**
 * The import's template and the directory export (issue 33 item 1, decision 0098): the same columns under the same
 * French headers, so an export edited and sent back is an import (every row unchanged when nothing was edited).
 */

const XLSX_KIND: Record<ImportColumn["kind"], XlsxKind> = {
  text: "text",
  integer: "int",
  decimal: "number",
  date: "date",
  yesno: "text",
  choice: "text",
  place: "text",
};

export const DIRECTORY_COLUMNS: XlsxColumn[] = IMPORT_COLUMNS.map((c) => ({ header: columnHeader(c.field), kind: XLSX_KIND[c.kind] }));

/** One sheet's cell as the file shows it: dates as real dates, yes/no as « oui »/« non », a choice by its label, places by name. */
function cellOf(column: ImportColumn, record: EmployeeRecord): XlsxCell {
  const rel = record.relations;
  switch (column.field) {
    case "country":
      return rel.country?.name ?? null;
    case "subsidiary":
      return rel.subsidiary?.name ?? null;
    case "division":
      return rel.division?.name ?? null;
    case "team":
      return rel.team?.name ?? null;
  }
  const value = record[column.field];
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case "date":
      return xlsxDate(String(value));
    case "yesno":
      return value ? "oui" : "non";
    case "choice":
      return column.choices!.find((c) => c.code === value)?.label ?? String(value);
    default:
      return value as XlsxCell;
  }
}

/** The directory as one streamed sheet (active and archived employees), by last and first name: one query. */
export async function directorySheet(em: EntityManager, actor: CurrentUser): Promise<XlsxSheet> {
  assertManagement(actor);
  const rows = await em.execute<Row[]>(`${EMPLOYEE_SELECT} order by e.lastname, e.firstname, e.id`);
  return {
    name: t("import.template_sheet"),
    columns: DIRECTORY_COLUMNS,
    rows: rows.map((r) => {
      const record = toRecord(r);
      return () => IMPORT_COLUMNS.map((c) => cellOf(c, record));
    }),
  };
}

const EXAMPLE: Record<string, XlsxCell> = {
  matricule: 1042,
  acronym: "AMA",
  firstname: "Anne",
  lastname: "Martin",
  birthday: xlsxDate("1988-04-12"),
  phone: "06 12 34 56 78",
  email: "anne.martin@exemple.fr",
  emailPersonal: "anne.martin@gmail.com",
  profileType: t("role.ROLE_EMPLOYEE"),
  position: "Imprimeuse",
  comments: null,
  typeContract: t("contract.CDI"),
  numberOfHoursPerWeek: 35,
  numberOfHoursPerMonth: 151.67,
  hiredAt: xlsxDate("2024-09-02"),
  firedAt: null,
  contractState: "Période d'essai terminée",
  annualSalary: 32500,
  hourlyCost: 27.4,
  holidayEarnedLastYear: 25,
  holidayTakenLastYear: 20,
  holidayEarnedThisYear: 12.5,
  holidayTakenThisYear: 3,
  holidayTotalBalance: 14.5,
  holidayMonthlyVacationAccrual: 2.08,
  holidayWorkingTimeReduction: "non",
  country: "France",
  subsidiary: "3 Print",
  division: "Production",
  departmentHead: "non",
  team: "Impression numérique",
  teamLeader: "non",
  timeRegistration: "oui",
  leaveWorkflow: t("workflow.fast"),
  weekType: t("import.week_type.unique_week"),
};

function allowedValues(column: ImportColumn): string {
  if (column.choices) return column.choices.map((c) => `${c.label} (${c.code})`).join(" ; ");
  const key: Record<ImportColumn["kind"], MessageKey> = {
    text: "import.values_text",
    integer: "import.values_integer",
    decimal: "import.values_decimal",
    date: "import.values_date",
    yesno: "import.values_yesno",
    choice: "import.values_text",
    place: "import.values_place",
  };
  return t(key[column.kind]);
}

/** The template: the headers, one example row, and a second sheet listing each column's allowed values. */
export async function importTemplate(actor: CurrentUser): Promise<Uint8Array> {
  assertManagement(actor);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Cadran";
  const sheet = workbook.addWorksheet(t("import.template_sheet"), { views: [{ state: "frozen", ySplit: 1 }], pageSetup: PRINT_SETUP });
  // A required column of the file is marked " *" (the header still matches: punctuation is ignored, decision 0116).
  const header = (c: ImportColumn) => `${columnHeader(c.field)}${KEY_COLUMNS.includes(c.field) ? " *" : ""}`;
  sheet.columns = IMPORT_COLUMNS.map((c, i) => ({ header: header(c), key: `c${i}`, width: Math.max(14, header(c).length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => EXAMPLE[c.field] ?? null));
  IMPORT_COLUMNS.forEach((c, i) => {
    if (c.kind === "date") sheet.getColumn(i + 1).numFmt = "dd/mm/yyyy";
  });
  const values = workbook.addWorksheet(t("import.values_sheet"));
  values.columns = [
    { header: t("import.values_column"), key: "column", width: 40 },
    { header: t("import.values_requirement"), key: "required", width: 36 },
    { header: t("import.values_allowed"), key: "allowed", width: 100 },
  ];
  values.getRow(1).font = { bold: true };
  const requirement = (c: ImportColumn) =>
    KEY_COLUMNS.includes(c.field)
      ? t("import.values_key_column")
      : (TRACKED_FIELDS as readonly string[]).includes(c.field)
        ? t("import.values_needed_active")
        : t("import.values_optional");
  for (const c of IMPORT_COLUMNS) values.addRow({ column: header(c), required: requirement(c), allowed: allowedValues(c) });
  values.addRow({});
  values.addRow({ column: t("import.values_encodings") });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

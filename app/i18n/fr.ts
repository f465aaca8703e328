/**
 * The one French catalogue. Every text shown to a user comes from here. Keys follow the spec where it names them
 * (error.no_pending_request, success.employee_edit, ...). Areas keep their texts in `fr/<area>.ts`; this file is
 * the only entry point, so a key is defined once and looked up everywhere through `t()`.
 */
import { pluralise } from "~/domain/shared/plural";
import { common } from "./fr/common";
import { employees } from "./fr/employees";
import { leave } from "./fr/leave";
import { badging } from "./fr/badging";
import { timeClock } from "./fr/time-clock";
import { profile } from "./fr/profile";
import { settings } from "./fr/settings";
import { admin } from "./fr/admin";
import { overtime } from "./fr/overtime";
import { validation } from "./fr/validation";
import { overtimeScreens } from "./fr/overtime-screens";
import { overtimeRun } from "./fr/overtime-run";
import { planning } from "./fr/planning";
import { reports } from "./fr/reports";
import { dashboard } from "./fr/dashboard";
import { holidays } from "./fr/holidays";
import { employeeImport } from "./fr/import";
import { apidocs } from "./fr/apidocs";
import { personalData } from "./fr/personal-data";
import { history } from "./fr/history";
import { deputy } from "./fr/deputy";
import { terminal } from "./fr/terminal";

export const fr = {
  ...common,
  ...employees,
  ...leave,
  ...badging,
  ...timeClock,
  ...settings,
  ...profile,
  ...admin,
  ...overtime,
  ...validation,
  ...overtimeScreens,
  ...overtimeRun,
  ...planning,
  ...reports,
  ...dashboard,
  ...holidays,
  ...employeeImport,
  ...apidocs,
  ...personalData,
  ...history,
  ...deputy,
  ...terminal,
} as const;

export type MessageKey = keyof typeof fr;

/** Looks up a text and fills `{name}` placeholders. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = fr[key];
  if (!params) return text;
  // Plurals first (`{count:jour|jours}`, app/domain/shared/plural.ts), then the values.
  return pluralise(text, params).replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `{${name}}`));
}

/** For keys that come from data (a state, a reason): falls back to the raw key, as the spec says. */
export function tOr(key: string, fallback?: string): string {
  return (fr as Record<string, string>)[key] ?? fallback ?? key;
}

/**
 * The change history in French (issue 32 §3, decision 0107): each entry of `audit_log` turned into the lines the
 * "Historique" tab and its Excel export show. Pure: the names an entry refers to by id (a manager a deputy decided
 * for, a subsidiary a sheet moved to) are given in `HistoryNames`, read by the caller in one query per page.
 * An unknown action or field falls back to its raw name: an entry written by a later version still reads.
 */
import { frDate } from "~/domain/shared/api-dates";
import { historyKindOf, type FieldChange, type HistoryDetails, type HistoryValue } from "~/domain/history/history";
import { formatDecimal, formatHoursMinutes } from "~/domain/shared/number-format";
import { localDate, timeOfDay } from "~/domain/shared/zoned-day";
import { t, tOr, type MessageKey } from "~/i18n/fr";

/** Names by id: `person:<employee id>` and `<place field>:<id>` (country, subsidiary, division, team). */
export type HistoryNames = Readonly<Record<string, string>>;

export interface HistoryTextContext {
  names: HistoryNames;
  /** The time zone instants are shown in (the employee's subsidiary's). */
  zone: string;
}

/** Fields whose value is the id of a place: shown by its name. */
export const PLACE_FIELDS = ["country", "subsidiary", "division", "team"] as const;

/** Fields whose value is a code with a catalogue label, by the label's prefix. */
const CODE_PREFIX: Record<string, string> = {
  profileType: "role.",
  typeContract: "contract.",
  leaveWorkflow: "workflow.",
  weekType: "weektype.",
};

/** A field's French label: `history.field.<name>`, else the sheet form's `employee.<name>`, else the name itself. */
export function fieldLabel(field: string): string {
  return tOr(`history.field.${field}`, tOr(`employee.${field}`, field));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const UTC_MIDNIGHT = /T00:00(:00(\.0+)?)?(Z|\+00:?00)$/;

/** An instant as DD/MM/YYYY HH:mm in `zone`. */
export function frDateTime(instant: Date | string, zone: string): string {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return String(instant);
  return `${frDate(localDate(at, zone))} ${timeOfDay(at, zone)}`;
}

/**
 * One stored value as French text: empty as « (vide) », yes/no, days DD/MM/YYYY, instants DD/MM/YYYY HH:mm (a UTC
 * midnight, how a day is stored as an instant, as its day), numbers with a decimal comma, codes by their label,
 * places by name.
 */
export function historyValue(field: string, value: HistoryValue, ctx: HistoryTextContext): string {
  if (value === null || value === "") return t("history.empty_value");
  if (typeof value === "boolean") return t(value ? "word.yes" : "word.no");
  if ((PLACE_FIELDS as readonly string[]).includes(field)) return ctx.names[`${field}:${value}`] ?? `n°${value}`;
  if (typeof value === "number") return formatDecimal(value);
  const prefix = CODE_PREFIX[field];
  if (prefix) return tOr(`${prefix}${value}`, value);
  if (ISO_DAY.test(value)) return frDate(value);
  if (ISO_INSTANT.test(value)) return UTC_MIDNIGHT.test(value) ? frDate(value.slice(0, 10)) : frDateTime(value, ctx.zone);
  return value;
}

/** « Nom : Roy → Leroy ». */
export function changeText(change: FieldChange, ctx: HistoryTextContext): string {
  return t("history.change", {
    field: fieldLabel(change.field),
    old: historyValue(change.field, change.old, ctx),
    new: historyValue(change.field, change.new, ctx),
  });
}

function withReason(text: string, reason: unknown): string {
  return typeof reason === "string" && reason.trim() !== "" ? `${text} ${t("history.reason", { reason: reason.trim() })}` : text;
}

function leaveWords(d: HistoryDetails): string {
  const type = typeof d.leaveType === "string" && d.leaveType ? ` (${tOr(`leave.reason.${d.leaveType}`, d.leaveType)})` : "";
  if (!d.from) return t("history.leave.none") + type;
  if (!d.to || d.to === d.from) return t("history.leave.day", { from: frDate(d.from) }) + type;
  return t("history.leave.period", { from: frDate(d.from), to: frDate(d.to) }) + type;
}

/** « d'octobre 2026 », « de mars 2026 » (the month of a close, `YYYY-MM-01`). */
export function monthWords(month: string | undefined): string {
  const m = /^(\d{4})-(\d{2})/.exec(month ?? "");
  if (!m) return month ?? "";
  const name = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
  return `${/^[aeiouyàâéèêîôûh]/i.test(name) ? "d'" : "de "}${name} ${m[1]}`;
}

function clocks(values: HistoryValue[] | undefined, ctx: HistoryTextContext): string {
  if (!values || values.length === 0) return t("history.empty_value");
  return values
    .map((v) => {
      if (typeof v !== "string") return historyValue("", v, ctx);
      if (ISO_INSTANT.test(v)) return timeOfDay(new Date(v), ctx.zone);
      // A clock row as the writers keep it (app/domain/history/values.ts): "START 2026-11-02T07:00:00.000Z".
      const [type, instant] = v.split(" ");
      const key = `history.clock.${type}`;
      if (instant && ISO_INSTANT.test(instant) && tOr(key, "")) return tOr(key).replace("{time}", timeOfDay(new Date(instant), ctx.zone));
      return historyValue("", v, ctx);
    })
    .join(", ");
}

function changeLines(d: HistoryDetails, ctx: HistoryTextContext): string[] {
  return Array.isArray(d.changes) ? d.changes.filter((c) => c && typeof c.field === "string").map((c) => changeText(c, ctx)) : [];
}

/** The first line of an entry: what happened. */
function headline(action: string, verb: string, d: HistoryDetails, ctx: HistoryTextContext): string {
  const kind = historyKindOf(action);
  const known = (key: string) => (tOr(key, "") ? key : null);
  switch (kind) {
    case "sheet":
      return known(`history.sheet.${verb}`) ? tOr(`history.sheet.${verb}`) : t("history.unknown", { action });
    case "leave": {
      const key = (verb === "approve" && typeof d.step === "string" && known(`history.leave.approve.${d.step}`)) || known(`history.leave.${verb}`);
      return key ? withReason(tOr(key).replace("{leave}", leaveWords(d)), d.reason) : t("history.unknown", { action });
    }
    case "correction": {
      const key = known(`history.correction.${verb}`);
      const correction = d.day ? t("history.correction.of", { day: frDate(d.day) }) : t("history.correction.none");
      return key ? withReason(tOr(key).replace("{correction}", correction), d.reason) : t("history.unknown", { action });
    }
    case "deduction": {
      const key = known(`history.deduction.${verb}`);
      const hours = typeof d.seconds === "number" ? formatHoursMinutes(d.seconds) : "?";
      return key ? withReason(tOr(key).replace("{hours}", hours).replace("{day}", frDate(d.day ?? "")), d.reason) : t("history.unknown", { action });
    }
    case "policy":
      if (verb !== "update") return t("history.unknown", { action });
      if (d.areaName && (d.area === "country" || d.area === "subsidiary")) return t(`history.policy.update_${d.area}_named`, { name: d.areaName });
      return d.area === "country" ? t("history.policy.update_country") : d.area === "subsidiary" ? t("history.policy.update_subsidiary") : t("history.policy.update");
    case "close":
      return verb === "close" || verb === "reopen" ? t(`history.close.${verb}`, { month: monthWords(d.month) }) : t("history.unknown", { action });
    case "personal":
      return t("history.personal.anonymise");
    case "terminal":
      // A badge issued while another was in force replaced it (decision 0137).
      if (verb === "badge_issue" && d.reissue === true) return t("history.terminal.badge_reissue");
      return known(`history.terminal.${verb}`) ? tOr(`history.terminal.${verb}`) : t("history.unknown", { action });
    default:
      return t("history.unknown", { action });
  }
}

/**
 * An entry as French lines: the headline, then one line per field changed (« Nom : Roy → Leroy »), the clock rows
 * before → after of a correction, and « Refusé par X pour Y » when a deputy decided for a manager. A sheet update
 * is its changes alone (the headline « Fiche modifiée » only when it lists none).
 */
export function historyLines(entry: { action: string; details: HistoryDetails | null; actorName: string }, ctx: HistoryTextContext): string[] {
  const d: HistoryDetails = entry.details && typeof entry.details === "object" ? entry.details : {};
  const verb = entry.action.includes(".") ? entry.action.slice(entry.action.indexOf(".") + 1) : entry.action;
  const changes = changeLines(d, ctx);
  const lines = entry.action === "sheet.update" && changes.length > 0 ? changes : [headline(entry.action, verb, d, ctx), ...changes];
  if (historyKindOf(entry.action) === "correction" && (d.before || d.after)) {
    lines.push(t("history.correction.clocks", { before: clocks(d.before, ctx), after: clocks(d.after, ctx) }));
  }
  if (typeof d.onBehalfOfId === "number") {
    const manager = ctx.names[`person:${d.onBehalfOfId}`] ?? t("history.actor.none");
    const stepKey = verb === "approve" && typeof d.step === "string" ? tOr(`history.by_for.approve.${d.step}`, "") : "";
    if (stepKey) {
      lines.push(stepKey.replace("{actor}", entry.actorName).replace("{manager}", manager));
      return lines;
    }
    const key: MessageKey = verb === "approve" ? "history.by_for.approve" : verb === "refuse" ? "history.by_for.refuse" : verb === "validate" ? "history.by_for.validate" : "history.by_for.other";
    lines.push(t(key, { actor: entry.actorName, manager }));
  }
  return lines;
}

/** The ids an entry names besides its actor (a deputy's manager, places of a sheet change), as `HistoryNames` keys. */
export function namedIds(details: HistoryDetails | null): string[] {
  if (!details || typeof details !== "object") return [];
  const keys: string[] = [];
  if (typeof details.onBehalfOfId === "number") keys.push(`person:${details.onBehalfOfId}`);
  if (Array.isArray(details.changes)) {
    for (const c of details.changes) {
      if (!c || !(PLACE_FIELDS as readonly string[]).includes(c.field)) continue;
      for (const v of [c.old, c.new]) if (typeof v === "number") keys.push(`${c.field}:${v}`);
    }
  }
  return keys;
}

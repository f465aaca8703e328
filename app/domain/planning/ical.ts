/**
 * Calendar feeds (DESIGN §9): the text of an iCalendar object (RFC 5545) from planning entries. Pure: the caller
 * gives the entries, the product id and the stamp. All-day events are DATE values (DTEND is the day after the
 * last, exclusive), pending leaves are TENTATIVE, and every UID is derived from the stored row, so a calendar app
 * updates an event rather than adding a copy.
 */
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";

export interface IcalEvent {
  /** Stable: "leave-12@cadran", "eventday-4@cadran". */
  uid: string;
  start: CalendarDate;
  /** Last day, included. */
  end: CalendarDate;
  summary: string;
  description?: string | null;
  status: "CONFIRMED" | "TENTATIVE";
  /** When the row last changed (LAST-MODIFIED, and DTSTAMP as RFC 5545 §3.8.7.2 allows for a published feed). */
  updatedAt: Date;
  /** Increases when the row changes (SEQUENCE). */
  sequence?: number;
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space. Never splits a
 * UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = new TextEncoder().encode(char).length;
    // The first line holds 75 octets; the next ones 74 plus their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A DATE value: 20260302. */
export function icalDate(date: CalendarDate): string {
  return date.replace(/-/g, "");
}

/** A UTC DATE-TIME value: 20260302T081500Z. */
export function icalDateTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/**
 * The whole feed, lines joined by CRLF and folded.
 *
 * @example icalendar({ name: "Planning de Camille", events: [] }).startsWith("BEGIN:VCALENDAR\r\n") // true
 */
export function icalendar(input: { name: string; events: readonly IcalEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Cadran//Planning//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    "X-WR-TIMEZONE:Europe/Paris",
  ];
  for (const e of input.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${icalDateTime(e.updatedAt)}`,
      `LAST-MODIFIED:${icalDateTime(e.updatedAt)}`,
      `DTSTART;VALUE=DATE:${icalDate(e.start)}`,
      `DTEND;VALUE=DATE:${icalDate(addDays(e.end, 1))}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    lines.push(`STATUS:${e.status}`, "TRANSP:OPAQUE", `SEQUENCE:${e.sequence ?? 0}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

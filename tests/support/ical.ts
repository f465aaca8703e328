/**
 * A strict minimal iCalendar (RFC 5545) reader for the feed tests, beside Mozilla's `ical.js` (which the tests
 * also parse every feed with, as calendar apps do): this one is stricter on the wire format and throws on anything
 * else: CRLF line ends, folding at 75 octets (continuation lines start with one space or tab), content lines
 * `NAME *(;PARAM=VALUE) : VALUE`, balanced BEGIN/END, the required properties of VCALENDAR (VERSION:2.0, PRODID) and
 * VEVENT (UID, DTSTAMP, DTSTART), DATE values of 8 digits, DATE-TIME values in UTC, TEXT escapes.
 */

export interface IcalProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcalComponent {
  name: string;
  properties: IcalProperty[];
  components: IcalComponent[];
  /** The first property of that name's value (TEXT unescaped), or undefined. */
  get(name: string): string | undefined;
  param(name: string, param: string): string | undefined;
}

function fail(message: string, line?: number): never {
  throw new Error(`iCalendar: ${message}${line !== undefined ? ` (line ${line + 1})` : ""}`);
}

const TEXT_PROPERTIES = new Set(["SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "X-WR-CALNAME"]);

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

export function parseIcal(text: string): IcalComponent {
  if (!text.endsWith("\r\n")) fail("the object must end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  for (const [i, line] of physical.entries()) {
    if (line.includes("\n") || line.includes("\r")) fail("bare LF or CR", i);
    if (new TextEncoder().encode(line).length > 75) fail("line longer than 75 octets", i);
  }
  // Unfold.
  const lines: { text: string; at: number }[] = [];
  for (const [i, line] of physical.entries()) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) fail("continuation without a line", i);
      lines[lines.length - 1]!.text += line.slice(1);
    } else {
      if (line === "") fail("empty line", i);
      lines.push({ text: line, at: i });
    }
  }
  const stack: IcalComponent[] = [];
  let root: IcalComponent | null = null;
  for (const { text: line, at } of lines) {
    const m = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(line);
    if (!m) fail(`not a content line: ${line}`, at);
    const name = m[1]!.toUpperCase();
    const params: Record<string, string> = {};
    for (const p of m[2]!.split(";").slice(1)) {
      const eq = p.indexOf("=");
      params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, "");
    }
    const value = m[3]!;
    if (name === "BEGIN") {
      const component = makeComponent(value.toUpperCase());
      if (stack.length === 0) {
        if (root) fail("more than one top-level component", at);
        if (component.name !== "VCALENDAR") fail("the top-level component must be VCALENDAR", at);
        root = component;
      } else stack[stack.length - 1]!.components.push(component);
      stack.push(component);
      continue;
    }
    if (name === "END") {
      const open = stack.pop();
      if (!open || open.name !== value.toUpperCase()) fail(`END:${value} does not close ${open?.name ?? "anything"}`, at);
      continue;
    }
    if (stack.length === 0) fail("property outside a component", at);
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) fail("control character in a value", at);
    stack[stack.length - 1]!.properties.push({ name, params, value });
  }
  if (stack.length) fail(`${stack[stack.length - 1]!.name} not closed`);
  if (!root) fail("no VCALENDAR");
  if (root.get("VERSION") !== "2.0") fail("VERSION must be 2.0");
  if (!root.get("PRODID")) fail("PRODID is required");
  for (const event of root.components.filter((c) => c.name === "VEVENT")) checkEvent(event);
  return root;
}

function makeComponent(name: string): IcalComponent {
  const component: IcalComponent = {
    name,
    properties: [],
    components: [],
    get(prop) {
      const p = component.properties.find((x) => x.name === prop);
      if (!p) return undefined;
      return TEXT_PROPERTIES.has(prop) ? unescapeText(p.value) : p.value;
    },
    param(prop, param) {
      return component.properties.find((x) => x.name === prop)?.params[param];
    },
  };
  return component;
}

function checkEvent(event: IcalComponent) {
  for (const required of ["UID", "DTSTAMP", "DTSTART"]) {
    if (event.properties.filter((p) => p.name === required).length !== 1) fail(`VEVENT needs exactly one ${required}`);
  }
  if (!/^\d{8}T\d{6}Z$/.test(event.get("DTSTAMP")!)) fail("DTSTAMP must be a UTC DATE-TIME");
  for (const prop of ["DTSTART", "DTEND"]) {
    const value = event.get(prop);
    if (value === undefined) continue;
    if (event.param(prop, "VALUE") === "DATE") {
      if (!/^\d{8}$/.test(value)) fail(`${prop} with VALUE=DATE must be YYYYMMDD`);
    } else if (!/^\d{8}T\d{6}Z?$/.test(value)) fail(`${prop} must be a DATE-TIME`);
  }
  const start = event.get("DTSTART");
  const end = event.get("DTEND");
  if (start && end && end <= start) fail("DTEND must be after DTSTART");
  const status = event.get("STATUS");
  if (status && !["TENTATIVE", "CONFIRMED", "CANCELLED"].includes(status)) fail(`bad VEVENT STATUS ${status}`);
}

/** The VEVENTs of a calendar. */
export function events(calendar: IcalComponent): IcalComponent[] {
  return calendar.components.filter((c) => c.name === "VEVENT");
}

import { t } from "~/i18n/fr";

/**
 * The small pieces of a leave every list shows (dates, state badge, instants). The request form itself is in
 * ./leave-request-form.tsx: the pages that only list leaves (the home dashboard) do not load it (issue 41: the
 * scripts budget of DESIGN §6).
 */

/** A leave's dates as the lists show them: DD/MM/YYYY, the end only when it differs, and the half-day marker. */
type DatesOfLeave = { start: string; end: string; halfDayMorning: boolean; halfDayAfternoon: boolean };

/** "30/11/2026 – 01/12/2026", "02/12/2026 (matin)": a leave's dates as one text (a loader can send it ready-made). */
export function leaveDatesText({ start, end, halfDayMorning, halfDayAfternoon }: DatesOfLeave): string {
  const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const marker = halfDayMorning ? ` ${t("leave.marker.morning")}` : halfDayAfternoon ? ` ${t("leave.marker.afternoon")}` : "";
  return (start === end ? fr(start) : `${fr(start)} – ${fr(end)}`) + marker;
}

export function LeaveDates(leave: DatesOfLeave) {
  return <span>{leaveDatesText(leave)}</span>;
}

const BADGE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 border-amber-300",
  accepted: "bg-green-100 text-green-900 border-green-300",
  refused: "bg-red-100 text-red-900 border-red-300",
  removed: "bg-gray-100 text-gray-900 border-gray-300",
};

export function LeaveStateBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${BADGE[status] ?? BADGE.removed}`} data-state={status}>
      {label}
    </span>
  );
}

/** One formatter each, built once: an Intl.DateTimeFormat costs far more to build than to use (issue 12). */
const FR_DAY = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" });
const FR_DAY_TIME = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant as DD/MM/YYYY in Paris (the "sent on" / "updated on" columns). */
export function frInstant(iso: string): string {
  return FR_DAY.format(new Date(iso));
}

export function frInstantTime(iso: string): string {
  return FR_DAY_TIME.format(new Date(iso));
}

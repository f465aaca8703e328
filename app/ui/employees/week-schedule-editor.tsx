import { useState } from "react";
import {
  dayTotalLabel,
  fromHourMinute,
  SCHEDULE_HALVES,
  scheduleAgainstContract,
  weekTotalLabel,
  type ScheduleDay,
  type ScheduleHalf,
} from "~/domain/employees/sheet";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { scheduleInputName } from "~/forms/employee-fields";
import { t, type MessageKey } from "~/i18n/fr";

/**
 * The weekly schedule editor (spec 1 §3 "Weekly schedule"): Monday to Friday, a morning and an afternoon, each
 * with start and end as hour and minute inputs, and the day's total ("00:00" when a half ends before it starts).
 * One day per row, stacked (docs/decisions/0022): on a phone a day is its name and total, then the morning, then
 * the afternoon; from `lg` the same row holds all four, so the editor is never wider than the screen.
 * Totals are computed on the server render; with JavaScript they follow the typing. The input names are the
 * HTML form's (`weeks[w][d].morningStartHour` ...).
 */

/** The editor's values: input name -> the text in the input. */
export type ScheduleInputs = Record<string, string>;

const UNITS = ["Hour", "Minute"] as const;

/** Stored or submitted schedules -> the inputs' texts. */
export function scheduleInputsFromWeeks(weeks: readonly (readonly ScheduleDay[])[]): ScheduleInputs {
  const out: ScheduleInputs = {};
  weeks.forEach((week, w) =>
    week.forEach((day, d) => {
      for (const half of SCHEDULE_HALVES) {
        const m = day[half];
        out[scheduleInputName(w, d, half, "Hour")] = m === null ? "" : String(Math.floor(m / 60));
        out[scheduleInputName(w, d, half, "Minute")] = m === null ? "" : String(m % 60).padStart(2, "0");
      }
    }),
  );
  return out;
}

/** What the browser posted (conform's nested initial value) -> the inputs' texts. */
export function scheduleInputsFromSubmission(weeks: unknown): ScheduleInputs {
  const out: ScheduleInputs = {};
  if (!Array.isArray(weeks)) return out;
  weeks.forEach((week, w) => {
    if (!Array.isArray(week)) return;
    week.forEach((day, d) => {
      if (!day || typeof day !== "object") return;
      for (const half of SCHEDULE_HALVES) {
        for (const unit of UNITS) {
          const v = (day as Record<string, unknown>)[`${half}${unit}`];
          if (typeof v === "string") out[scheduleInputName(w, d, half, unit)] = v;
        }
      }
    });
  });
  return out;
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** The editor's inputs -> the weeks they describe (two weeks of five days). */
export function weeksFromInputs(inputs: ScheduleInputs): ScheduleDay[][] {
  return [0, 1].map((w) => Array.from({ length: 5 }, (_, d) => dayOf(inputs, w, d)));
}

function dayOf(inputs: ScheduleInputs, week: number, day: number): ScheduleDay {
  const time = (half: ScheduleHalf) =>
    fromHourMinute(numberOrNull(inputs[scheduleInputName(week, day, half, "Hour")]), numberOrNull(inputs[scheduleInputName(week, day, half, "Minute")]));
  return {
    morningStart: time("morningStart"),
    morningEnd: time("morningEnd"),
    afternoonStart: time("afternoonStart"),
    afternoonEnd: time("afternoonEnd"),
  };
}

const HALF_LABEL: Record<ScheduleHalf, { half: MessageKey; edge: MessageKey }> = {
  morningStart: { half: "schedule.morning", edge: "schedule.start" },
  morningEnd: { half: "schedule.morning", edge: "schedule.end" },
  afternoonStart: { half: "schedule.afternoon", edge: "schedule.start" },
  afternoonEnd: { half: "schedule.afternoon", edge: "schedule.end" },
};

export function WeekScheduleEditor({
  initial,
  weeks,
  disabled,
  errors,
  contractHours = null,
}: {
  initial: ScheduleInputs;
  /** 1, or 2 for week_one_two. */
  weeks: 1 | 2;
  disabled?: boolean;
  /** The contract's weekly hours, set against the schedule below the weeks (issue 29 item 4). */
  contractHours?: number | null;
  /** Field errors keyed by input name (conform's error record). */
  errors?: Record<string, string[] | null | undefined>;
}) {
  const [inputs, setInputs] = useState<ScheduleInputs>(initial);
  const scheduleErrors = Object.entries(errors ?? {}).filter(([name, list]) => name.startsWith("weeks") && list?.length);
  const input = (w: number, d: number, half: ScheduleHalf, unit: (typeof UNITS)[number]) => {
    const name = scheduleInputName(w, d, half, unit);
    const id = `schedule-${w}-${d}-${half}-${unit}`;
    const invalid = !!errors?.[name]?.length;
    return (
      <span key={unit} className="inline-flex items-center">
        <label htmlFor={id} className="sr-only">
          {t("schedule.field_label", {
            day: t(`weekday.${d}` as MessageKey),
            half: t(HALF_LABEL[half].half),
            edge: t(HALF_LABEL[half].edge),
            unit: t(unit === "Hour" ? "schedule.hour" : "schedule.minute"),
          })}
        </label>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={0}
          max={unit === "Hour" ? 23 : 59}
          step={1}
          placeholder={unit === "Hour" ? "hh" : "mm"}
          defaultValue={initial[name] ?? ""}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setInputs((prev) => ({ ...prev, [name]: value }));
          }}
          className="w-12 rounded-md border border-gray-400 px-1 py-1 text-center aria-[invalid=true]:border-red-600"
        />
        {unit === "Hour" && <span aria-hidden="true">:</span>}
      </span>
    );
  };
  return (
    <div className="space-y-6">
      {Array.from({ length: weeks }, (_, w) => {
        const days = Array.from({ length: 5 }, (_, d) => dayOf(inputs, w, d));
        const caption = weeks === 2 ? t("schedule.week", { n: w + 1 }) : t("schedule.single_week");
        return (
          <fieldset key={w} className="min-w-0 text-sm" data-week={w + 1}>
            <legend className="mb-2 font-medium text-gray-900">{caption}</legend>
            <div className="divide-y divide-gray-200 border-y border-gray-200">
              {days.map((day, d) => {
                const dayId = `schedule-${w}-${d}-day`;
                return (
                  <div
                    key={d}
                    role="group"
                    aria-labelledby={dayId}
                    className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 py-2 lg:grid-cols-[6rem_1fr_1fr_6rem]"
                  >
                    <span id={dayId} className="font-medium">
                      {t(`weekday.${d}` as MessageKey)}
                    </span>
                    <span className="text-right lg:order-last">
                      <span className="sr-only">{t("schedule.total")} </span>
                      <span className="font-mono" data-day-total={d}>
                        <output aria-live="polite">{dayTotalLabel(day)}</output>
                      </span>
                    </span>
                    {(["morning", "afternoon"] as const).map((part) => (
                      <span key={part} className="col-span-2 flex flex-wrap items-center gap-x-2 gap-y-1 lg:col-span-1">
                        <span className="w-20 text-gray-700">{t(`schedule.${part}`)}</span>
                        <span className="inline-flex items-center gap-1">
                          {UNITS.map((unit) => input(w, d, `${part}Start`, unit))}
                          <span aria-hidden="true" className="px-1">
                            –
                          </span>
                          {UNITS.map((unit) => input(w, d, `${part}End`, unit))}
                        </span>
                      </span>
                    ))}
                  </div>
                );
              })}
            </div>
            <p className="flex justify-between px-0 py-2 font-medium">
              <span>{t("schedule.week_total")}</span>
              <span className="font-mono font-semibold" data-week-total={w + 1}>
                {weekTotalLabel(days)}
              </span>
            </p>
          </fieldset>
        );
      })}
      <ContractComparison inputs={inputs} weeks={weeks} contractHours={contractHours} />
      {scheduleErrors.length > 0 && (
        <ul className="field-error list-inside list-disc" role="alert">
          {[...new Set(scheduleErrors.flatMap(([, list]) => list ?? []))].map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The schedule's weekly hours beside the contract's, and a warning when they differ; follows the typing. */
function ContractComparison({ inputs, weeks, contractHours }: { inputs: ScheduleInputs; weeks: 1 | 2; contractHours: number | null }) {
  const check = scheduleAgainstContract(weeks === 2 ? "week_one_two" : "unique_week", weeksFromInputs(inputs), contractHours);
  if (check.contractSeconds === null) {
    return <p className="text-sm text-gray-700">{t(weeks === 2 ? "schedule.weekly_hours_average" : "schedule.weekly_hours", { schedule: check.weeklyLabel })}</p>;
  }
  const words = { schedule: check.weeklyLabel, contract: formatHoursMinutes(check.contractSeconds) };
  return (
    <div aria-live="polite" className="text-sm">
      <p className="text-gray-700" data-contract-comparison="">
        {t("schedule.against_contract", words)}
      </p>
      {check.differs && (
        <p className="mt-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900" data-contract-warning="">
          {t("schedule.differs_from_contract", words)}
        </p>
      )}
    </div>
  );
}

/**
 * A small cron matcher for the schedules of app/server/operations/jobs.server.ts, used where no BullMQ scheduler runs
 * (`npm start` without Redis). Five fields: minute hour day-of-month month day-of-week (0 or 7 = Sunday);
 * each field is "*", a number, a list "1,15", a range "1-5" or a step "*\/5" or "10-50/10".
 *
 * @example cronMatches("*\/5 * * * *", { minute: 10, hour: 3, dayOfMonth: 1, month: 6, dayOfWeek: 1 }) // true
 */
export interface CronMoment {
  minute: number;
  hour: number;
  dayOfMonth: number;
  month: number;
  /** 0 = Sunday ... 6 = Saturday */
  dayOfWeek: number;
}

const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function fieldMatches(field: string, value: number, [min, max]: [number, number], isDow: boolean): boolean {
  return field.split(",").some((part) => {
    const [range, stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    if (!Number.isInteger(step) || step <= 0) throw new Error(`Bad cron step: ${part}`);
    let from: number;
    let to: number;
    if (range === "*") {
      from = min;
      to = max;
    } else if (range!.includes("-")) {
      [from, to] = range!.split("-").map(Number) as [number, number];
    } else {
      from = Number(range);
      to = stepText ? max : from;
    }
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < min || to > max) throw new Error(`Bad cron field: ${part}`);
    for (let v = from; v <= to; v += step) {
      if (v === value || (isDow && v === 7 && value === 0)) return true;
    }
    return false;
  });
}

export function cronMatches(pattern: string, m: CronMoment): boolean {
  const fields = pattern.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron pattern needs 5 fields: ${pattern}`);
  const values = [m.minute, m.hour, m.dayOfMonth, m.month, m.dayOfWeek];
  return fields.every((f, i) => fieldMatches(f, values[i]!, RANGES[i]!, i === 4));
}

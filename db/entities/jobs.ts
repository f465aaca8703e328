import { defineEntity, type InferEntity } from "@mikro-orm/core";

/** Marks a periodic job as done for a period (e.g. "accrual:2026-11"), so reruns add nothing. */
export const JobRun = defineEntity({
  name: "JobRun",
  tableName: "job_run",
  properties: (p) => ({
    key: p.string().length(120).primary(),
    doneAt: p.datetime(),
  }),
});
export type JobRun = InferEntity<typeof JobRun>;

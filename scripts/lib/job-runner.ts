/**
 * A script is a process that may record jobs: without Redis they run inline, through the registry this hands to the
 * queue (issue 45 item 2, app/server/operations/job-runner.server.ts). Imported for its effect, first.
 */
import { useJobRunner } from "../../app/server/operations/job-runner.server";

useJobRunner(() => import("../../app/jobs/registry.server"));

/**
 * Time-zone helpers for route loaders and actions. A route module that imports luxon-based domain code only for its
 * loader still ships luxon (about 22 KB gzip) to the browser: the bundler keeps a module with side effects even when
 * the loader using it is removed. A `.server` module is replaced by an empty one in the browser build, so routes take
 * these from here (docs/decisions/0059).
 */
export { localDate } from "~/domain/shared/zoned-day";
export { mondayToToday } from "~/domain/home/dashboard";

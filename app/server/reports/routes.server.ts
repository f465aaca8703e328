import { createReadableStreamFromReadable, data, redirect } from "@remix-run/node";
import { createReadStream } from "node:fs";
import { changedEnd, defaultOvertimeRange, isCalendarDate, sixMonthPeriod } from "~/domain/shared/date-range";
import { contentDisposition, reportFileName } from "~/domain/reports/reports";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { addRecoveryForWeek } from "~/services/reports/add-recovery.server";
import { createExportJob, exportJobFile, exportJobStatus, exportJobThreshold, type ExportJobView } from "~/services/reports/export.server";
import { reportJson, reportSheet } from "~/services/reports/output.server";
import { loadReportPage, readPageNumber, reportRowTotal, type ReportPager } from "~/services/reports/pages.server";
import { reportTable, type ReportTableView } from "~/services/reports/table.server";
import {
  loadReport,
  readReportApiQuery,
  readReportPageQuery,
  reportFieldErrors,
  reportOptions,
  type AnyReport,
  type ReportKind,
  type ReportOptions,
  type ReportQuery,
} from "~/services/reports/reports.server";
import { AppError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { xlsxResponse } from "~/services/shared/xlsx.server";
import { handleApi, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { exportChunkReader, STORED_IN_DATABASE } from "./export-store.server";
import { pathWithSearch, requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { enqueue } from "~/server/operations/queue.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";

/** Loaders and actions shared by the four report pages, their /api calls and their Excel exports (decision 0044). */

export async function reportApiLoader(request: Request, kind: ReportKind): Promise<Response> {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const query = readReportApiQuery(new URL(request.url));
    const report = await loadReport(await getEm(), user, kind, query);
    return jsonResponse(reportJson(report));
  });
}

export interface ReportPageData {
  kind: ReportKind;
  query: ReportQuery;
  searched: boolean;
  /** One page of the report (50 rows) with the totals of the whole filter, as the table prints it. */
  report: { pager: ReportPager; table: ReportTableView } | null;
  /** The page's GET parameters but `page` and `job`, for the pager's links. */
  pagerQuery: Record<string, string>;
  errors: Record<string, string> | null;
  /** The period asked was longer than 6 months: the date the six-month rule moved (decision 0087), else null. */
  moved: "from" | "to" | null;
  options: ReportOptions;
  job: ExportJobView | null;
  exportHref: string | null;
}

/** The page: the filters (defaults: the last 3 months), the report once searched, and an export job if asked. */
export async function reportPageLoader(request: Request, kind: ReportKind): Promise<ReportPageData> {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { query, searched } = readReportPageQuery(url);
  // The page moves the date the user did not change past 6 months (decision 0087); the /api keeps its 422.
  const moved = movePagePeriod(query, url);
  const em = await getEm();
  try {
    let report: ReportPageData["report"] = null;
    let errors: Record<string, string> | null = null;
    if (searched) {
      try {
        const view = await loadReportPage(em, user, kind, query, readPageNumber(url.searchParams.get("page")));
        report = { pager: view.pager, table: reportTable(view) };
      } catch (error) {
        errors = reportFieldErrors(error);
        if (!errors) throw error;
      }
    } else {
      const range = defaultOvertimeRange(localDate(new Date(), "Europe/Paris"));
      query.from = range.from;
      query.to = range.to;
    }
    const options = await reportOptions(em, user, query, null);
    const jobId = url.searchParams.get("job");
    const job = jobId ? await exportJobStatus(em, user, jobId) : null;
    const exportParams = new URLSearchParams(url.searchParams);
    exportParams.delete("job");
    exportParams.delete("page");
    const pagerQuery = Object.fromEntries(exportParams);
    return { kind, query, searched, report, pagerQuery, errors, moved, options, job, exportHref: report ? `/export/${kind}?${exportParams}` : null };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

/**
 * The six-month rule of the page's filter: a valid period longer than 6 months keeps the date the user changed and
 * moves the other (sixMonthPeriod); the query and the URL (its pager and export links) take the period shown. An
 * inverted or missing period is left to the report's own French errors.
 */
function movePagePeriod(query: ReportQuery, url: URL): "from" | "to" | null {
  const p = url.searchParams;
  if (!query.from || !query.to || !isCalendarDate(query.from) || !isCalendarDate(query.to) || query.to < query.from) return null;
  const period = sixMonthPeriod(query.from, query.to, changedEnd({ from: query.from, to: query.to, shownFrom: p.get("shownFrom"), shownTo: p.get("shownTo"), changed: p.get("changed") }));
  for (const name of ["shownFrom", "shownTo", "changed"]) p.delete(name);
  query.from = period.from;
  query.to = period.to;
  p.set("from", period.from);
  p.set("to", period.to);
  return period.moved;
}

/**
 * GET /export/<kind>?<the page's filters>: the Excel file, streamed. Above the threshold, an export job is recorded
 * and the browser goes back to the page, which follows its progress (`?job=`). `?job=<id>&download=1`: the job's
 * file, for its requester only.
 */
export async function exportLoader(request: Request, kind: ReportKind): Promise<Response> {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const em = await getEm();
  const jobId = url.searchParams.get("job");
  try {
    if (jobId) {
      const file = await exportJobFile(em, user, jobId);
      // Stored in PostgreSQL (decision 0096), or an older export's file on this host's disk.
      const body = file.path === STORED_IN_DATABASE ? exportChunkReader(em, jobId) : createReadStream(file.path);
      return new Response(createReadableStreamFromReadable(body), {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": contentDisposition(file.fileName),
          "Cache-Control": "private, no-store",
        },
      });
    }
    const { query } = readReportPageQuery(url);
    // The rows are counted first (one statement): above the threshold the report is read by the job, not here.
    let counted: Awaited<ReturnType<typeof reportRowTotal>>;
    try {
      counted = await reportRowTotal(em, user, kind, query);
    } catch (error) {
      if (error instanceof ValidationError || (error instanceof AppError && error.status === 400)) {
        // Back to the page, which shows the same French field errors.
        const back = new URLSearchParams(url.searchParams);
        return redirect(`/report/${kind}?${back}`);
      }
      throw error;
    }
    if (counted.rows > exportJobThreshold()) {
      const fileName = reportFileName(kind, counted.subsidiaryName, counted.from, counted.to);
      const id = await createExportJob(em, user, kind, query, fileName, counted.rows);
      await enqueue("report.export", { exportId: id });
      const session = await getSession(request);
      pushAlert(session, "info", t("report.job.started", { count: exportJobThreshold() }));
      const back = new URLSearchParams(url.searchParams);
      back.delete("page");
      back.set("job", id);
      return redirect(`/report/${kind}?${back}`, { headers: { "Set-Cookie": await commitSession(session) } });
    }
    const report: AnyReport = await loadReport(em, user, kind, query);
    const fileName = reportFileName(kind, report.subsidiaryName, report.from, report.to);
    return xlsxResponse(fileName, contentDisposition(fileName), reportSheet(report));
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** The recovery report's manual form (spec 2 §2): week, year, force → add-recovery; French success or error alert. */
export async function addRecoveryAction(request: Request) {
  const user = await requireUser(request);
  const form = await request.formData();
  const session = await getSession(request);
  const values = { week: String(form.get("week") ?? ""), year: String(form.get("year") ?? ""), force: form.get("force") === "true" };
  try {
    if (form.get("intent") !== "add-recovery") throw new AppError(400, t("error.generic"));
    await addRecoveryForWeek(await getEm(), user, values);
    pushAlert(session, "success", t("report.add_recovery.success"));
  } catch (error) {
    if (error instanceof ValidationError) {
      return data({ values, errors: Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message])) }, { status: 400 });
    }
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", `${t("report.add_recovery.error")} ${error.message}`);
  }
  return redirect(pathWithSearch(request), { headers: { "Set-Cookie": await commitSession(session) } });
}

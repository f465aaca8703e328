import { data, redirect } from "@remix-run/node";
import { payrollMonthRange } from "~/domain/payroll/month";
import { contentDisposition, reportFileName } from "~/domain/reports/reports";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { AppError, NotFoundError } from "~/services/shared/errors";
import { closedMonths, closeMonth, markMonthDownloaded, monthState, monthVersion, reopenMonth, reopenPreview } from "~/services/payroll/close.server";
import { closeChecklist, closedMonthAnomalies } from "~/services/payroll/checklist.server";
import { cite } from "~/domain/law/sources";
import { pendingRappelWeeks } from "~/services/payroll/rappel.server";
import { monthRappels } from "~/services/payroll/store.server";
import {
  layoutParam,
  PAYROLL_LAYOUTS,
  payrollCsv,
  payrollLineCount,
  payrollMonth,
  payrollSheet,
  payrollTableView,
  readPayrollLayout,
} from "~/services/payroll/payroll.server";
import { pagerOf, readPageNumber } from "~/services/reports/pages.server";
import { REPORT_PAGE_SIZE } from "~/domain/reports/reports";
import { xlsxResponse } from "~/services/shared/xlsx.server";
import { pathWithSearch, requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";

/** The payroll page, its close/reopen actions and its CSV/Excel export (DESIGN §10, decision 0046). */

function previousMonth(now: Date): string {
  const today = localDate(now, "Europe/Paris");
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

function readQuery(url: URL, fallbackSubsidiary: number | null) {
  const raw = url.searchParams.get("subsidiary") ?? "";
  const subsidiaryId = /^\d{1,9}$/.test(raw) ? Number(raw) : fallbackSubsidiary;
  const month = url.searchParams.get("month") || previousMonth(new Date());
  return { subsidiaryId, month };
}

/** A real payroll month (decision 0079): an absurd one (0000-01, 2026-13) is a French 400, never a 500. */
const validMonth = (month: string) => payrollMonthRange(month) !== null;

export async function payrollPageLoader(request: Request) {
  const user = await requireUser(request);
  const em = await getEm();
  const { subsidiaryId, month } = readQuery(new URL(request.url), user.subsidiaryId);
  // The page shows (and its export links ask for) the layout chosen, the recommended one by default: cadran-paie-v3
  // since decision 0143 (v2 since 0072). An export address without `layout` keeps v1.
  const layout = readPayrollLayout(new URL(request.url).searchParams.get("layout") ?? layoutParam(PAYROLL_LAYOUTS[0]!));
  const layouts = PAYROLL_LAYOUTS;
  const subsidiaries = await em.execute<{ id: number; name: string }[]>(`select id, name from subsidiary order by name`);
  if (!validMonth(month) || subsidiaryId === null) {
    const failed = {
      subsidiaries,
      subsidiaryId,
      month,
      layout,
      layouts,
      data: null,
      table: null,
      state: null,
      canReopen: false,
      pager: null,
      closedMonths: [],
      rappels: [],
      rappelTable: null,
      pendingRappels: 0,
      checklist: null,
      closedAnomalies: null,
      nightSources: [],
      confirm: null,
      preview: null,
    };
    if (!validMonth(month)) return data({ ...failed, error: t("payroll.error.month") }, { status: 400 });
    return { ...failed, error: t("report.error.subsidiary_required") };
  }
  try {
    // One page of lines (DESIGN §6: long lists paginate); the files carry every line.
    const count = await payrollLineCount(em, subsidiaryId, month);
    const pager = pagerOf(readPageNumber(new URL(request.url).searchParams.get("page")), count);
    const [payroll, state, closed, rappels, pendingRappels] = await Promise.all([
      payrollMonth(em, subsidiaryId, month, { offset: pager.offset, limit: REPORT_PAGE_SIZE }),
      monthState(em, subsidiaryId, month),
      closedMonths(em, subsidiaryId),
      monthRappels(em, subsidiaryId, month),
      // Weeks touching a closed month still to compute (a job, the nightly run): the rappels may move (decision 0122).
      pendingRappelWeeks(em, subsidiaryId),
    ]);
    // The confirmation step of a close or a reopening, rendered by the server (`?confirm=close|reopen`, rule 2).
    const asked = new URL(request.url).searchParams.get("confirm");
    const mayClose = ["ROLE_FINANCIAL_MANAGEMENT", "ROLE_HEAD_MANAGEMENT"].includes(user.profileType);
    const confirm = asked === "close" && !state.closed && state.closable && mayClose ? "close" : asked === "reopen" && state.closed && user.profileType === "ROLE_HEAD_MANAGEMENT" ? "reopen" : null;
    // The pre-close checklist (issue 38 §4), before the close button of a month that may be closed.
    const checklist = !state.closed && state.closable && mayClose ? await closeChecklist(em, subsidiaryId, month, new Date()) : null;
    // A closed month's anomalies in words, as the checklist says them for an open one (decision 0143).
    const closedAnomalies = state.closed ? await closedMonthAnomalies(em, subsidiaryId, month, new Date()) : null;
    const preview = confirm === "reopen" ? await reopenPreview(em, subsidiaryId, month) : null;
    return {
      subsidiaries,
      subsidiaryId,
      month,
      layout,
      layouts,
      error: null,
      data: payroll,
      table: payrollTableView(payroll, layout),
      state,
      canReopen: user.profileType === "ROLE_HEAD_MANAGEMENT",
      pager: { page: pager.page, pages: pager.pages, rowCount: pager.rowCount },
      closedMonths: closed,
      rappels,
      // The rappel lines in the layout's columns, the file's cells (issue 38 §5: page = file).
      rappelTable: payrollTableView({ ...payroll, lines: rappels }, layout),
      // Shown on an open month only: a closed month's rappels are its snapshot.
      pendingRappels: state.closed ? 0 : pendingRappels,
      checklist,
      closedAnomalies,
      // The articles of the night premium columns (cadran-paie-v3: Code du travail L3122-8, Código do Trabalho art. 266.º).
      nightSources: layout === "cadran-paie-v3" ? cite(["FR.L3122-8", "PT.266"]) : [],
      confirm,
      preview,
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** The page's address without its confirmation step. */
function withoutConfirm(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  return url.pathname + url.search;
}

export async function payrollAction(request: Request) {
  const user = await requireUser(request);
  const form = await request.formData();
  const session = await getSession(request);
  const { subsidiaryId, month } = readQuery(new URL(request.url), user.subsidiaryId);
  if (!validMonth(month)) return data({ error: t("payroll.error.month") }, { status: 400 });
  try {
    if (subsidiaryId === null) throw new AppError(400, t("report.error.subsidiary_required"));
    const intent = form.get("intent");
    // A close or a reopening posted without its confirmation step goes to that step (issue 38 §4).
    if ((intent === "close" || intent === "reopen") && form.get("confirmed") !== "yes") {
      const url = new URL(request.url);
      url.searchParams.set("confirm", intent);
      return redirect(url.pathname + url.search, { status: 303 });
    }
    if (intent === "close") {
      await closeMonth(await getEm(), user, subsidiaryId, month);
      pushAlert(session, "success", t("payroll.closed_success"));
    } else if (intent === "reopen") {
      await reopenMonth(await getEm(), user, subsidiaryId, month, new Date(), {
        reason: String(form.get("reason") ?? ""),
        payslipsRedone: form.get("payslipsRedone") === "yes",
      });
      pushAlert(session, "success", t("payroll.reopened_success"));
    } else throw new AppError(400, t("error.generic"));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw new Response(null, { status: 404 });
    pushAlert(session, "danger", error.violations[0]?.message ?? error.message);
    return redirect(pathWithSearch(request), { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
  }
  return redirect(withoutConfirm(request), { headers: { "Set-Cookie": await commitSession(session) } });
}

/** GET /export/payroll?subsidiary&month&format=csv|xlsx. */
export async function payrollExportLoader(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { subsidiaryId, month } = readQuery(url, user.subsidiaryId);
  // A resource route: a real Response (single fetch would answer a bare data() with 200).
  if (!validMonth(month)) return Response.json({ message: t("payroll.error.month") }, { status: 400 });
  if (subsidiaryId === null) return Response.json({ message: t("report.error.subsidiary_required") }, { status: 400 });
  try {
    const em = await getEm();
    const payroll = await payrollMonth(em, subsidiaryId, month);
    const layout = readPayrollLayout(url.searchParams.get("layout"));
    const last = payroll.to;
    // A closed month's file: its version in the name (and the Excel sheet's), the download noted (issue 38 §3).
    const version = await monthVersion(em, subsidiaryId, month);
    if (version !== null) await markMonthDownloaded(em, subsidiaryId, month, new Date());
    const versioned = (name: string) => (version === null ? name : name.replace(/\.(csv|xlsx)$/, `-version-${version}.$1`));
    if (url.searchParams.get("format") === "csv") {
      const name = versioned(reportFileName("paie", payroll.subsidiaryName, payroll.from, last, "csv"));
      return new Response(payrollCsv(payroll, layout), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": contentDisposition(name),
          "Cache-Control": "private, no-store",
        },
      });
    }
    const name = versioned(reportFileName("paie", payroll.subsidiaryName, payroll.from, last));
    const sheet = payrollSheet(payroll, layout);
    return xlsxResponse(name, contentDisposition(name), version === null ? sheet : { ...sheet, name: `${sheet.name} (${t("payroll.file_version", { version })})` });
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(null, { status: 404 });
    throw error;
  }
}

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { frDateTime } from "~/domain/history/text";
import { printedBadge } from "~/domain/time-clock/terminal";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { requestNow } from "~/server/shared/clock.server";
import { getEm } from "~/server/shared/orm.server";
import { badgeQrSvg } from "~/server/time-clock/badge-qr.server";
import { getEmployeeSheet, orPageNotFound } from "~/services/employees/employees.server";
import { AppError } from "~/services/shared/errors";
import { badgeIssuedAt, issueBadge, revokeBadge } from "~/services/time-clock/terminal-badges.server";
import { BadgeCard, PrintableBadge, type PrintableBadgeData } from "~/ui/time-clock/badge-card";
import { routeIdOr404 } from "~/server/shared/route-params.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("terminal.badge.page_title", { name: data.employee.displayName }) : t("employees.title")} · ${t("app.title")}` },
];

const ZONE = "Europe/Paris";

/** GET /employees/{id}/badge: the badge in force (or none) and HR's actions (the sheet's card, on its own page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const em = await getEm();
  const id = routeIdOr404(params.id);
  const [employee, issued] = await Promise.all([orPageNotFound(getEmployeeSheet(em, user, id)), badgeIssuedAt(em, id)]);
  return {
    employee: { id: employee.id, displayName: employee.displayName, archived: employee.archived },
    issuedAt: issued ? frDateTime(issued, ZONE) : null,
  };
}

async function back(request: Request, id: number, type: "success" | "danger", message: string) {
  const session = await getSession(request);
  pushAlert(session, type, message);
  return redirect(`/employees/${id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * POST issue-badge: the printable badge, in this answer only (its secret is never stored nor shown again);
 * revoke-badge: back to the sheet with a notice. A refusal (archived, no matricule, no badge) goes back with it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = routeIdOr404(params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const em = await getEm();
  const now = requestNow(request);
  try {
    if (intent === "issue-badge") {
      const sheet = await orPageNotFound(getEmployeeSheet(em, user, id));
      const issued = await issueBadge(em, user, id, now);
      const badge: PrintableBadgeData = {
        name: issued.name,
        matricule: issued.matricule,
        subsidiary: sheet.relations.subsidiary?.name ?? "",
        svg: await badgeQrSvg(issued.content),
        text: printedBadge(issued.content),
      };
      // Never cached nor kept: the page holds the badge's secret.
      return data({ badge }, { headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "revoke-badge") {
      const { name } = await orPageNotFound(revokeBadge(em, user, id, now));
      return back(request, id, "success", t("terminal.badge.success.revoked", { name }));
    }
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return back(request, id, "danger", error.message);
    throw error;
  }
  return back(request, id, "danger", t("terminal.error.unknown_action"));
}

export default function EmployeeBadge() {
  const { employee, issuedAt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { badge?: PrintableBadgeData } | undefined;
  return (
    <div className="space-y-6">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("terminal.badge.page_title", { name: employee.displayName })}</h1>
        <Link to={`/employees/${employee.id}/edit`} className="btn btn-secondary">
          {t("terminal.badge.back")}
        </Link>
      </div>
      {answer?.badge ? (
        <section aria-labelledby="printable-title" className="space-y-4">
          <div className="no-print" role="status">
            <h2 id="printable-title" className="text-lg font-semibold">
              {t("terminal.badge.printable_title")}
            </h2>
            <p className="text-sm text-gray-700">{t("terminal.badge.printable_text")}</p>
          </div>
          <PrintableBadge badge={answer.badge} />
        </section>
      ) : (
        employee.archived ? <p>{t("terminal.badge.error.archived")}</p> : <BadgeCard employee={employee} issuedAt={issuedAt} />
      )}
    </div>
  );
}

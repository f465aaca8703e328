import { t } from "~/i18n/fr";
import { Card, ConfirmAction } from "~/ui/shared/modal";

/**
 * The sheet's "Badge de pointage" card (decision 0137): the badge in force (or none) and HR's actions, each behind a
 * server-rendered confirmation (ConfirmAction: works without JavaScript). They post to `/employees/{id}/badge`,
 * whose answer to "issue" is the printable badge, shown once.
 */
export function BadgeCard({ employee, issuedAt }: { employee: { id: number; displayName: string }; issuedAt: string | null }) {
  const action = `/employees/${employee.id}/badge`;
  const back = `/employees/${employee.id}/edit`;
  return (
    <Card title={t("terminal.badge.title")}>
      <p className="mb-2 text-sm text-gray-700">{t("terminal.badge.intro")}</p>
      <p className="mb-3 text-sm" data-testid="badge-state">
        {issuedAt ? t("terminal.badge.issued_at", { date: issuedAt }) : t("terminal.badge.none")}
      </p>
      <div className="flex flex-wrap gap-2">
        <ConfirmAction
          action={action}
          intent="issue-badge"
          itemLabel={employee.displayName}
          text={t(issuedAt ? "terminal.badge.reissue_confirm" : "terminal.badge.issue_confirm", { name: employee.displayName })}
          buttonLabel={t(issuedAt ? "terminal.badge.reissue" : "terminal.badge.issue")}
          confirmLabel={t(issuedAt ? "terminal.badge.reissue" : "terminal.badge.issue")}
          cancelHref={back}
          tone="primary"
          buttonClassName="btn btn-secondary"
        />
        {issuedAt && (
          <ConfirmAction
            action={action}
            intent="revoke-badge"
            itemLabel={employee.displayName}
            text={t("terminal.badge.revoke_confirm", { name: employee.displayName })}
            buttonLabel={t("terminal.badge.revoke")}
            confirmLabel={t("terminal.badge.revoke")}
            cancelHref={back}
          />
        )}
      </div>
    </Card>
  );
}

export interface PrintableBadgeData {
  name: string;
  matricule: number;
  subsidiary: string;
  svg: string;
  /** The badge's text, printed under the QR to be typed when no reader is at hand (printedBadge). */
  text: string;
}

/**
 * The badge to print: credit-card size (85.6 × 54 mm, ISO/IEC 7810 ID-1) on an A4 portrait page (its own named
 * page in the print CSS), the name, the matricule and the QR as inline SVG drawn on the server.
 */
export function PrintableBadge({ badge }: { badge: PrintableBadgeData }) {
  return (
    <div className="badge-sheet">
      <div className="badge-card" data-testid="printable-badge">
        <div className="badge-top">
          <div className="badge-qr" role="img" aria-label={t("terminal.badge.qr_label", { name: badge.name })} dangerouslySetInnerHTML={{ __html: badge.svg }} />
          <div className="badge-text">
            <p className="badge-brand">{t("app.title")}</p>
            <p className="badge-name">{badge.name}</p>
            <p>{t("terminal.badge.matricule", { matricule: badge.matricule })}</p>
            <p>{badge.subsidiary}</p>
          </div>
        </div>
        <p className="badge-secret" data-testid="badge-text">
          {badge.text}
        </p>
      </div>
    </div>
  );
}

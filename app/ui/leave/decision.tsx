import { REFUSAL_REASON_MAX_LENGTH } from "~/domain/leave/decision-card";
import { t } from "~/i18n/fr";
import { ConfirmDialog } from "~/ui/shared/modal";

/**
 * The confirmation of a decision on a leave (waiting list and detail page, issue 28 item 3): it names the person and
 * the dates; refusing asks for an optional reason (500 characters) that the employee will read.
 */
export function LeaveDecisionDialog({
  decision,
  leave,
  intent,
  version,
  back,
  action,
}: {
  decision: "validate" | "refuse";
  leave: { id: number; name: string; reasonLabel: string; /** "le 15/12/2026 (matin)", "du … au …" (leavePeriodText). */ period: string };
  intent: string;
  version: number | string;
  back: string;
  action?: string;
}) {
  const validate = decision === "validate";
  const fieldId = `refusal-reason-${leave.id}`;
  return (
    <ConfirmDialog
      intent={intent}
      fields={{ version }}
      text={t(validate ? "leave.waiting.validate_dates_text" : "leave.waiting.reject_dates_text", {
        name: leave.name,
        reason: leave.reasonLabel,
        period: leave.period,
      })}
      confirmLabel={t(validate ? "leave.waiting.validate" : "leave.waiting.reject")}
      back={back}
      action={action}
      tone={validate ? "primary" : "danger"}
    >
      {!validate && (
        <div className="text-left">
          <label htmlFor={fieldId} className="field-label">
            {t("leave.field.refusal_reason")}
          </label>
          <textarea
            id={fieldId}
            name="refusalReason"
            maxLength={REFUSAL_REASON_MAX_LENGTH}
            rows={3}
            aria-describedby={`${fieldId}-hint`}
            className="field-input w-full"
          />
          <p id={`${fieldId}-hint`} className="mt-1 text-xs text-gray-700">
            {t("leave.field.refusal_reason_hint", { max: REFUSAL_REASON_MAX_LENGTH })}
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}

import { Form } from "@remix-run/react";
import { t } from "~/i18n/fr";
import type { ClockSummary } from "~/services/home/home-clock.server";
import { ConfirmAction } from "~/ui/shared/modal";

/** Today's state in words ("En pause depuis 12:04"), one sentence (issue 28 item 1). */
export function ClockStateWords({ summary }: { summary: Pick<ClockSummary, "words"> }) {
  const { kind, since } = summary.words;
  return (
    <p className="text-lg font-semibold text-gray-900" data-testid="clock-state" data-state={kind}>
      <span className="sr-only">{t("time_clock.state_label")} : </span>
      {t(`time_clock.state.${kind}`, { time: since ?? "" })}
    </p>
  );
}

/**
 * The badging buttons as plain forms (each posts its intent to `action`, the page's own action by default); the end
 * of day keeps its confirmation (a <details> dialog, no JavaScript needed). After a pause or lunch START reads
 * "Reprendre".
 */
export function ClockButtons({
  summary,
  busy = false,
  action,
  cancelHref,
  fields = {},
}: {
  summary: Pick<ClockSummary, "allowed" | "startAs">;
  busy?: boolean;
  action?: string;
  cancelHref: string;
  /** Hidden fields every button posts too (the terminal's signed person token, issue 46). */
  fields?: Record<string, string>;
}) {
  const { allowed, startAs } = summary;
  return (
    <div role="group" aria-label={t("time_clock.actions_label")} className="flex flex-wrap gap-2">
      {(["start", "pause", "lunch"] as const).map((intent) => (
        <Form method="post" action={action} key={intent}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" className={intent === "start" ? "btn btn-primary" : "btn btn-secondary"} disabled={!allowed[intent] || busy}>
            {t(intent === "start" && startAs === "resume" ? "time_clock.action.resume" : `time_clock.action.${intent}`)}
          </button>
        </Form>
      ))}
      {allowed.end && !busy ? (
        <ConfirmAction
          action={action}
          intent="end"
          fields={fields}
          itemLabel={t("time_clock.action.end")}
          text={t("time_clock.end_confirm_text")}
          buttonLabel={t("time_clock.action.end")}
          confirmLabel={t("word.validate")}
          cancelHref={cancelHref}
          tone="primary"
          buttonClassName="btn btn-secondary"
        />
      ) : (
        <button type="button" className="btn btn-secondary" disabled>
          {t("time_clock.action.end")}
        </button>
      )}
    </div>
  );
}

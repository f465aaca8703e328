import { Form } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { ConfirmAction } from "~/ui/shared/modal";

/**
 * The profile's calendar feeds section (DESIGN §9): turn on, renew or turn off one's private iCalendar feeds. A new
 * address is shown once, right after it is made (only its hash is kept).
 */
export function CalendarFeeds({
  status,
  created,
}: {
  status: { own: boolean; scope: boolean; scopeAllowed: boolean };
  created?: { scope: "own" | "scope"; url: string } | null;
}) {
  const feeds: ("own" | "scope")[] = status.scopeAllowed ? ["own", "scope"] : ["own"];
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="feeds-title">
      <h2 id="feeds-title" className="mb-2 text-base font-semibold">
        {t("planning.feed.title")}
      </h2>
      <p className="mb-3 text-sm text-gray-700">{t("planning.feed.hint")}</p>
      <ul className="space-y-3">
        {feeds.map((scope) => {
          const on = status[scope];
          return (
            <li key={scope} className="flex flex-wrap items-center gap-2" data-testid={`feed-${scope}`}>
              <span className="font-medium">{t(scope === "own" ? "planning.feed.own" : "planning.feed.scope")}</span>
              <span className="text-sm text-gray-700">({on ? t("planning.feed.on") : t("planning.feed.off")})</span>
              <Form method="post">
                <input type="hidden" name="intent" value="feed-enable" />
                <input type="hidden" name="scope" value={scope} />
                <button type="submit" className={on ? "btn btn-secondary" : "btn btn-primary"}>
                  {on ? t("planning.feed.renew") : t("planning.feed.enable")}
                </button>
              </Form>
              {on && (
                <ConfirmAction
                  intent={`feed-revoke-${scope}`}
                  fields={{ scope }}
                  itemLabel={t(scope === "own" ? "planning.feed.own" : "planning.feed.scope")}
                  text={t("planning.feed.revoke_confirm")}
                  buttonLabel={t("planning.feed.revoke")}
                  confirmLabel={t("planning.feed.revoke")}
                  cancelHref="/profile"
                  buttonClassName="btn btn-secondary"
                />
              )}
              {created?.scope === scope && (
                <div className="w-full">
                  <label htmlFor={`feed-url-${scope}`} className="field-label">
                    {t("planning.feed.url")}
                  </label>
                  <input id={`feed-url-${scope}`} readOnly value={created.url} className="field-input font-mono" data-testid="feed-url" />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { Form, Link } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { t } from "~/i18n/fr";

/**
 * The generic confirmation (spec 1 §2): a button that opens a modal naming the item, with cancel and confirm.
 * Built on <details>: without JavaScript the summary opens a CSS-positioned panel whose confirm button posts the
 * real form, and "cancel" is a link back to the page; with JavaScript cancel just closes the panel.
 * `tone` says what the confirm button does: "danger" (the default) only for refusing and deleting, "primary" for
 * validating or ending something (issue 11 §5); the opening button follows it unless given its own class.
 */
export function ConfirmAction({
  action,
  intent,
  fields = {},
  itemLabel,
  text,
  buttonLabel = t("word.delete"),
  confirmLabel = t("word.delete"),
  cancelHref,
  tone = "danger",
  buttonClassName = tone === "danger" ? "btn btn-danger" : "btn btn-primary",
}: {
  action?: string;
  intent: string;
  fields?: Record<string, string | number>;
  itemLabel: string;
  text?: string;
  buttonLabel?: string;
  confirmLabel?: string;
  cancelHref: string;
  tone?: "danger" | "primary";
  buttonClassName?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={ref} className="confirm inline-block">
      <summary className={buttonClassName} aria-label={`${buttonLabel} ${itemLabel}`}>
        {buttonLabel}
      </summary>
      <div className="modal-backdrop" role="dialog" aria-modal="true" aria-labelledby={`confirm-${intent}-title`}>
        <div className="modal-panel">
          <h2 id={`confirm-${intent}-title`} className="text-lg font-semibold">
            {t("confirm.title")}
          </h2>
          <p className="mt-2 text-sm text-gray-700">{text ?? t("confirm.delete_text", { item: itemLabel })}</p>
          <Form method="post" action={action} className="mt-4 flex justify-end gap-2">
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(fields).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={String(v)} />
            ))}
            <a
              href={cancelHref}
              className="btn btn-secondary"
              onClick={(e) => {
                e.preventDefault();
                ref.current?.removeAttribute("open");
              }}
            >
              {t("word.cancel")}
            </a>
            <button type="submit" className={tone === "danger" ? "btn btn-danger" : "btn btn-primary"}>
              {confirmLabel}
            </button>
          </Form>
        </div>
      </div>
    </details>
  );
}

/**
 * The confirmation of one item of a list, without markup per item (issue 12, docs/decisions/0027): the items'
 * buttons submit ONE GET form of the list with `confirm=<intent>`; the page comes back with this dialog for that item
 * only (a client navigation with JavaScript, a page without). Its form posts to `back`; "cancel" goes back.
 */
export function ConfirmDialog({
  intent,
  fields = {},
  text,
  confirmLabel,
  back,
  action,
  tone = "danger",
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  text: string;
  confirmLabel: string;
  back: string;
  /** Fields the decision takes besides the hidden ones (e.g. a refusal's reason), inside the form. */
  children?: ReactNode;
  /** Where the form posts, when not `back` (an index route's action: `/settings?index`). */
  action?: string;
  /** "danger" only for refusing and deleting; "primary" for validating (issue 11 §5). */
  tone?: "danger" | "primary";
}) {
  return (
    <div className="modal-backdrop" role="dialog" aria-modal="true" aria-labelledby={`confirm-${intent}-title`}>
      <div className="modal-panel">
        <h2 id={`confirm-${intent}-title`} className="text-lg font-semibold">
          {t("confirm.title")}
        </h2>
        <p className="mt-2 text-sm text-gray-700">{text}</p>
        <Form method="post" action={action ?? back} className="mt-4 flex flex-wrap justify-end gap-2" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={String(v)} />
          ))}
          {children && <div className="w-full">{children}</div>}
          <Link to={back} className="btn btn-secondary" preventScrollReset autoFocus>
            {t("word.cancel")}
          </Link>
          <button type="submit" className={tone === "danger" ? "btn btn-danger" : "btn btn-primary"}>
            {confirmLabel}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** A notification modal (title, text, type as colour), open on arrival, closable with or without JavaScript. */
export function NotificationModal({
  title,
  text,
  type,
  closeHref,
  children,
}: {
  title: string;
  text: string;
  type: "info" | "success" | "warning" | "danger";
  closeHref: string;
  /** Extra actions beside the close link, e.g. a form that marks the notification as seen (works without JS). */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const color = {
    info: "border-sky-500",
    success: "border-green-500",
    warning: "border-amber-500",
    danger: "border-red-600",
  }[type];
  return (
    <details ref={ref} open className="notification">
      <summary className="sr-only">{title}</summary>
      <div className="modal-backdrop" role="dialog" aria-modal="true" aria-labelledby="notification-title">
        <div className={`modal-panel border-t-4 ${color}`} data-notification-type={type}>
          <h2 id="notification-title" className="text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-2 text-sm text-gray-700">{text}</p>
          <div className="mt-4 flex justify-end gap-2">
            {children}
            <a
              href={closeHref}
              className={children ? "btn btn-secondary" : "btn btn-primary"}
              onClick={(e) => {
                e.preventDefault();
                ref.current?.removeAttribute("open");
              }}
            >
              {t("word.close")}
            </a>
          </div>
        </div>
      </div>
    </details>
  );
}

export function Card({ title, children, actions }: { title?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {(title || actions) && (
        <header className="mb-3 flex items-center justify-between gap-2">
          {title && <h2 className="text-base font-semibold text-gray-900">{title}</h2>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

import { t } from "~/i18n/fr";

export type AlertType = "success" | "info" | "danger" | "warning";
export interface AlertData {
  id: string;
  type: AlertType;
  message: string;
}

const STYLES: Record<AlertType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  danger: "border-red-300 bg-red-50 text-red-900",
};

/**
 * Dismissible alerts, newest on top. The close control is a label for a hidden checkbox, so it works without
 * JavaScript; alerts are one-shot (flash) and vanish on the next page anyway.
 */
export function Alerts({ alerts }: { alerts: AlertData[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="space-y-2" aria-live="polite">
      {alerts.map((a) => (
        <Alert key={a.id} alert={a} />
      ))}
    </div>
  );
}

export function Alert({ alert }: { alert: AlertData }) {
  const id = `alert-${alert.id}`;
  return (
    <div>
      <input type="checkbox" id={id} className="peer sr-only" aria-label={t("alert.dismiss")} />
      <div
        role={alert.type === "danger" ? "alert" : "status"}
        data-alert={alert.type}
        className={`flex items-start justify-between gap-4 rounded-md border px-4 py-3 text-sm peer-checked:hidden ${STYLES[alert.type]}`}
      >
        <p>{alert.message}</p>
        <label htmlFor={id} className="cursor-pointer font-bold leading-none" title={t("alert.dismiss")}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("alert.dismiss")}</span>
        </label>
      </div>
    </div>
  );
}

import { Outlet } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { useRootAlerts } from "~/root";
import { Alerts } from "~/ui/shared/alerts";

/** The security layout: login and password pages, no menu. */
export default function AuthLayout() {
  const alerts = useRootAlerts();
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-10">
      <p className="mb-6 text-center">
        <span className="text-3xl font-bold text-brand-700">{t("app.title")}</span>
        <span className="block text-sm text-gray-600">{t("app.tagline")}</span>
      </p>
      <main className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <div className="mb-4">
          <Alerts alerts={alerts} />
        </div>
        <Outlet />
      </main>
    </div>
  );
}

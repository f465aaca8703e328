import type { ReactNode } from "react";
import { t } from "~/i18n/fr";

/**
 * The frame of the shop-floor terminal's pages (issue 46): no menu, no person, large type; fits a 1024×768 tablet and
 * a 360 px phone. `wide`: two columns from 768 px (the keypad: its fields beside its digit buttons, all within 768 px high).
 */
export function TerminalFrame({ heading, wide, children }: { heading?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center px-4 py-6">
      <p className="mb-4 text-center">
        <span className="text-3xl font-bold text-brand-700">{t("app.title")}</span>
        <span className="block text-base text-gray-700">{heading ?? t("terminal.page_title")}</span>
      </p>
      <main className={`w-full max-w-md ${wide ? "md:max-w-3xl" : ""} rounded-lg bg-white p-4 text-lg shadow sm:p-6`}>{children}</main>
    </div>
  );
}

/** The page of a device without a valid terminal cookie (never enrolled, revoked, tampered). */
export function NotEnrolled() {
  return (
    <TerminalFrame>
      <h1 className="mb-2 text-2xl font-semibold text-gray-900">{t("terminal.not_enrolled_title")}</h1>
      <p className="text-gray-800">{t("terminal.not_enrolled_text")}</p>
    </TerminalFrame>
  );
}

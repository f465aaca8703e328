import { Link } from "@remix-run/react";
import { t } from "~/i18n/fr";

/** The reset-by-mail pages when password sign-in is turned off (decision 0090): what to do instead. */
export function PasswordOff({ title, name }: { title: string; name: string }) {
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{title}</h1>
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="password-off">
        {t("reset.password_off", { name })}
      </p>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="btn-link">
          {t("reset.back_login")}
        </Link>
      </p>
    </>
  );
}

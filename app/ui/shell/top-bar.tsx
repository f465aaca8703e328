import { Form, Link } from "@remix-run/react";
import { t } from "~/i18n/fr";

/** Top bar: title, full name, avatar (default image when none) and a dropdown (profile, logout) without JS. */
export function TopBar({ fullName, avatarUrl }: { fullName: string; avatarUrl: string | null }) {
  return (
    <header className="flex items-center justify-between gap-4 bg-brand-800 px-4 py-2 text-white">
      <Link to="/" discover="none" className="text-lg font-bold tracking-wide">
        {t("app.title")}
      </Link>
      <details className="relative" data-testid="user-menu">
        <summary className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-brand-700" aria-label={t("shell.user_menu")}>
          <span className="hidden text-sm sm:inline" data-testid="user-fullname">
            {fullName}
          </span>
          <img
            src={avatarUrl ?? "/default-avatar.svg"}
            alt={t("shell.avatar_alt", { name: fullName })}
            width={32}
            height={32}
            className="h-8 w-8 rounded-full bg-white object-cover"
          />
        </summary>
        <div className="absolute right-0 z-40 mt-2 w-56 rounded-md bg-white py-1 text-gray-900 shadow-lg ring-1 ring-black/10">
          <p className="border-b px-4 py-2 text-sm font-medium sm:hidden">{fullName}</p>
          <Link to="/profile" discover="none" className="block px-4 py-2 text-sm hover:bg-gray-100">
            {t("shell.edit_profile")}
          </Link>
          <Form method="post" action="/logout" discover="none">
            <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-gray-100">
              {t("shell.logout")}
            </button>
          </Form>
        </div>
      </details>
    </header>
  );
}

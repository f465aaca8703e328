import { t, type MessageKey } from "~/i18n/fr";

/**
 * The pictures of the three 404 variants, drawn inline (no emoji font, no request): a beach umbrella, a
 * stopwatch, a calendar. Decorative: the text says it all.
 */
function Picture({ variant }: { variant: number }) {
  const common = {
    width: 96,
    height: 96,
    viewBox: "0 0 64 64",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2.5,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
    focusable: false,
    className: "mx-auto text-brand-700",
    "data-picture": variant,
  };
  if (variant === 1) {
    return (
      <svg {...common}>
        <circle cx="32" cy="36" r="20" />
        <path d="M32 36V24M32 36l8 6M26 8h12M32 8v8M48 18l4-4" />
      </svg>
    );
  }
  if (variant === 2) {
    return (
      <svg {...common}>
        <rect x="10" y="14" width="44" height="40" rx="4" />
        <path d="M10 26h44M22 8v10M42 8v10M24 36l16 10M40 36L24 46" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="M8 30C12 16 22 10 32 10s20 6 24 20c-5-3-11-3-16 0-3-2-5-3-8-3s-5 1-8 3c-5-3-11-3-16 0z" />
      <path d="M32 10v6M32 27l6 27M6 56c8-4 16-4 26 0s18 4 26 0" />
    </svg>
  );
}

const VARIANTS: MessageKey[] = ["notfound.variant1", "notfound.variant2", "notfound.variant3"];

/**
 * The NotFound page: one of three variants, chosen at random by the server. Alone (security layout) for a
 * visitor; inside the shell (`inShell`: menu and top bar kept) for a signed-in user.
 */
export function NotFound({ variant, inShell = false }: { variant: number; inShell?: boolean }) {
  const index = Math.abs(variant) % VARIANTS.length;
  const card = (
    <div className="w-full max-w-md rounded-lg bg-white p-8 text-center shadow" data-notfound-variant={index}>
      <Picture variant={index} />
      <h1 className="mt-4 text-2xl font-semibold">{t("error.not_found_title")}</h1>
      <p className="mt-2 text-gray-700">{t("error.not_found_text")}</p>
      <p className="mt-2 text-sm text-gray-600">{t(VARIANTS[index]!)}</p>
      <a href="/" className="btn btn-primary mt-6">
        {t("notfound.back_home")}
      </a>
    </div>
  );
  if (inShell) return <div className="flex justify-center py-6">{card}</div>;
  return <main className="flex min-h-full items-center justify-center p-6">{card}</main>;
}

/**
 * The error page other than 404, with a way home. Never the error's own message (on the server it may carry SQL or
 * paths): a French text chosen by status only, as the root boundary does.
 */
export function GenericError({ status }: { status: number }) {
  const message =
    status === 405
      ? t("error.method_not_allowed")
      : status === 503
        ? t("error.unavailable")
        : status >= 400 && status < 500
          ? t("error.bad_request")
          : t("error.fatal");
  return (
    <div className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-semibold">{t("error.generic")}</h1>
      <p className="mt-2">{message}</p>
      <a className="btn btn-primary mt-6" href="/">
        {t("notfound.back_home")}
      </a>
    </div>
  );
}

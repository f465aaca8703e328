import { t, type MessageKey } from "~/i18n/fr";

const VARIANTS: { key: MessageKey; emoji: string }[] = [
  { key: "notfound.variant1", emoji: "🏖️" },
  { key: "notfound.variant2", emoji: "⏱️" },
  { key: "notfound.variant3", emoji: "🗓️" },
];

/** The NotFound page (security layout): one of three variants, chosen at random by the server. */
export function NotFound({ variant }: { variant: number }) {
  const v = VARIANTS[Math.abs(variant) % VARIANTS.length]!;
  return (
    <main className="flex min-h-full items-center justify-center p-6" data-notfound-variant={Math.abs(variant) % 3}>
      <div className="w-full max-w-md rounded-lg bg-white p-8 text-center shadow">
        <p className="text-5xl" aria-hidden="true">
          {v.emoji}
        </p>
        <h1 className="mt-4 text-2xl font-semibold">{t("error.not_found_title")}</h1>
        <p className="mt-2 text-gray-700">{t("error.not_found_text")}</p>
        <p className="mt-2 text-sm text-gray-600">{t(v.key)}</p>
        <a href="/" className="btn btn-primary mt-6">
          {t("notfound.back_home")}
        </a>
      </div>
    </main>
  );
}

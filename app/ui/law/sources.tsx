import { formatFrDate } from "~/domain/shared/date-range";
import type { CitedSource } from "~/domain/law/sources";
import { t } from "~/i18n/fr";

/**
 * The articles a line rests on, each a link to its official text (Légifrance, Diário da República) with its title
 * and the date it was read (decision 0125). Nothing when the line rests on no article.
 */
export function SourceLinks({ sources }: { sources: readonly CitedSource[] | undefined }) {
  if (!sources || sources.length === 0) return null;
  return (
    <span className="ml-1 text-xs" data-testid="sources">
      (
      {sources.map((s, i) => (
        <span key={s.id}>
          {i > 0 && " ; "}
          <a
            href={s.url}
            className="btn-link"
            target="_blank"
            rel="noopener noreferrer"
            title={t("legal_source.title", { title: s.title, date: formatFrDate(s.readOn) })}
            data-source={s.id}
          >
            {s.article}
          </a>
        </span>
      ))}
      )
    </span>
  );
}

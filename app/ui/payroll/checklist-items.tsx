import type { ChecklistLine } from "~/services/payroll/checklist.server";
import { t } from "~/i18n/fr";
import { SourceLinks } from "~/ui/law/sources";

/**
 * The items of a checklist line: each a link to where it is fixed; an anomaly item lists each anomaly in words, its
 * article linked to the official text, its week explained (decision 0138). The close checklist of an open month and a
 * closed month's anomalies render the same (decision 0143). Nothing when the line has no item.
 */
export function ChecklistItems({ line }: { line: Pick<ChecklistLine, "count" | "items"> }) {
  if (line.items.length === 0) return null;
  return (
    <ul className="ml-4 list-disc">
      {line.items.map((item, i) => (
        <li key={i}>
          <a className="underline" href={item.href}>{item.label}</a>
          {item.notes && item.notes.length > 0 && (
            <ul className="ml-4 list-[circle]" data-testid="payroll-anomaly-notes">
              {item.notes.map((n, j) => (
                <li key={j}>
                  <a className="btn-link" href={n.href}>{n.text}</a>
                  <SourceLinks sources={n.sources} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
      {line.count > line.items.length && <li>{t("payroll.checklist.more", { count: line.count - line.items.length })}</li>}
    </ul>
  );
}

import type { ReactNode } from "react";
import { t } from "~/i18n/fr";

/**
 * A labelled field with the required star (tooltip "Ce champ est obligatoire.") and its error, wired for
 * accessibility (aria-describedby). The input is passed as children so any control fits.
 */
export function Field({
  id,
  label,
  required,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  errors?: string[] | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <abbr className="required-star no-underline" title={t("word.required")}>
            *
          </abbr>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {errors && errors.length > 0 && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errors.join(" ")}
        </p>
      )}
    </div>
  );
}

import type { MessageKey } from "~/i18n/fr";

export interface Violation {
  propertyPath: string;
  message: string;
}

/**
 * A failure a user can understand. Services throw these; HTML routes show the French message, /api routes
 * answer the status with `{message}` (and `violations` for 422).
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
    readonly violations: Violation[] = [],
  ) {
    super(message);
    this.name = "AppError";
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Élément introuvable.") {
    super(404, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "Vous n'avez pas accès à cette page.") {
    super(403, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** The answer's `message` for field errors when none is given (issue 28 item 4). */
export const FIELDS_INVALID_MESSAGE = "Certains champs sont invalides.";

/**
 * The message of a set of field errors: when one field is wrong, that field's reason (spec 2 §8: the client shows
 * `message`, so it must say what to fix); several fields wrong, the general sentence (each reason is in `violations`).
 *
 * @example violationsMessage([{ propertyPath: "date", message: "Pas d'évènement un jour férié." }]) // "Pas d'évènement un jour férié."
 */
export function violationsMessage(violations: readonly Violation[]): string {
  const fields = new Set(violations.map((v) => v.propertyPath));
  return fields.size === 1 && violations[0] ? violations[0].message : FIELDS_INVALID_MESSAGE;
}

/**
 * The same 422 with its one wrong field named in `message` (issue 41: `PUT /api/employees/{id}` answered only
 * "Certains champs sont invalides."): "E-mail personnel : Email invalide.". `label` gives a field's French name from
 * the head of its property path (`schedule[0].start` → `schedule`), or null to keep the reason alone; several fields
 * wrong keep the general sentence.
 */
export function withFieldNamed(error: AppError, label: (field: string) => string | null): AppError {
  if (error.status !== 422 || error.violations.length === 0) return error;
  const fields = new Set(error.violations.map((v) => v.propertyPath));
  if (fields.size !== 1) return new AppError(422, FIELDS_INVALID_MESSAGE, error.violations);
  const [first] = error.violations;
  const name = label(first!.propertyPath.split(/[.[]/)[0] ?? "");
  return new AppError(422, name ? `${name} : ${first!.message}` : first!.message, error.violations);
}

export class ValidationError extends AppError {
  constructor(violations: Violation[], message = violationsMessage(violations)) {
    super(422, message, violations);
  }
}

export type { MessageKey };

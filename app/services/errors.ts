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
export class ValidationError extends AppError {
  constructor(violations: Violation[], message = "Certains champs sont invalides.") {
    super(422, message, violations);
  }
}

export type { MessageKey };

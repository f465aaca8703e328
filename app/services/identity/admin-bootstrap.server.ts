import { UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { t } from "~/i18n/fr";
import { createResetToken, normaliseIdentifier } from "./auth.server";
import { ConflictError, ValidationError } from "~/services/shared/errors";

/**
 * The first account of an empty installation (`npm run admin:create`): nobody can log in yet to create it through
 * the screens, so an operator with database access makes a management account and gets a single-use link to
 * choose its password. Everything else (countries, subsidiaries, employees) is then done through the screens.
 */

export const ADMIN_ROLES = ["ROLE_HEAD_MANAGEMENT", "ROLE_FINANCIAL_MANAGEMENT"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export interface AdminInput {
  email: string;
  firstname: string;
  lastname: string;
  role?: string;
}

export interface CreatedAdmin {
  employeeId: number;
  userId: number;
  email: string;
  role: AdminRole;
  /** The single-use "choose your password" link (30 minutes). */
  link: string;
}

// Same shape check as the employee sheet's professional e-mail (app/forms/employee.ts).

function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

/**
 * Creates the employee (profileType = role) and its account (login = lower-case e-mail, roles = [role], no
 * password) in one transaction with a password link, and returns the link `${appUrl}/password/change/<token>`.
 * Refuses a malformed e-mail, blank names or another role (ValidationError) and an e-mail already used (ConflictError).
 */
export async function createAdmin(em: EntityManager, input: AdminInput, appUrl: string): Promise<CreatedAdmin> {
  const email = normaliseIdentifier(input.email ?? "") ?? "";
  const firstname = (input.firstname ?? "").trim();
  const lastname = (input.lastname ?? "").trim();
  const role = input.role?.trim() || "ROLE_HEAD_MANAGEMENT";
  if (!email) {
    throw new ValidationError([{ propertyPath: "email", message: t("admin.error.email_invalid", { email: input.email ?? "" }) }]);
  }
  if (!firstname || !lastname || firstname.length > 120 || lastname.length > 120) {
    throw new ValidationError([{ propertyPath: "firstname", message: t("admin.error.name_required") }]);
  }
  if (!isAdminRole(role)) throw new ValidationError([{ propertyPath: "role", message: t("admin.error.role", { role }) }]);

  const taken = () => new ConflictError(t("admin.error.email_taken", { email }));
  const [row] = await em.getConnection().execute<{ taken: boolean }[]>(
    `select exists(select 1 from employee where lower(email) = ?) or exists(select 1 from app_user where email = ?) as taken`,
    [email, email],
  );
  if (row?.taken) throw taken();

  try {
    return await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [emp] = await c.execute<{ id: number }[]>(
        `insert into employee (firstname, lastname, email, profile_type, created_at, updated_at)
         values (?, ?, ?, ?, now(), now()) returning id`,
        [firstname, lastname, email, role],
        "all",
        ctx,
      );
      const [user] = await c.execute<{ id: number }[]>(
        "insert into app_user (employee_id, email, password_hash, roles, created_at) values (?, ?, null, ?, now()) returning id",
        [emp!.id, email, `{${role}}`],
        "all",
        ctx,
      );
      // In the same transaction: an account is never left without its link.
      const token = await createResetToken(tx, user!.id);
      return {
        employeeId: emp!.id,
        userId: user!.id,
        email,
        role,
        link: `${appUrl.replace(/\/+$/, "")}/password/change/${token}`,
      };
    });
  } catch (error) {
    // Lost a race with another creation of the same e-mail: the same answer as the check above.
    if (error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === "23505") throw taken();
    throw error;
  }
}

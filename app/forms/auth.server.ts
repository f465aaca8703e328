import * as z from "./z.server";
import { isValidPassword, PASSWORD_MAX_LENGTH } from "~/domain/identity/password-rule";
import { t } from "~/i18n/fr";

/** One schema per form, used by conform in the browser and on the server, and by the /api payload parsing. */

export const LoginForm = z.object({
  identifier: z
    .string({ error: t("login.identifier_required") })
    .trim()
    .min(1, t("login.identifier_required"))
    .max(254, t("login.identifier_required")),
  password: z
    .string({ error: t("login.password_required") })
    .min(1, t("login.password_required"))
    .max(PASSWORD_MAX_LENGTH, t("login.invalid")),
  redirect: z.string().optional(),
});

export const ResetRequestForm = z.object({
  email: z.string({ error: t("word.required") }).trim().min(1, t("word.required")).max(254, t("email.invalid")),
});

export const passwordField = z
  .string({ error: t("word.required") })
  .min(1, t("word.required"))
  .max(PASSWORD_MAX_LENGTH, t("password.invalid"))
  .refine(isValidPassword, t("password.invalid"));

export const PasswordChangeForm = z
  .object({
    password: passwordField,
    confirm: z.string({ error: t("word.required") }).min(1, t("word.required")),
  })
  .refine((v) => v.password === v.confirm, { message: t("change.mismatch"), path: ["confirm"] });

// /api payloads (spec 1 §7)
export const ApiLoginBody = z.object({
  username: z.string({ error: t("login.identifier_required") }).trim().min(1, t("login.identifier_required")).max(254),
  password: z.string({ error: t("login.password_required") }).min(1, t("login.password_required")).max(PASSWORD_MAX_LENGTH),
});
export const ApiResetBody = z.object({
  email: z.string({ error: t("word.required") }).trim().min(1, t("word.required")).max(254, t("email.invalid")),
});
export const ApiChangeBody = z.object({
  token: z.string({ error: t("word.required") }).min(1, t("word.required")).max(200),
  plainPassword: passwordField,
});

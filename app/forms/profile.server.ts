import * as z from "./z.server";
import { isEmailAddress } from "~/domain/shared/email-address";
import { t } from "~/i18n/fr";

/** The profile form (spec 1 §2 "Profile") and the body of POST /api/profile: both fields required. */

/** Digits with the usual separators, optionally international (+351 ...), 6 to 15 digits. */
const PHONE = /^\+?[0-9][0-9 .()-]{4,24}$/;

export const ProfileForm = z.object({
  phone: z
    .string({ error: t("profile.error.phone_required") })
    .trim()
    .min(1, t("profile.error.phone_required"))
    .max(40, t("profile.error.phone_invalid"))
    .refine((v) => v === "" || (PHONE.test(v) && v.replace(/\D/g, "").length >= 6 && v.replace(/\D/g, "").length <= 15), t("profile.error.phone_invalid")),
  email: z
    .string({ error: t("profile.error.email_required") })
    .trim()
    .min(1, t("profile.error.email_required"))
    .max(254, t("email.invalid"))
    .refine(isEmailAddress, t("email.invalid")), // app/domain/shared/email-address.ts (issue 42 §2)
});
export type ProfileInput = z.infer<typeof ProfileForm>;
export const ProfileBody = ProfileForm;

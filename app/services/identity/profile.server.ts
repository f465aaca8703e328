import type { EntityManager } from "@mikro-orm/postgresql";
import { sheetChanges } from "~/domain/history/history";
import { recordHistory } from "~/services/history/history.server";
import { randomBytes } from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { AVATAR_MAX_BYTES, avatarProblem, sniffImageType, type AvatarProblem } from "~/domain/identity/settings-image";
import type { ProfileInput } from "~/forms/profile.server";
import { t, type MessageKey } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { AppError, NotFoundError, ValidationError } from "~/services/shared/errors";

/**
 * The profile of the signed-in user (spec 1 §2 "Profile"): personal phone and e-mail (employee.phone,
 * employee.email_personal) and the avatar (table avatar, one per user). Anyone signed in, on their own data only.
 */

export interface ProfileView {
  phone: string | null;
  email: string | null;
  avatar: string | null;
}

/**
 * The address of an avatar: its random key (decision 0091), never the user id, so nobody reads another person's
 * picture by counting. The key changes at every upload, which also defeats a stale cache.
 */
export function avatarUrl(key: string | null | undefined): string | null {
  return key ? `/avatars/${key}` : null;
}

/** A key as avatar addresses hold them (32 random bytes, base64url; or 64 hex digits for avatars from before). */
export function isAvatarKey(key: string): boolean {
  return /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{64})$/.test(key);
}

export async function getProfile(em: EntityManager, actor: CurrentUser): Promise<ProfileView> {
  const [row] = await em.getConnection().execute<{ phone: string | null; email_personal: string | null; public_key: string | null }[]>(
    `select e.phone, e.email_personal, a.public_key
       from employee e
       left join avatar a on a.user_id = ?
      where e.id = ?`,
    [actor.userId, actor.employeeId],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return { phone: row.phone, email: row.email_personal, avatar: avatarUrl(row.public_key) };
}

const PROBLEM: Record<AvatarProblem, MessageKey> = {
  missing: "profile.error.avatar_missing",
  too_large: "profile.error.avatar_too_large",
  type: "profile.error.avatar_type",
  too_big: "profile.error.avatar_too_big",
};

/** The French reason an upload cannot be an avatar (violation on `file`), or null. */
export function avatarError(upload: AvatarUpload | null): string | null {
  if (upload?.tooLarge) return t(PROBLEM.too_large);
  const problem = avatarProblem(upload?.bytes ?? null, upload?.size);
  return problem ? t(PROBLEM[problem]) : null;
}

async function writeAvatar(em: EntityManager, actor: CurrentUser, bytes: Uint8Array) {
  const image = sniffImageType(bytes)!;
  // The stored type is the sniffed one, never the client's; a new random key at every upload gives a new address
  // (decision 0091: the old one dies, and no cache can serve the old picture under the new one).
  await em.getConnection().execute(
    `insert into avatar (user_id, content_type, data, public_key, updated_at) values (?, ?, ?, ?, now())
     on conflict (user_id) do update
       set content_type = excluded.content_type, data = excluded.data, public_key = excluded.public_key,
           updated_at = greatest(now(), avatar.updated_at + interval '1 second')`,
    [actor.userId, image.type, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), randomBytes(32).toString("base64url")],
    "run",
    em.getTransactionContext(),
  );
}

/**
 * Saves phone and e-mail, and the avatar when one is given; the avatar is checked first so nothing is written
 * when it is refused.
 */
export async function updateProfile(
  em: EntityManager,
  actor: CurrentUser,
  input: ProfileInput,
  avatar?: AvatarUpload | null,
): Promise<ProfileView> {
  const violations: { propertyPath: string; message: string }[] = [];
  if (avatar) {
    const error = avatarError(avatar);
    if (error) violations.push({ propertyPath: "file", message: error });
  }
  if (await personalEmailIsAnotherLogin(em, actor, input.email)) violations.push({ propertyPath: "email", message: t("profile.error.email_is_login") });
  if (violations.length) throw new ValidationError(violations, t("error.validation"));
  await em.transactional(async (tx) => {
    const [before] = await tx
      .getConnection()
      .execute<{ phone: string | null; emailPersonal: string | null }[]>(
        `update employee e set phone = ?, email_personal = ?, updated_at = now()
           from (select id, phone, email_personal from employee where id = ? for update) o
          where e.id = o.id returning o.phone, o.email_personal as "emailPersonal"`,
        [input.phone, input.email, actor.employeeId],
        "all",
        tx.getTransactionContext(),
      );
    // The sheet's history (decision 0106): the person changed their own phone or personal e-mail.
    const changes = sheetChanges({ ...before }, { phone: input.phone, emailPersonal: input.email }, ["phone", "emailPersonal"]);
    if (changes.length > 0) await recordHistory(tx, { action: "sheet.update", employeeId: actor.employeeId, actorId: actor.employeeId, details: { changes } });
    if (avatar) await writeAvatar(tx, actor, avatar.bytes);
  });
  return getProfile(em, actor);
}

/**
 * A personal e-mail may never be another person's login (decision 0019): it is a delivery address, and a reset
 * asked for it must not be able to reach the wrong account.
 */
export async function personalEmailIsAnotherLogin(em: EntityManager, actor: CurrentUser, email: string | null | undefined): Promise<boolean> {
  const value = email?.trim().toLowerCase();
  if (!value) return false;
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>("select id from app_user where email = ? and id <> ? limit 1", [value, actor.userId]);
  return rows.length > 0;
}

/** Stores a new avatar (422 with a violation on `file` when refused); returns its URL. */
export async function setAvatar(em: EntityManager, actor: CurrentUser, upload: AvatarUpload | null): Promise<string> {
  const error = avatarError(upload);
  if (error || !upload) throw new ValidationError([{ propertyPath: "file", message: error ?? t(PROBLEM.missing) }]);
  await writeAvatar(em, actor, upload.bytes);
  return (await getProfile(em, actor)).avatar!;
}

export async function removeAvatar(em: EntityManager, actor: CurrentUser): Promise<void> {
  await em.getConnection().execute("delete from avatar where user_id = ?", [actor.userId], "run");
}

// ---------- reading an upload ----------

export interface AvatarUpload {
  bytes: Uint8Array;
  size: number;
  /** More than 2 MB: the bytes were not kept. */
  tooLarge: boolean;
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
}

/**
 * Reads a multipart form: the text fields (10 kB each at most), and the part named `file` kept in memory up to
 * 2 MB. A bigger file is drained and flagged (`tooLarge`) instead of failing the whole request, so the form comes
 * back with its other fields and a clear error. A broken body is a 400.
 */
export async function readMultipart(request: Request): Promise<{ fields: FormData; file: AvatarUpload | null }> {
  let file: AvatarUpload | null = null;
  const handler: UploadHandler = async (part) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const limit = part.filename === undefined ? 10_000 : AVATAR_MAX_BYTES;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (part.filename === undefined) return size <= limit ? Buffer.concat(chunks).toString("utf8") : undefined;
    if (part.name !== "file" || size === 0) return undefined; // another file, or no file chosen (an empty part)
    const tooLarge = size > AVATAR_MAX_BYTES;
    file = { bytes: tooLarge ? new Uint8Array() : Buffer.concat(chunks), size, tooLarge };
    return undefined;
  };
  try {
    const fields = await unstable_parseMultipartFormData(request, handler);
    return { fields, file };
  } catch {
    throw new AppError(400, t("profile.error.avatar_multipart"));
  }
}

import { defineEntity, type InferEntity } from "@mikro-orm/core";
import { Employee } from "./employee";

/** A login account. Its identifier is the employee's professional e-mail (lower-case). */
export const User = defineEntity({
  name: "User",
  tableName: "app_user",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    employee: () => p.oneToOne(Employee).owner().unique().deleteRule("cascade"),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255).nullable().hidden(),
    roles: p.array().default([]),
    passwordChangedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});
export type User = InferEntity<typeof User>;

/** The avatar image of a user, checked by content and stored in the database. */
export const Avatar = defineEntity({
  name: "Avatar",
  tableName: "avatar",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user: () => p.oneToOne(User).owner().unique().deleteRule("cascade"),
    contentType: p.string().length(40),
    /** The random part of the avatar's address (/avatars/{publicKey}), new at every upload (decision 0091). */
    publicKey: p.string().length(64).unique(),
    data: p.blob().lazy(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
export type Avatar = InferEntity<typeof Avatar>;

/** A browser session. `id` is the SHA-256 of the random id kept in the signed cookie. */
export const Session = defineEntity({
  name: "Session",
  tableName: "session",
  properties: (p) => ({
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).nullable().index().deleteRule("cascade"),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime().index(),
  }),
});
export type Session = InferEntity<typeof Session>;

/** An /api token: 32 random bytes given once, stored as SHA-256. */
export const ApiToken = defineEntity({
  name: "ApiToken",
  tableName: "api_token",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).index().deleteRule("cascade"),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  }),
});
export type ApiToken = InferEntity<typeof ApiToken>;

/** A password-reset (or first-password) token: single use, hashed, short-lived. */
export const PasswordResetToken = defineEntity({
  name: "PasswordResetToken",
  tableName: "password_reset_token",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).index().deleteRule("cascade"),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  }),
});
export type PasswordResetToken = InferEntity<typeof PasswordResetToken>;

/** A failed login, kept for throttling per account and per address. */
export const LoginFailure = defineEntity({
  name: "LoginFailure",
  tableName: "login_failure",
  indexes: [{ properties: ["identifier", "at"] }, { properties: ["ip", "at"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    identifier: p.string().length(254),
    ip: p.string().length(64),
    at: p.datetime(),
  }),
});
export type LoginFailure = InferEntity<typeof LoginFailure>;

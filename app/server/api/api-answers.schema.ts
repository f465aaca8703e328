import { PROFILE_TYPES } from "~/domain/identity/access";
import * as z from "~/forms/z.server";

/**
 * The answers' shared pieces for the /api document (issue 33 item 3, decision 0108), and the answers built in the
 * account routes themselves (login, password, users, profile, avatars, dashboard list). Each answer of /api is a
 * zod schema written next to the code that builds it (`*.schema.ts` beside the mapper); the OpenAPI document is
 * generated from them and tests/api/openapi-operations.test.ts validates real answers against it. `z.object` is a
 * closed answer (JSON Schema `additionalProperties: false`): a field added to a mapper without its schema fails
 * the contract test.
 */

/** A date of a body: unix seconds (spec 2 §7, decision 0088). */
export const UnixSeconds = z.number().int();
/** An IRI of a resource: "/api/employees/12". */
export const Iri = z.string().regex(/^\/api\/[a-z_-]+\/\d+$/);
export const Id = z.number().int().positive();

/** The links of one page of a paged collection (`hydraView` in api.server.ts). */
export const HydraViewAnswer = z.object({
  "@id": z.string(),
  "@type": z.literal("hydra:PartialCollectionView"),
  "hydra:first": z.string(),
  "hydra:last": z.string(),
  "hydra:previous": z.string().optional(),
  "hydra:next": z.string().optional(),
});

/** A hydra collection of `item` (`hydra:member`, `hydra:totalItems`). */
export function hydraOf<T extends z.ZodType>(item: T) {
  return z.object({ "hydra:member": z.array(item), "hydra:totalItems": z.number().int().min(0), "hydra:view": HydraViewAnswer.optional() });
}

/** A French sentence (password calls). */
export const MessageAnswer = z.object({ message: z.string() });

export const LoginAnswer = z.object({ apiToken: z.string().min(20), identifier: Id });

/** GET /api/users/{id} (routes/api.users.$id.ts). */
export const UserAnswer = z.object({
  "@id": Iri,
  "@type": z.literal("User"),
  id: Id,
  employeeId: Id,
  employee: Iri,
  email: z.string(),
  avatar: z.string().nullable(),
  displayName: z.string(),
  roles: z.array(z.enum(PROFILE_TYPES)),
  profileType: z.enum(PROFILE_TYPES),
});

/** GET/POST /api/profile (routes/api.profile.ts). */
export const ProfileAnswer = z.object({
  "@id": z.literal("/api/profile"),
  "@type": z.literal("Profile"),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
});

/** POST /api/avatars (routes/api.avatars.ts). */
export const AvatarAnswer = z.object({ "@id": z.literal("/api/avatars"), "@type": z.literal("Avatar"), contentUrl: z.string() });

const named = z.object({ id: Id, name: z.string() });

/** GET /api/dashboard/employees (routes/api.dashboard.employees.ts). */
export const DashboardEmployeesAnswer = hydraOf(
  z.object({ "@id": Iri, "@type": z.literal("Employee"), id: Id, fullname: z.string(), division: named.nullable(), team: named.nullable() }),
);

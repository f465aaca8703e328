import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, hydraItem, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { iri } from "~/domain/shared/iri";
import { NotFoundError } from "~/services/shared/errors";
import { avatarUrl } from "~/services/identity/profile.server";

/** GET /api/users/{id}: the current user. Another user's id answers 404 (its existence is not revealed). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (String(user.userId) !== params.id) throw new NotFoundError();
    return jsonResponse(
      hydraItem("User", {
        id: user.userId,
        employeeId: user.employeeId,
        employee: iri("Employee", user.employeeId),
        email: user.email,
        avatar: avatarUrl(user.avatarKey),
        displayName: user.fullName,
        roles: user.roles,
        profileType: user.profileType,
      }),
    );
  });
}

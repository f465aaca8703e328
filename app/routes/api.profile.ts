import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProfileBody } from "~/forms/profile.server";
import { getEm } from "~/server/shared/orm.server";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { getProfile, updateProfile, type ProfileView } from "~/services/identity/profile.server";

function shape(profile: ProfileView) {
  return { "@id": "/api/profile", "@type": "Profile", ...profile };
}

/** GET /api/profile: the signed-in user's {phone, email, avatar} (personal phone and e-mail). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return jsonResponse(shape(await getProfile(await getEm(), user)));
  });
}

/** POST /api/profile {phone, email}: both required, e-mail checked ('Email invalide'). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, ProfileBody);
    return jsonResponse(shape(await updateProfile(await getEm(), user, body)));
  });
}

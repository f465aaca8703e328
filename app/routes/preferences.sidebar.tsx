import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/server/identity/auth.server";
import { serializeSidebar, sidebarCollapsed } from "~/server/shell/preferences.server";

/** Toggles the shrunk sidebar (a form post, so it works without JavaScript), then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const collapsed = !(await sidebarCollapsed(request));
  return redirect(safeRedirect(String(form.get("redirectTo") ?? "/")), {
    headers: { "Set-Cookie": await serializeSidebar(collapsed) },
  });
}

export async function loader() {
  return redirect("/");
}

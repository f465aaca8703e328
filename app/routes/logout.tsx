import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { t } from "~/i18n/fr";
import { logoutRedirect } from "~/server/identity/auth.server";

/** Logout is a POST (a GET never changes state); it clears the session then goes to Login. */
export async function action({ request }: ActionFunctionArgs) {
  return logoutRedirect(request, { type: "success", message: t("success.logged_out") });
}

export async function loader() {
  return redirect("/");
}

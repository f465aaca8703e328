import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageRuleFor } from "~/domain/identity/access";
import { menuFor } from "~/domain/shell/menu";
import { getUserId, pagePath, requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { sidebarCollapsed } from "~/server/shell/preferences.server";
import { loadCurrentUser } from "~/services/identity/current-user.server";
import { shellCounters } from "~/services/shell/shell.server";
import { AppShell, type ShellData } from "~/ui/shell/app-shell";
import { NotFound } from "~/ui/shared/not-found";
import { avatarUrl } from "~/services/identity/profile.server";

/**
 * Catch-all: a 404 with one of three random variants. A path the rights table knows (a screen, or an unknown id
 * under one) is guarded first, so rights hold even where no page answers. A signed-in user keeps the shell (menu
 * and top bar, issue 11 §6); a visitor gets the page alone.
 */
async function notFound(request: Request) {
  const rule = pageRuleFor(pagePath(request));
  if (rule && rule.rights !== "public") await requireUser(request);
  const variant = Math.floor(Math.random() * 3);
  const userId = await getUserId(request);
  const em = await getEm();
  const user = userId === null ? null : await loadCurrentUser(em, userId);
  let shell: ShellData | null = null;
  if (user) {
    shell = {
      user: {
        fullName: user.fullName,
        profileType: user.profileType,
        avatarUrl: avatarUrl(user.avatarKey),
      },
      menu: menuFor(user),
      counters: await shellCounters(em, user),
      collapsed: await sidebarCollapsed(request),
    };
  }
  return data({ variant, shell }, { status: 404 });
}

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: LoaderFunctionArgs) => notFound(request);

export default function CatchAll() {
  const { variant, shell } = useLoaderData<typeof loader>();
  if (!shell) return <NotFound variant={variant} />;
  return (
    <AppShell shell={shell}>
      <NotFound variant={variant} inShell />
    </AppShell>
  );
}

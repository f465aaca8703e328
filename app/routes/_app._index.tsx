import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { menuFor, isSection } from "~/domain/menu";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { Card } from "~/ui/modal";

export const meta: MetaFunction = () => [{ title: `${t("home.title")} · ${t("app.title")}` }];

/** Home. The role dashboards come with their own issue; until then, a greeting and the viewer's shortcuts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const shortcuts = menuFor(user)
    .flatMap((item) => (isSection(item) ? item.entries : [item]))
    .filter((e) => e.path !== "/")
    .map((e) => ({ key: e.key, path: e.path }));
  return { firstname: user.fullName, role: user.profileType, shortcuts };
}

export default function Home() {
  const { firstname, role, shortcuts } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("home.welcome", { name: firstname })}</h1>
      <p className="text-sm text-gray-700">{t(`role.${role}` as MessageKey)}</p>
      <Card title={t("home.title")}>
        <ul className="card-grid">
          {shortcuts.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className="block rounded-md border border-gray-200 p-3 text-sm hover:bg-gray-50">
                {t(s.key as MessageKey)}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

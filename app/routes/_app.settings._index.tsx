import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { SettingsKind } from "~/domain/settings-rules";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { AppError } from "~/services/errors";
import { deleteSettingsItem, settingsOverview } from "~/services/settings.server";
import { Card, ConfirmAction } from "~/ui/modal";

export const meta: MetaFunction = () => [{ title: `${t("settings.title")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return settingsOverview(await getEm(), user);
}

const KINDS: Record<string, SettingsKind> = {
  country: "country",
  subsidiary: "subsidiary",
  division: "division",
  team: "team",
};

/** Deletion from a card: `intent=delete-<kind>-<id>`. Refused (in use) or done, the answer is an alert here. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const m = /^delete-(country|subsidiary|division|team)-(\d{1,9})$/.exec(String(form.get("intent") ?? ""));
  const session = await getSession(request);
  if (!m) {
    pushAlert(session, "danger", t("error.generic"));
  } else {
    try {
      const name = await deleteSettingsItem(await getEm(), user, KINDS[m[1]!]!, Number(m[2]));
      pushAlert(session, "success", t("settings.deleted", { item: name }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      pushAlert(session, "danger", error.message);
    }
  }
  return redirect("/settings", { headers: { "Set-Cookie": await commitSession(session) } });
}

interface Item {
  id: number;
  name: string;
  detail?: string;
}

function SettingsCard({
  kind,
  path,
  title,
  addLabel,
  items,
}: {
  kind: SettingsKind;
  path: string;
  title: MessageKey;
  addLabel: MessageKey;
  items: Item[];
}) {
  return (
    <Card
      title={t(title)}
      actions={
        <Link to={`/settings/${path}/new`} className="btn btn-primary" data-testid={`add-${kind}`}>
          {t(addLabel)}
        </Link>
      }
    >
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">{t("settings.empty")}</p>
      ) : (
        <ul className="divide-y divide-gray-100" data-testid={`list-${kind}`}>
          {items.map((item) => (
            // A grid, not a wrapping flex row: the actions stay in the same column on every row, however long the name.
            <li key={item.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2">
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-gray-900">{item.name}</p>
                {item.detail && <p className="break-words text-xs text-gray-600">{item.detail}</p>}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <Link
                  to={`/settings/${path}/${item.id}/edit`}
                  className="btn-link text-sm"
                  aria-label={t("settings.edit_item", { item: item.name })}
                >
                  {t("word.edit")}
                </Link>
                <ConfirmAction
                  intent={`delete-${kind}-${item.id}`}
                  itemLabel={item.name}
                  cancelHref="/settings"
                  buttonClassName="btn btn-danger px-2 py-1 text-xs"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default function Settings() {
  const { countries, subsidiaries, divisions, teams } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        <SettingsCard
          kind="subsidiary"
          path="subsidiaries"
          title="settings.subsidiaries"
          addLabel="settings.add_subsidiary"
          items={subsidiaries.map((s) => ({ id: s.id, name: s.name, detail: s.country }))}
        />
        <SettingsCard
          kind="division"
          path="divisions"
          title="settings.divisions"
          addLabel="settings.add_division"
          items={divisions.map((d) => ({ id: d.id, name: d.name, detail: d.subsidiary }))}
        />
        <SettingsCard
          kind="team"
          path="teams"
          title="settings.teams"
          addLabel="settings.add_team"
          items={teams.map((tm) => ({ id: tm.id, name: tm.name, detail: `${tm.subsidiary} › ${tm.division}` }))}
        />
        <SettingsCard kind="country" path="countries" title="settings.countries" addLabel="settings.add_country" items={countries} />
      </div>
    </div>
  );
}

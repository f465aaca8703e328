import type { ReactNode } from "react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { askedPage } from "~/domain/shared/paging";
import type { SettingsKind } from "~/domain/organisation/rules";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError } from "~/services/shared/errors";
import { deleteSettingsItem, settingsOverview } from "~/services/organisation/settings.server";
import { useLinkDelegation } from "~/ui/shared/links";
import { Card, ConfirmDialog } from "~/ui/shared/modal";
import { Pager } from "~/ui/shared/pager";

export const meta: MetaFunction = () => [{ title: `${t("settings.title")} · ${t("app.title")}` }];

/** Teams are shown by pages (`?page=N`): a company's hundreds of teams would make a page of hundreds of kilobytes. */
const TEAMS_PAGE_SIZE = 50;

/** `?page=` of the teams card: absent or malformed is 1, past the end is the last page. */
function teamsPage(raw: string | null, total: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / TEAMS_PAGE_SIZE));
  return { page: Math.min(askedPage(raw), pages), pages };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const overview = await settingsOverview(await getEm(), user);
  const { page, pages } = teamsPage(new URL(request.url).searchParams.get("page"), overview.teams.length);
  const first = (page - 1) * TEAMS_PAGE_SIZE;
  return {
    ...overview,
    teams: overview.teams.slice(first, first + TEAMS_PAGE_SIZE),
    teamsPage: { page, pages, first: first + 1, total: overview.teams.length },
  };
}

/** The item whose deletion is being confirmed: `?confirm=delete-team-17` (one GET form for the page, decision 0033). */
function confirmingOf(search: string): { kind: string; id: number } | null {
  const m = /^delete-(country|subsidiary|division|team)-(\d{1,9})$/.exec(new URLSearchParams(search).get("confirm") ?? "");
  return m ? { kind: m[1]!, id: Number(m[2]) } : null;
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
  // Back to the teams' page the deletion was asked from (a field of the confirm form).
  const page = askedPage(form.get("page"));
  return redirect(page > 1 ? `/settings?page=${page}` : "/settings", {
    headers: { "Set-Cookie": await commitSession(session) },
  });
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
  confirming,
  page = 1,
  footer,
}: {
  kind: SettingsKind;
  path: string;
  title: MessageKey;
  addLabel: MessageKey;
  items: Item[];
  confirming: { kind: string; id: number } | null;
  /** The page of a paged card (teams), kept by the confirm step and the deletion's redirect. */
  page?: number;
  footer?: ReactNode;
}) {
  const here = page > 1 ? `/settings?page=${page}` : "/settings";
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
        // The list carries the styling (.settings-items); a row is its name, its edit link and a submit button of the
        // page's one confirm-step form: no dialog, form or hidden field per row (decision 0033, rule 7).
        <ul className="settings-items" data-testid={`list-${kind}`}>
          {items.map((item) => (
            <li key={item.id}>
              <div>
                <p>{item.name}</p>
                {item.detail && <p>{item.detail}</p>}
              </div>
              <div>
                <a href={`/settings/${path}/${item.id}/edit`} className="btn-link text-sm" aria-label={t("settings.edit_item", { item: item.name })}>
                  {t("word.edit")}
                </a>
                <button
                  form="settings-confirm"
                  name="confirm"
                  value={`delete-${kind}-${item.id}`}
                  className="btn btn-danger px-2 py-1 text-xs"
                  aria-label={`${t("word.delete")} ${item.name}`}
                >
                  {t("word.delete")}
                </button>
              </div>
              {confirming?.kind === kind && confirming.id === item.id && (
                <ConfirmDialog
                  intent={`delete-${kind}-${item.id}`}
                  text={t("confirm.delete_text", { item: item.name })}
                  confirmLabel={t("word.delete")}
                  fields={page > 1 ? { page } : {}}
                  action="/settings?index"
                  back={here}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {footer}
    </Card>
  );
}

export default function Settings() {
  const { countries, subsidiaries, divisions, teams, teamsPage } = useLoaderData<typeof loader>();
  const confirming = confirmingOf(useLocation().search);
  const onClick = useLinkDelegation();
  return (
    <div className="space-y-4" onClick={onClick}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/settings/terminals" className="btn btn-secondary" data-testid="terminals-link">
            {t("terminal.settings_title")}
          </Link>
          <Link to="/settings/holidays" className="btn btn-secondary" data-testid="computed-holidays">
            {t("holidays.link")}
          </Link>
        </div>
      </div>
      <Form method="get" id="settings-confirm" preventScrollReset discover="none">
        {teamsPage.page > 1 && <input type="hidden" name="page" value={teamsPage.page} />}
      </Form>
      <div className="settings-grid">
        <SettingsCard
          kind="subsidiary"
          path="subsidiaries"
          title="settings.subsidiaries"
          addLabel="settings.add_subsidiary"
          items={subsidiaries.map((s) => ({ id: s.id, name: s.name, detail: s.country }))}
          confirming={confirming}
        />
        <SettingsCard
          kind="division"
          path="divisions"
          title="settings.divisions"
          addLabel="settings.add_division"
          items={divisions.map((d) => ({ id: d.id, name: d.name, detail: d.subsidiary }))}
          confirming={confirming}
        />
        <SettingsCard
          kind="team"
          path="teams"
          title="settings.teams"
          addLabel="settings.add_team"
          items={teams.map((tm) => ({ id: tm.id, name: tm.name, detail: `${tm.subsidiary} › ${tm.division}` }))}
          confirming={confirming}
          page={teamsPage.page}
          footer={
            teamsPage.pages > 1 && (
              <div className="mt-3 space-y-2">
                <p className="text-xs text-gray-700">
                  {t("settings.teams_range", { first: teamsPage.first, last: teamsPage.first + teams.length - 1, total: teamsPage.total })}
                </p>
                <Pager base="/settings" query={{}} page={teamsPage.page} pages={teamsPage.pages} label={t("settings.teams")} />
              </div>
            )
          }
        />
        <SettingsCard kind="country" path="countries" title="settings.countries" addLabel="settings.add_country" items={countries} confirming={confirming} />
      </div>
    </div>
  );
}

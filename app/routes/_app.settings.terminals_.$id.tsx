import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { frDateTime } from "~/domain/history/text";
import { t, type MessageKey } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { requestNow } from "~/server/shared/clock.server";
import { getEm } from "~/server/shared/orm.server";
import { orPageNotFound } from "~/services/employees/employees.server";
import { TERMINAL_CLOCKINGS_LIMIT, terminalClockings } from "~/services/time-clock/terminals.server";
import { SettingsPage } from "~/ui/organisation/form-parts";
import { WideTable } from "~/ui/shared/wide-table";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("terminal.clockings.title", { name: data.terminal.name }) : t("terminal.settings_title")} · ${t("app.title")}` },
];

const ZONE = "Europe/Paris";

/** /settings/terminals/{id}: a terminal's last clockings (decision 0137), one statement, the rights of the list. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { terminal, clockings } = await orPageNotFound(terminalClockings(await getEm(), user, Number(params.id), requestNow(request)));
  return {
    terminal: { id: terminal.id, name: terminal.name, place: terminal.place, subsidiary: terminal.subsidiary.name, state: terminal.state },
    clockings: clockings.map((c) => ({
      id: c.id,
      name: c.name,
      matricule: c.matricule,
      type: c.type,
      at: frDateTime(c.time, ZONE),
      superseded: c.superseded,
    })),
  };
}

export default function TerminalClockings() {
  const { terminal, clockings } = useLoaderData<typeof loader>();
  const title = t("terminal.clockings.title", { name: terminal.name });
  return (
    <SettingsPage section={t("terminal.settings_title")} title={title}>
      <p className="text-sm text-gray-700">
        {[terminal.subsidiary, terminal.place].filter(Boolean).join(" · ")} · {t(`terminal.state.${terminal.state}` as MessageKey)}
      </p>
      <p className="text-sm text-gray-700">{t("terminal.clockings.intro", { limit: TERMINAL_CLOCKINGS_LIMIT })}</p>
      {clockings.length === 0 ? (
        <p className="text-sm text-gray-700" data-testid="clockings-empty">
          {t("terminal.clockings.empty")}
        </p>
      ) : (
        <WideTable label={title} testId="terminal-clockings">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("terminal.clockings.col.at")}</th>
              <th scope="col">{t("terminal.clockings.col.who")}</th>
              <th scope="col">{t("terminal.matricule")}</th>
              <th scope="col">{t("terminal.clockings.col.action")}</th>
            </tr>
          </thead>
          <tbody>
            {clockings.map((c) => (
              <tr key={c.id} data-testid="clocking">
                <td>{c.at}</td>
                <th scope="row">{c.name}</th>
                <td>{c.matricule ?? ""}</td>
                <td>
                  {t(`time_clock.type.${c.type}` as MessageKey)}
                  {c.superseded && <span className="text-gray-700"> {t("terminal.clockings.superseded")}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </WideTable>
      )}
      <p>
        <Link to="/settings/terminals" className="btn btn-secondary">
          {t("terminal.clockings.back")}
        </Link>
      </p>
    </SettingsPage>
  );
}

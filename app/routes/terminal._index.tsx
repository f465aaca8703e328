import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requestNow } from "~/server/shared/clock.server";
import { deviceTerminal } from "~/server/time-clock/terminal-device.server";
import { NotEnrolled, TerminalFrame } from "~/ui/time-clock/terminal-frame";

export const meta: MetaFunction = () => [{ title: `${t("terminal.page_title")} · ${t("app.title")}` }];

/** The shop-floor terminal (issue 46): the device cookie, never a person's session. */
export async function loader({ request }: LoaderFunctionArgs) {
  const terminal = await deviceTerminal(request, requestNow(request));
  // Not enrolled (or revoked): a French page saying so, 200 like any public page a person reads (decision 0136).
  if (!terminal) return data({ terminal: null });
  return { terminal: { name: terminal.name, place: terminal.place, paused: terminal.paused } };
}

export default function TerminalPage() {
  const { terminal } = useLoaderData<typeof loader>();
  if (!terminal) return <NotEnrolled />;
  return (
    <TerminalFrame heading={t("terminal.enrolled", { name: terminal.name })}>
      {terminal.paused ? (
        <p role="alert" className="text-gray-900">
          {t("terminal.paused_text")}
        </p>
      ) : (
        <p className="text-gray-800">{t("terminal.enrolled", { name: terminal.name })}</p>
      )}
    </TerminalFrame>
  );
}

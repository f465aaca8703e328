import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requestNow } from "~/server/shared/clock.server";
import { getEm } from "~/server/shared/orm.server";
import { deviceCookieHeader } from "~/server/time-clock/terminal-device.server";
import { enrolmentOf, enrolTerminal } from "~/services/time-clock/terminals.server";
import { TerminalFrame } from "~/ui/time-clock/terminal-frame";

export const meta: MetaFunction = () => [{ title: `${t("terminal.enrol_title")} · ${t("app.title")}` }];

/**
 * The enrolment link opened on the device (issue 46 item 1). The GET only shows what will happen (a link previewer or
 * a mail scanner opening it must not consume it); the device's POST consumes the token and sets the device cookie.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const enrolment = await enrolmentOf(await getEm(), params.token ?? "", requestNow(request));
  return data({ enrolment }, { status: enrolment ? 200 : 404 });
}

export async function action({ params, request }: ActionFunctionArgs) {
  const enrolled = await enrolTerminal(await getEm(), params.token ?? "", requestNow(request));
  if (!enrolled) return data({ enrolment: null }, { status: 404 });
  return redirect("/terminal", { headers: { "Set-Cookie": await deviceCookieHeader(enrolled.secret) } });
}

export default function TerminalEnrol() {
  const { enrolment } = useLoaderData<typeof loader>();
  return (
    <TerminalFrame heading={t("terminal.enrol_title")}>
      {enrolment ? (
        <>
          <h1 className="mb-2 text-2xl font-semibold text-gray-900">{t("terminal.enrol_title")}</h1>
          <p className="mb-4 text-gray-800">{t("terminal.enrol_text", { name: enrolment.name, subsidiary: enrolment.subsidiary })}</p>
          <Form method="post" reloadDocument>
            <button type="submit" className="btn btn-primary w-full py-4 text-xl">
              {t("terminal.enrol_button")}
            </button>
          </Form>
        </>
      ) : (
        <p role="alert" className="text-gray-900">
          {t("terminal.enrol_invalid")}
        </p>
      )}
    </TerminalFrame>
  );
}

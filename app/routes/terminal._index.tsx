import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { CLOCK_ACTIONS, type ClockAction } from "~/domain/time-clock/clock-state";
import { t, type MessageKey } from "~/i18n/fr";
import { requestNow } from "~/server/shared/clock.server";
import { getEm } from "~/server/shared/orm.server";
import { deviceTerminal } from "~/server/time-clock/terminal-device.server";
import { personOfToken, signPersonToken } from "~/server/time-clock/terminal-token.server";
import { AppError } from "~/services/shared/errors";
import { looksLikeBadge } from "~/domain/time-clock/terminal";
import { KEYPAD_DIGITS, keypadEntry, parseKey, pressKey, type KeypadEntry, type KeypadField } from "~/domain/time-clock/terminal-keypad";
import { checkBadge } from "~/services/time-clock/terminal-badges.server";
import { checkCode, type CodeCheck } from "~/services/time-clock/terminal-codes.server";
import { terminalClock, terminalPerson, type TerminalPerson } from "~/services/time-clock/terminal-clock.server";
import { ClockButtons, ClockStateWords } from "~/ui/time-clock/clock-buttons";
import { BadgeScanner } from "~/ui/time-clock/badge-scanner";
import { NotEnrolled, TerminalFrame } from "~/ui/time-clock/terminal-frame";

export const meta: MetaFunction = () => [{ title: `${t("terminal.page_title")} · ${t("app.title")}` }];

/**
 * Back to the keypad 5 s after a confirmation: the `Refresh` header (the HTML standard's equivalent of
 * `<meta http-equiv="refresh">`, which axe counts as a critical WCAG 2.2.1 violation in the page) without JavaScript,
 * a timer with it (decision 0136).
 */
const BACK_AFTER_S = 5;
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const refresh = actionHeaders.get("Refresh");
  const out = new Headers();
  if (refresh) out.set("Refresh", refresh);
  return out;
};
const REFRESH = { Refresh: `${BACK_AFTER_S}; url=/terminal` };

/**
 * The shop-floor terminal (issue 46 item 3): the device cookie, never a person's session. The keypad (matricule and
 * code, or the badge's QR: decision 0137), then the person's state and the personal badging's buttons, then the confirmation, which returns to the
 * keypad by itself (a meta refresh: no JavaScript needed). The person travels between the steps as a signed token
 * bound to this terminal, valid two minutes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const terminal = await deviceTerminal(request, requestNow(request));
  // Not enrolled (or revoked): a French page saying so, 200 like any public page a person reads (decision 0136).
  if (!terminal) return { terminal: null };
  return { terminal: { name: terminal.name, paused: terminal.paused } };
}

type Step =
  | { step: "none" | "paused" }
  | ({ step: "keypad"; error: string } & KeypadEntry)
  | { step: "person"; token: string; person: TerminalPerson }
  | { step: "done" | "refused"; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const now = requestNow(request);
  const terminal = await deviceTerminal(request, now);
  if (!terminal) return data<Step>({ step: "none" }, { status: 403 });
  if (terminal.paused) return data<Step>({ step: "paused" }, { status: 423 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const em = await getEm();
  // A wrong answer keeps the matricule, never the code; the keys then fill the code (or the matricule when none).
  const keypad = (key: MessageKey, matricule = "") =>
    data<Step>({ step: "keypad", error: t(key), matricule, code: "", target: matricule ? "code" : "matricule" }, { status: 400 });
  // A digit button without JavaScript (decision 0136 "Digit buttons"): the entry comes back with the key applied.
  // Nobody is signed in, no code is checked nor counted, nothing is logged; the answer is no-store like every page.
  if (intent === "code" && form.has("key")) {
    const entry = keypadEntry({ matricule: form.get("matricule"), code: form.get("code"), target: form.get("target") });
    const key = parseKey(form.get("key"));
    return data<Step>({ step: "keypad", error: "", ...(key ? pressKey(entry, key) : entry) });
  }
  // A badge (decision 0137): its own field, or scanned into the matricule field (a scanner types where the focus is).
  const typedMatricule = String(form.get("matricule") ?? "").slice(0, 200);
  const badge = intent === "badge" ? String(form.get("badge") ?? "").slice(0, 200) : intent === "code" && looksLikeBadge(typedMatricule) ? typedMatricule : null;
  if (intent === "code" || intent === "badge") {
    const matricule = badge === null ? typedMatricule.slice(0, 20) : "";
    const checked: CodeCheck =
      badge !== null ? await checkBadge(em, terminal, badge, now) : await checkCode(em, terminal, { matricule, code: String(form.get("code") ?? "").slice(0, 20) }, now);
    if (!checked.ok) {
      if (checked.reason === "paused") return data<Step>({ step: "paused" }, { status: 423 });
      return badge !== null ? keypad("terminal.badge.wrong") : keypad("terminal.error.wrong", matricule);
    }
    const person = await terminalPerson(em, terminal, checked.employeeId, now);
    return data<Step>({ step: "person", token: signPersonToken(terminal.id, checked.employeeId, now), person });
  }
  if ((CLOCK_ACTIONS as readonly string[]).includes(intent)) {
    const employeeId = personOfToken(String(form.get("person") ?? ""), terminal.id, now);
    if (employeeId === null) return keypad("terminal.expired");
    try {
      const done = await terminalClock(em, terminal, employeeId, intent as ClockAction, now);
      const key = intent === "start" && done.resumed ? "terminal.done.resume" : (`terminal.done.${intent}` as MessageKey);
      return data<Step>({ step: "done", message: t(key, { time: done.time, name: done.name }) }, { headers: REFRESH });
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return data<Step>({ step: "refused", message: error.message }, { status: 409, headers: REFRESH });
      if (error instanceof AppError && error.status === 404) return keypad("terminal.expired");
      throw error;
    }
  }
  return keypad("terminal.expired");
}

const BIG_INPUT = "field-input py-3 text-2xl tracking-widest";
const KEY = "btn btn-secondary h-16 w-full font-semibold";
const TARGET_RING = "ring-4 ring-brand-600";

function Keypad({ error, entry }: { error?: string; entry?: KeypadEntry }) {
  const [target, setTarget] = useState<KeypadField>(entry?.target ?? "matricule");
  const matricule = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  // With JavaScript an answer (a wrong code) comes by fetch into the same inputs: they take its values, as without it.
  useEffect(() => {
    if (!entry || !matricule.current || !code.current) return;
    matricule.current.value = entry.matricule;
    code.current.value = entry.code;
    setTarget(entry.target);
  }, [entry]);
  // With JavaScript a key fills the field being filled (the focused one, or the one chosen) in the browser, by the same
  // rule as the action's, with no round trip; without it the button submits the form (decision 0136 "Digit buttons").
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    const key = parseKey(event.currentTarget.value);
    if (!key || !matricule.current || !code.current) return;
    event.preventDefault();
    const next = pressKey(keypadEntry({ matricule: matricule.current.value, code: code.current.value, target }), key);
    matricule.current.value = next.matricule;
    code.current.value = next.code;
    setTarget(next.target);
  };
  const keyButton = (value: string, label: string, size = "text-3xl") => (
    <button key={value} type="submit" name="key" value={value} onClick={press} className={`${KEY} ${size}`}>
      {label}
    </button>
  );
  return (
    <div className="space-y-6">
      <Form method="post" noValidate data-testid="keypad" className="space-y-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("terminal.keypad_title")}</h1>
        {error && (
          <p role="alert" id="keypad-error" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">
            {error}
          </p>
        )}
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="target" value={target} />
        <div className="grid gap-6 md:grid-cols-2 md:items-start">
          {/* The fields and "Valider" come before the keys: Enter (a scanner's too) submits with the form's first button. */}
          <div className="space-y-4">
            <div>
              <label htmlFor="terminal-matricule" className="field-label text-lg">
                {t("terminal.matricule")}
              </label>
              {/* Long enough for a badge scanned here (a scanner types where the focus is): the action reads it as one. */}
              <input id="terminal-matricule" ref={matricule} name="matricule" inputMode="numeric" autoComplete="off" maxLength={200} required defaultValue={entry?.matricule} autoFocus onFocus={() => setTarget("matricule")} className={`${BIG_INPUT} ${target === "matricule" ? TARGET_RING : ""}`} aria-describedby={error ? "keypad-error" : undefined} />
            </div>
            <div>
              <label htmlFor="terminal-code" className="field-label text-lg">
                {t("terminal.code")}
              </label>
              <input id="terminal-code" ref={code} name="code" type="password" inputMode="numeric" autoComplete="off" maxLength={6} required defaultValue={entry?.code} onFocus={() => setTarget("code")} className={`${BIG_INPUT} ${target === "code" ? TARGET_RING : ""}`} />
            </div>
            <button type="submit" className="btn btn-primary w-full py-4 text-2xl">
              {t("terminal.validate")}
            </button>
          </div>
          <div role="group" aria-label={t("terminal.keys.label")} className="space-y-2" data-testid="keypad-keys">
            <p id="keypad-target" className="text-base text-gray-700">
              {t("terminal.keys.target")}
            </p>
            <div role="group" aria-labelledby="keypad-target" className="grid grid-cols-2 gap-2">
              {(["matricule", "code"] as const).map((field) => (
                <button key={field} type="submit" name="key" value={field} onClick={press} aria-pressed={target === field} className={`btn h-16 w-full text-xl ${target === field ? "btn-primary" : "btn-secondary"}`}>
                  {t(`terminal.keys.${field}`)}
                </button>
              ))}
            </div>
            <div className="grid grid-cols-3 gap-2">
              {KEYPAD_DIGITS.slice(0, 9).map((digit) => keyButton(digit, digit))}
              {keyButton("back", t("terminal.keys.back"), "text-xl")}
              {keyButton("0", "0")}
              {keyButton("clear", t("terminal.keys.clear"), "text-xl")}
            </div>
            <p className="text-sm text-gray-700">{t("terminal.keys.hint")}</p>
          </div>
        </div>
      </Form>
      <p className="text-center text-base text-gray-700" aria-hidden="true">
        {t("terminal.badge.or")}
      </p>
      {/* The badge: a plain form; a keyboard-emulating scanner types the QR's text and presses Enter (decision 0137). */}
      <Form method="post" noValidate data-testid="badge-form" className="space-y-3" id="badge-form">
        <input type="hidden" name="intent" value="badge" />
        <div>
          <label htmlFor="terminal-badge" className="field-label text-lg">
            {t("terminal.badge.field")}
          </label>
          <p id="terminal-badge-hint" className="text-sm text-gray-700">
            {t("terminal.badge.field_hint")}
          </p>
          <input id="terminal-badge" name="badge" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={200} className="field-input py-3 text-lg" aria-describedby="terminal-badge-hint" />
        </div>
        <button type="submit" className="btn btn-secondary w-full py-3 text-xl">
          {t("terminal.badge.submit")}
        </button>
        <BadgeScanner formId="badge-form" inputId="terminal-badge" />
      </Form>
    </div>
  );
}

function Back({ refresh }: { refresh?: boolean }) {
  const navigate = useNavigate();
  // With JavaScript the answer came by fetch, whose Refresh header the browser ignores: the same return by a timer.
  useEffect(() => {
    if (!refresh) return;
    const id = window.setTimeout(() => navigate("/terminal"), BACK_AFTER_S * 1000);
    return () => window.clearTimeout(id);
  }, [refresh, navigate]);
  return (
    <>
      {refresh && <p className="mt-3 text-base text-gray-700">{t("terminal.returning")}</p>}
      <p className="mt-4">
        <a href="/terminal" className="btn btn-secondary w-full py-3 text-xl" data-testid="terminal-back">
          {refresh ? t("terminal.back") : t("terminal.cancel")}
        </a>
      </p>
    </>
  );
}

export default function TerminalPage() {
  const { terminal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Step | undefined;
  if (!terminal || answer?.step === "none") return <NotEnrolled />;
  const heading = t("terminal.enrolled", { name: terminal.name });
  if (terminal.paused || answer?.step === "paused") {
    return (
      <TerminalFrame heading={heading}>
        <p role="alert" className="text-gray-900">
          {t("terminal.paused_text")}
        </p>
      </TerminalFrame>
    );
  }
  const onKeypad = answer?.step !== "person" && answer?.step !== "done" && answer?.step !== "refused";
  return (
    <TerminalFrame heading={heading} wide={onKeypad}>
      {answer?.step === "person" ? (
        <div className="space-y-4" data-testid="person-step">
          <h1 className="text-2xl font-semibold text-gray-900">{t("terminal.hello", { name: answer.person.name })}</h1>
          {answer.person.registrationOff ? (
            <p role="status">{t("time_clock.registration_off")}</p>
          ) : (
            <>
              <ClockStateWords summary={answer.person.summary} />
              {!answer.person.summary.onLeave && (
                <div className="[&_.btn]:px-5 [&_.btn]:py-4 [&_.btn]:text-xl">
                  <ClockButtons summary={answer.person.summary} cancelHref="/terminal" fields={{ person: answer.token }} />
                </div>
              )}
            </>
          )}
          <Back />
        </div>
      ) : answer?.step === "done" || answer?.step === "refused" ? (
        <div data-testid="terminal-done">
          <p role={answer.step === "done" ? "status" : "alert"} className={`text-2xl font-semibold ${answer.step === "done" ? "text-green-800" : "text-red-900"}`}>
            {answer.message}
          </p>
          <Back refresh />
        </div>
      ) : (
        <Keypad error={answer?.step === "keypad" ? answer.error : undefined} entry={answer?.step === "keypad" ? answer : undefined} />
      )}
    </TerminalFrame>
  );
}

import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import { mayNameDeputy } from "~/domain/identity/deputy";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { deputiesOf, endDeputy, nameDeputy, standingInForToday } from "~/services/identity/deputies.server";
import { deputyCandidates, nameDeputyByLogin } from "~/services/identity/deputy-chooser.server";
import { ValidationError } from "~/services/shared/errors";
import { AppError } from "~/services/shared/errors";
import type { DeputySectionData } from "~/ui/identity/deputies";

/** The profile's deputy section (issue 32 §2): its data and its two intents, kept apart from the profile route. */

const today = () => localDate(new Date(), "Europe/Paris");

/**
 * The section's data; `search` is the chooser's GET field (`?deputy=…`, issue 41): the colleagues offered are the
 * manager's own people without it, the company's namesakes with it.
 */
export async function deputySectionData(em: EntityManager, user: CurrentUser, search = ""): Promise<DeputySectionData> {
  const mayName = mayNameDeputy(user.profileType);
  const [named, standingIn, found] = await Promise.all([
    mayName ? deputiesOf(em, user.employeeId, today()) : Promise.resolve([]),
    standingInForToday(em, user.employeeId, today()),
    mayName ? deputyCandidates(em, user, search) : Promise.resolve({ candidates: [], more: false }),
  ]);
  return {
    mayName,
    search: search.trim().slice(0, 60),
    candidates: found.candidates,
    moreCandidates: found.more,
    named: named.map((d) => ({ id: d.id, deputyName: d.deputyName, startsOn: d.startsOn, endsOn: d.endsOn })),
    standingIn: standingIn.map((d) => ({ id: d.id, managerName: d.managerName, endsOn: d.endsOn })),
  };
}

async function back(request: Request, message: string) {
  const session = await getSession(request);
  pushAlert(session, "success", message);
  return redirect("/profile", { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Answers the deputy intents (null for any other intent): a redirect with a notice, or the form back with errors. */
export async function deputyAction(request: Request, em: EntityManager, user: CurrentUser, fields: FormData) {
  const intent = fields.get("intent");
  if (intent !== "deputy-name" && intent !== "deputy-end") return null;
  const text = (name: string) => String(fields.get(name) ?? "").trim();
  try {
    if (intent === "deputy-end") {
      await endDeputy(em, user, Number(text("deputyshipId")) || 0, today());
      return back(request, t("deputy.ended"));
    }
    const values = { login: text("login"), startsOn: text("startsOn"), endsOn: text("endsOn") };
    // The chooser's radio (issue 41) names a colleague by id; the e-mail field stays for the /api-minded and old forms.
    const chosen = text("deputyId");
    if (!chosen && !values.login) throw new ValidationError([{ propertyPath: "deputyId", message: t("deputy.error.choose") }]);
    const named = chosen
      ? await nameDeputy(em, user, { deputyId: /^\d{1,9}$/.test(chosen) ? Number(chosen) : 0, startsOn: values.startsOn, endsOn: values.endsOn }, today())
      : await nameDeputyByLogin(em, user, values, today());
    return back(
      request,
      t("deputy.named", {
        name: named.deputyName,
        from: named.startsOn.split("-").reverse().join("/"),
        to: named.endsOn.split("-").reverse().join("/"),
      })
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const deputyValues = { login: text("login"), deputyId: text("deputyId"), startsOn: text("startsOn"), endsOn: text("endsOn") };
    const deputyErrors: Record<string, string[]> = {};
    if (error.status === 422) for (const v of error.violations) (deputyErrors[v.propertyPath] ??= []).push(v.message);
    else deputyErrors[""] = [error.message];
    return data({ deputyErrors, deputyValues }, { status: error.status === 404 ? 404 : 400 });
  }
}

import type { EntityManager } from "@mikro-orm/postgresql";
import type { ZodType } from "~/forms/z.server";
import type { SettingsKind } from "~/domain/organisation/rules";
import {
  CountryBody,
  DivisionBody,
  parseId,
  SubsidiaryBody,
  TeamBody,
  toCountryInput,
  toDivisionInput,
  toSubsidiaryInput,
  toTeamInput,
} from "~/forms/settings.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { deleteSettingsItem } from "~/services/organisation/settings.server";
import { createCountry, getCountry, listCountries, updateCountry } from "~/services/organisation/countries.server";
import { createDivision, createTeam, getDivision, getTeam, listDivisions, listTeams, updateDivision, updateTeam } from "~/services/organisation/divisions-teams.server";
import { createSubsidiary, getSubsidiary, listSubsidiaries, updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import { dayToUnixSeconds } from "~/domain/shared/api-dates";
import { handleApi, hydraCollection, hydraItem, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { iri } from "~/domain/shared/iri";
import { getEm } from "~/server/shared/orm.server";

/**
 * The /api settings collections and items (spec 1 §7: /api/countries, /api/subsidiaries, /api/divisions,
 * /api/teams and their `{id}`): the four follow one contract, so their route files only name their kind.
 * Methods are written as methods (not arrow properties) so each kind's typed body fits the shared shape.
 */
interface SettingsApi<Body, View extends { id: number }> {
  /** hydra `@type`. */
  type: string;
  body: ZodType<Body>;
  list(em: EntityManager, actor: CurrentUser): Promise<View[]>;
  get(em: EntityManager, actor: CurrentUser, id: number): Promise<View>;
  create(em: EntityManager, actor: CurrentUser, body: Body): Promise<View>;
  update(em: EntityManager, actor: CurrentUser, id: number, body: Body): Promise<View>;
}

const api = <Body, View extends { id: number }>(config: SettingsApi<Body, View>) => config;

const SETTINGS_API: Record<SettingsKind, SettingsApi<unknown, { id: number }>> = {
  // An /api body without `holidays` keeps the stored ones (toCountryInput leaves them undefined).
  country: api({
    type: "Country",
    body: CountryBody,
    list: (em, actor) => listCountries(em, actor),
    get: getCountry,
    create: (em, actor, body) => createCountry(em, actor, toCountryInput(body)),
    // The /api answer is the country alone (its `notice` is the page's, decision 0122).
    update: async (em, actor, id, body) => {
      const { notice: _, ...country } = await updateCountry(em, actor, id, toCountryInput(body));
      return country;
    },
  }),
  subsidiary: api({
    type: "Subsidiary",
    body: SubsidiaryBody,
    list: (em, actor) => listSubsidiaries(em, actor),
    get: getSubsidiary,
    create: (em, actor, body) => createSubsidiary(em, actor, toSubsidiaryInput(body)),
    update: async (em, actor, id, body) => {
      const { notice: _, ...subsidiary } = await updateSubsidiary(em, actor, id, toSubsidiaryInput(body));
      return subsidiary;
    },
  }),
  division: api({
    type: "Division",
    body: DivisionBody,
    list: (em, actor) => listDivisions(em, actor),
    get: getDivision,
    create: (em, actor, body) => createDivision(em, actor, toDivisionInput(body)),
    update: (em, actor, id, body) => updateDivision(em, actor, id, toDivisionInput(body)),
  }),
  team: api({
    type: "Team",
    body: TeamBody,
    list: (em, actor) => listTeams(em, actor),
    get: getTeam,
    create: (em, actor, body) => createTeam(em, actor, toTeamInput(body)),
    update: (em, actor, id, body) => updateTeam(em, actor, id, toTeamInput(body)),
  }),
};

/** The resource type of each embedded relation of a settings item. */
const RELATIONS: Record<string, string> = { country: "Country", subsidiary: "Subsidiary", division: "Division", divisions: "Division", teams: "Team" };

/**
 * Holiday dates as unix seconds, like every date of a body (spec 2 §7, decision 0088); the bodies read both forms.
 * Every embedded relation carries its `@id` (issue 43 item 3), so that what GET gives, PUT takes back.
 */
function toApiItem<T extends { id: number }>(item: T): T {
  const out: Record<string, unknown> = { ...item };
  const holidays = (item as { holidays?: { date: string }[] }).holidays;
  if (Array.isArray(holidays)) out.holidays = holidays.map((h) => ({ ...h, date: dayToUnixSeconds(h.date) }));
  const withIri = (type: string, value: unknown) =>
    value && typeof value === "object" && "id" in value ? { "@id": iri(type, (value as { id: number }).id), ...value } : value;
  for (const [key, type] of Object.entries(RELATIONS)) {
    const value = out[key];
    if (Array.isArray(value)) out[key] = value.map((v) => withIri(type, v));
    else if (value) out[key] = withIri(type, value);
  }
  return out as T;
}

/** A settings item as /api answers it: hydra's `@id` and `@type`, and its relations embedded with theirs. */
export function settingsApiItem<T extends { id: number }>(type: string, item: T) {
  return hydraItem(type, toApiItem(item));
}

function itemId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new NotFoundError();
  return id;
}

/** GET /api/<kinds>: the collection, ordered by name ascending (management only). */
export async function settingsCollectionLoader(kind: SettingsKind, request: Request): Promise<Response> {
  const config = SETTINGS_API[kind];
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const items = await config.list(await getEm(), user);
    return jsonResponse(hydraCollection(items.map((item) => hydraItem(config.type, toApiItem(item)))));
  });
}

/** POST /api/<kinds>: creates one; 201 with the new item (relations as IRIs in the body). */
export async function settingsCollectionAction(kind: SettingsKind, request: Request): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const config = SETTINGS_API[kind];
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, config.body);
    const created = await config.create(await getEm(), user, body);
    return jsonResponse(hydraItem(config.type, toApiItem(created)), 201);
  });
}

/** GET /api/<kinds>/{id}. */
export async function settingsItemLoader(kind: SettingsKind, request: Request, idParam: string | undefined): Promise<Response> {
  const config = SETTINGS_API[kind];
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return jsonResponse(hydraItem(config.type, toApiItem(await config.get(await getEm(), user, itemId(idParam)))));
  });
}

/** PUT replaces the fields; DELETE answers 204, or 409 with a French message while the item is still in use. */
export async function settingsItemAction(kind: SettingsKind, request: Request, idParam: string | undefined): Promise<Response> {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const config = SETTINGS_API[kind];
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const id = itemId(idParam);
    const em = await getEm();
    if (request.method === "DELETE") {
      await deleteSettingsItem(em, user, kind, id);
      return jsonResponse(null, 204);
    }
    const body = await readJson(request, config.body);
    return jsonResponse(hydraItem(config.type, toApiItem(await config.update(em, user, id, body))));
  });
}

import type { EntityManager } from "@mikro-orm/postgresql";
import { canDelete, sortByName, type SettingsKind } from "~/domain/organisation/rules";
import { t, type MessageKey } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError } from "~/services/shared/errors";
import { assertManagement, lockRow, sql, TABLE, usageOf, type Ref } from "./common.server";

/** Settings: deleting an item nothing depends on, and the /settings overview. The items themselves: settings-countries, settings-subsidiaries, settings-divisions-teams. */

// ---------- deletion ----------


const IN_USE: Record<SettingsKind, MessageKey> = {
  country: "settings.delete_country_in_use",
  subsidiary: "settings.delete_subsidiary_in_use",
  division: "settings.delete_division_in_use",
  team: "settings.delete_team_in_use",
};


/**
 * Deletes an item nothing depends on any more; otherwise 409 with a French message naming it (nothing is lost:
 * the employees' foreign keys would otherwise be set to null silently). Returns the deleted item's name.
 */
export async function deleteSettingsItem(em: EntityManager, actor: CurrentUser, kind: SettingsKind, id: number): Promise<string> {
  assertManagement(actor);
  return em.transactional(async (tx) => {
    const row = await lockRow(tx, TABLE[kind], id);
    const usage = await usageOf(tx, kind, id);
    if (!canDelete(kind, usage)) throw new ConflictError(t(IN_USE[kind], { item: row.name }));
    await sql(tx, `delete from ${TABLE[kind]} where id = ?`, [id]);
    return row.name;
  });
}

// ---------- the /settings page and the form choices ----------

export interface SettingsOverview {
  countries: Ref[];
  subsidiaries: (Ref & { country: string })[];
  divisions: (Ref & { subsidiary: string; subsidiaryId: number })[];
  teams: (Ref & { division: string; subsidiary: string })[];
}

/** The four cards of /settings, in one query. Also the choices of the forms' selects. */
export async function settingsOverview(em: EntityManager, actor: CurrentUser): Promise<SettingsOverview> {
  assertManagement(actor);
  const rows = await sql<{ kind: string; id: number; name: string; parent: string | null; grand: string | null; parent_id: number | null }>(
    em,
    `select 'country' as kind, c.id, c.name, null as parent, null as grand, null::int as parent_id from country c
     union all
     select 'subsidiary', s.id, s.name, c.name, null, c.id from subsidiary s join country c on c.id = s.country_id
     union all
     select 'division', d.id, d.name, s.name, null, s.id from division d join subsidiary s on s.id = d.subsidiary_id
     union all
     select 'team', t.id, t.name, d.name, s.name, d.id from team t join division d on d.id = t.division_id
       join subsidiary s on s.id = t.subsidiary_id`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    countries: sortByName(of("country").map((r) => ({ id: r.id, name: r.name }))),
    subsidiaries: sortByName(of("subsidiary").map((r) => ({ id: r.id, name: r.name, country: r.parent ?? "" }))),
    divisions: sortByName(
      of("division").map((r) => ({ id: r.id, name: r.name, subsidiary: r.parent ?? "", subsidiaryId: r.parent_id ?? 0 })),
    ),
    teams: sortByName(of("team").map((r) => ({ id: r.id, name: r.name, division: r.parent ?? "", subsidiary: r.grand ?? "" }))),
  };
}

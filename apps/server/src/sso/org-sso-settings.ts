import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { ORG_ROLES, type OrgRole } from "../platform/org-roles.js";
import type { GroupRoleRule } from "./settings.js";
import { recordAuditEvent } from "../audit/record.js";

export interface OrgSsoSettings {
  /** Members must use 2FA or company sign-in to see the org's private content in the browser. */
  require2fa: boolean;
  /** The claim / attribute the org's mappings read groups from; the site's groups claim when null. */
  groupsAttribute: string | null;
  mappings: { group: string; role: OrgRole }[];
}

/** An org's company sign-in settings: 2FA requirement, groups attribute and group → role mappings. */
export class OrgSsoStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(org: string): Promise<OrgSsoSettings> {
    const row = await this.db
      .selectFrom("orgs")
      .select(["require_2fa", "sso_groups_attribute"])
      .where("name", "=", org)
      .executeTakeFirst();
    const mappings = await this.db
      .selectFrom("org_group_roles")
      .select(["group_name", "role"])
      .where("org_name", "=", org)
      .orderBy("group_name")
      .execute();
    return {
      require2fa: row?.require_2fa === 1,
      groupsAttribute: row?.sso_groups_attribute ?? null,
      mappings: mappings.map((m) => ({ group: m.group_name, role: roleOf(m.role) })),
    };
  }

  async save(org: string, settings: OrgSsoSettings): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("orgs")
        .set({ require_2fa: settings.require2fa ? 1 : 0, sso_groups_attribute: settings.groupsAttribute })
        .where("name", "=", org)
        .execute();
      await trx.deleteFrom("org_group_roles").where("org_name", "=", org).execute();
      if (settings.mappings.length > 0)
        await trx
          .insertInto("org_group_roles")
          .values(settings.mappings.map((m) => ({ org_name: org, group_name: m.group, role: m.role })))
          .execute();
      await recordAuditEvent(trx, {
        type: "org.sso_settings_update",
        namespace: org,
        data: {
          org,
          require2fa: settings.require2fa,
          groupsAttribute: settings.groupsAttribute,
          mappings: settings.mappings,
        },
      });
    });
  }

  /** Every org's mappings, each with the attribute its groups come from (null: the site's default). */
  async allRules(): Promise<(GroupRoleRule & { attribute: string | null })[]> {
    const rows = await this.db
      .selectFrom("org_group_roles")
      .innerJoin("orgs", "orgs.name", "org_group_roles.org_name")
      .select([
        "org_group_roles.org_name as org",
        "org_group_roles.group_name as group",
        "org_group_roles.role as role",
        "orgs.sso_groups_attribute as attribute",
      ])
      .execute();
    return rows.map((row) => ({
      org: row.org,
      group: row.group,
      role: roleOf(row.role),
      attribute: row.attribute,
    }));
  }
}

function roleOf(value: string): OrgRole {
  return ORG_ROLES.find((role) => role === value) ?? "read";
}

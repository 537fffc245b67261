import type { Kysely, Migration } from "kysely";

/**
 * Company sign-in: identities at identity providers (keyed by provider and subject), disabled
 * accounts, TOTP second factors and recovery codes, how each browser session began, group → org role
 * mappings and org SSO settings, SCIM tokens, memberships granted by a mapping or by SCIM, the creator
 * of each repo (the `contributor` role), and short-lived sign-in flow state shared by replicas.
 */
export const migration0110: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("external_identities")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("username", "text")
      .addColumn("email", "text")
      .addColumn("groups", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("attributes", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addUniqueConstraint("external_identities_provider_subject", ["provider", "subject"])
      .execute();
    await db.schema
      .createIndex("external_identities_user_idx")
      .on("external_identities")
      .column("user_id")
      .execute();

    await db.schema
      .alterTable("users")
      .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
    await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
    await db.schema
      .alterTable("users")
      .addColumn("totp_last_step", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("recovery_codes")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addPrimaryKeyConstraint("recovery_codes_pk", ["user_id", "code_hash"])
      .execute();

    await db.schema.alterTable("web_sessions").addColumn("method", "text").execute();
    await db.schema.alterTable("web_sessions").addColumn("idp_logout", "text").execute();

    await db.schema
      .alterTable("orgs")
      .addColumn("require_2fa", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("orgs").addColumn("sso_groups_attribute", "text").execute();
    await db.schema
      .createTable("org_group_roles")
      .addColumn("org_name", "text", (c) => c.notNull())
      .addColumn("group_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("org_group_roles_pk", ["org_name", "group_name"])
      .execute();
    await db.schema.alterTable("memberships").addColumn("granted_by", "text").execute();

    await db.schema
      .createTable("scim_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("org_name", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("token_prefix", "text", (c) => c.notNull())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema
      .createTable("scim_groups")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("org_name", "text", (c) => c.notNull())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("external_id", "text")
      .addColumn("members", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("scim_groups_org_idx")
      .on("scim_groups")
      .columns(["org_name", "display_name"])
      .execute();

    await db.schema.alterTable("repos").addColumn("created_by", "text").execute();

    await db.schema
      .createTable("sign_in_flows")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sign_in_flows_expiry").on("sign_in_flows").column("expires_at").execute();
  },
};

import type { Kysely, Migration } from "kysely";

/**
 * Fine-grained tokens (their permissions as JSON, an optional expiry), the organisations' token policy,
 * each token's standing with an org (approval, revocation by an org admin) and service accounts.
 */
export const migration0170: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("tokens").addColumn("fine_grained", "text").execute();
    await db.schema.alterTable("tokens").addColumn("expires_at", "text").execute();
    await db.schema
      .alterTable("orgs")
      .addColumn("token_policy", "text", (c) => c.notNull().defaultTo("allow_all"))
      .execute();
    await db.schema.alterTable("users").addColumn("service_account_org", "text").execute();
    await db.schema.alterTable("users").addColumn("service_account_description", "text").execute();
    await db.schema.alterTable("users").addColumn("service_account_created_by", "text").execute();
    await db.schema
      .createTable("org_token_access")
      .addColumn("org_name", "text", (c) => c.notNull())
      .addColumn("token_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("decided_by", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("org_token_access_pk", ["org_name", "token_id"])
      .execute();
    await db.schema.createIndex("org_token_access_token").on("org_token_access").column("token_id").execute();
  },
};

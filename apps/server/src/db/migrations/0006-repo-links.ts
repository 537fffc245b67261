import type { Kysely, Migration } from "kysely";

/** hub_meta as created by 0001 (a copy: this step must not change when the app's schema does). */
interface MetaOnly {
  hub_meta: { key: string; value: string };
}

/** Links from a space to the models and datasets its card names, looked up by target id. */
export const migration0006: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("repo_links")
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("target_lower", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("repo_links_pk", ["repo_id", "kind", "target_lower"])
      .execute();
    await db.schema
      .createIndex("repo_links_target_idx")
      .on("repo_links")
      .columns(["kind", "target_lower"])
      .execute();
    // the links of spaces stored before this table are read from their cards by a startup job
    // (domain logic, so not a migration): this marker asks the composition root to run it once
    await (db as Kysely<MetaOnly>)
      .insertInto("hub_meta")
      .values({ key: "job:repo_links_backfill", value: "pending" })
      .execute();
  },
};

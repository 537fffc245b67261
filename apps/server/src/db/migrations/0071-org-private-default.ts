import type { Kysely, Migration } from "kysely";

/** An organisation's "new repos are private by default" setting (0 or 1). */
export const migration0071: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("orgs")
      .addColumn("private_repos_default", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

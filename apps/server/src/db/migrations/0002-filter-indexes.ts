import type { Kysely, Migration } from "kysely";

/** Indexes for the task and library filters of the listings. */
export const migration0002: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("repos_pipeline_tag_idx")
      .on("repos")
      .columns(["type", "pipeline_tag"])
      .execute();
    await db.schema
      .createIndex("repos_library_name_idx")
      .on("repos")
      .columns(["type", "library_name"])
      .execute();
  },
};

import type { Kysely, Migration } from "kysely";

/** The dataset viewer's Parquet conversion of each dataset: state, the converted commit and its report. */
export const migration0050: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("dataset_conversions")
      .addColumn("repo_id", "text", (c) => c.primaryKey())
      .addColumn("source_commit", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("parquet_commit", "text")
      .addColumn("report", "text")
      .addColumn("error", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};

import type { Kysely, Migration } from "kysely";

/** The safetensors summary and parameter count of a model, with an index to sort and filter by size. */
export const migration0021: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("repos").addColumn("safetensors", "text").execute();
    await db.schema.alterTable("repos").addColumn("num_parameters", "bigint").execute();
    await db.schema
      .createIndex("repos_num_parameters_idx")
      .on("repos")
      .columns(["type", "num_parameters"])
      .execute();
  },
};

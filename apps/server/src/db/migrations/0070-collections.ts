import type { Kysely, Migration } from "kysely";

/** Curated collections of repos (and other collections) owned by a user or an organisation. */
export const migration0070: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("collections")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("owner_lower", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("title_lower", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("private", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("theme", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("upvotes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("collections_owner_title_idx")
      .on("collections")
      .columns(["owner_lower", "title_lower"])
      .unique()
      .execute();
    await db.schema.createIndex("collections_updated_idx").on("collections").column("updated_at").execute();
    await db.schema
      .createTable("collection_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("collection_id", "text", (c) => c.notNull())
      .addColumn("item_type", "text", (c) => c.notNull())
      // repos.id for repos (follows renames), collections.id for collections
      .addColumn("item_ref", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("note", "text")
      .addColumn("added_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("collection_items_unique_idx")
      .on("collection_items")
      .columns(["collection_id", "item_type", "item_ref"])
      .unique()
      .execute();
    await db.schema
      .createIndex("collection_items_ref_idx")
      .on("collection_items")
      .columns(["item_type", "item_ref"])
      .execute();
  },
};

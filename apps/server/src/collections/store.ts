import type { Kysely, Selectable, Transaction } from "kysely";
import type { CollectionItemTable, CollectionTable, Database } from "../db/schema.js";

export type CollectionRow = Selectable<CollectionTable>;
export type CollectionItemRow = Selectable<CollectionItemTable>;

export type CollectionSort = "lastModified" | "trending" | "upvotes";

export interface CollectionQuery {
  ownersLower?: string[];
  /** Only collections holding one of these items (type and ref). */
  items?: { type: string; ref: string }[];
  /** Private collections of these namespaces (lower-case) are visible; `all` for site admins. */
  visibleNamespaces: string[] | "all";
  sort: CollectionSort;
  offset: number;
  limit: number;
}

/** Rows of `collections` and `collection_items`; no access rules here. */
export class CollectionStore {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: string): Promise<CollectionRow | undefined> {
    return this.db.selectFrom("collections").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByTitle(ownerLower: string, titleLower: string): Promise<CollectionRow | undefined> {
    return this.db
      .selectFrom("collections")
      .selectAll()
      .where("owner_lower", "=", ownerLower)
      .where("title_lower", "=", titleLower)
      .executeTakeFirst();
  }

  async insert(row: CollectionRow): Promise<void> {
    await this.db.insertInto("collections").values(row).execute();
  }

  async update(id: string, changes: Partial<CollectionRow>): Promise<void> {
    await this.db.updateTable("collections").set(changes).where("id", "=", id).execute();
  }

  /** Deletes a collection, its items and its appearances as an item of other collections. */
  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("collection_items").where("collection_id", "=", id).execute();
      const holders = await trx
        .selectFrom("collection_items")
        .select("collection_id")
        .where("item_type", "=", "collection")
        .where("item_ref", "=", id)
        .execute();
      await trx
        .deleteFrom("collection_items")
        .where("item_type", "=", "collection")
        .where("item_ref", "=", id)
        .execute();
      for (const holder of holders) await renumber(trx, holder.collection_id);
      await trx.deleteFrom("collections").where("id", "=", id).execute();
    });
  }

  items(collectionId: string): Promise<CollectionItemRow[]> {
    return itemsInOrder(this.db, [collectionId]).selectAll().execute();
  }

  async itemsOf(collectionIds: string[]): Promise<Map<string, CollectionItemRow[]>> {
    const byCollection = new Map<string, CollectionItemRow[]>();
    if (collectionIds.length === 0) return byCollection;
    const rows = await itemsInOrder(this.db, collectionIds).selectAll().execute();
    for (const row of rows) {
      const list = byCollection.get(row.collection_id) ?? [];
      list.push(row);
      byCollection.set(row.collection_id, list);
    }
    return byCollection;
  }

  /** Appends an item at the end; false when the collection already holds it. */
  async addItem(row: Omit<CollectionItemRow, "position">, touchedAt: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("collection_items")
        .select("id")
        .where("collection_id", "=", row.collection_id)
        .where("item_type", "=", row.item_type)
        .where("item_ref", "=", row.item_ref)
        .executeTakeFirst();
      if (existing) return false;
      const last = await trx
        .selectFrom("collection_items")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("collection_id", "=", row.collection_id)
        .executeTakeFirst();
      const max = last?.max === null || last?.max === undefined ? -1 : Number(last.max);
      await trx
        .insertInto("collection_items")
        .values({ ...row, position: max + 1 })
        .execute();
      await touch(trx, row.collection_id, touchedAt);
      return true;
    });
  }

  /**
   * Changes an item's note and/or moves it to `position` (0-based, clamped); false when absent. With
   * `hidden`, `position` counts only the other items (the ones a caller sees): the item lands just
   * before the one it names, or after the last of them.
   */
  async updateItem(
    collectionId: string,
    itemId: string,
    changes: { note?: string | null; position?: number; hidden?: ReadonlySet<string> },
    touchedAt: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const ordered = await orderedItemIds(trx, collectionId);
      const index = ordered.indexOf(itemId);
      if (index < 0) return false;
      if (changes.note !== undefined)
        await trx
          .updateTable("collection_items")
          .set({ note: changes.note })
          .where("id", "=", itemId)
          .execute();
      if (changes.position !== undefined) {
        ordered.splice(index, 1);
        const at = placeAmongSeen(ordered, changes.position, changes.hidden, index);
        ordered.splice(at, 0, itemId);
        await writePositions(trx, ordered);
      }
      await touch(trx, collectionId, touchedAt);
      return true;
    });
  }

  async deleteItem(collectionId: string, itemId: string, touchedAt: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("collection_items")
        .where("collection_id", "=", collectionId)
        .where("id", "=", itemId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await renumber(trx, collectionId);
      await touch(trx, collectionId, touchedAt);
      return true;
    });
  }

  /** One page of collections (one more row than `limit` tells whether a next page exists). */
  list(query: CollectionQuery): Promise<CollectionRow[]> {
    let select = this.db.selectFrom("collections").selectAll();
    if (query.ownersLower?.length) select = select.where("owner_lower", "in", query.ownersLower);
    const items = query.items;
    if (items?.length)
      select = select.where((eb) =>
        eb.exists(
          eb
            .selectFrom("collection_items")
            .select("collection_items.id")
            .whereRef("collection_items.collection_id", "=", "collections.id")
            .where((inner) =>
              inner.or(
                items.map((item) =>
                  inner.and([inner("item_type", "=", item.type), inner("item_ref", "=", item.ref)]),
                ),
              ),
            ),
        ),
      );
    const visible = query.visibleNamespaces;
    if (visible !== "all")
      select = select.where((eb) =>
        visible.length
          ? eb.or([eb("private", "=", 0), eb("owner_lower", "in", visible)])
          : eb("private", "=", 0),
      );
    if (query.sort !== "lastModified") select = select.orderBy("upvotes", "desc");
    return select
      .orderBy("updated_at", "desc")
      .orderBy("id")
      .offset(query.offset)
      .limit(query.limit + 1)
      .execute();
  }
}

/** The items of these collections in their order: by position, then by when they were added. */
function itemsInOrder(db: Kysely<Database>, collectionIds: string[]) {
  return db
    .selectFrom("collection_items")
    .where("collection_id", "in", collectionIds)
    .orderBy("position")
    .orderBy("added_at");
}

async function orderedItemIds(trx: Transaction<Database>, collectionId: string): Promise<string[]> {
  const rows = await itemsInOrder(trx, [collectionId]).select("id").execute();
  return rows.map((row) => row.id);
}

/** Where `position` (counted among the items not in `hidden`) falls in the whole order; `stay` if nowhere. */
function placeAmongSeen(
  ordered: readonly string[],
  position: number,
  hidden: ReadonlySet<string> | undefined,
  stay: number,
): number {
  if (!hidden || hidden.size === 0) return Math.max(0, Math.min(position, ordered.length));
  const seen = ordered.filter((id) => !hidden.has(id));
  if (seen.length === 0) return stay;
  const target = Math.max(0, position);
  return target < seen.length ? ordered.indexOf(seen[target]) : ordered.indexOf(seen[seen.length - 1]) + 1;
}

async function writePositions(trx: Transaction<Database>, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries())
    await trx.updateTable("collection_items").set({ position }).where("id", "=", id).execute();
}

async function renumber(trx: Transaction<Database>, collectionId: string): Promise<void> {
  await writePositions(trx, await orderedItemIds(trx, collectionId));
}

/** Marks a collection as changed now (its items were added, moved, edited or removed). */
async function touch(trx: Transaction<Database>, collectionId: string, touchedAt: string): Promise<void> {
  await trx
    .updateTable("collections")
    .set({ updated_at: touchedAt })
    .where("id", "=", collectionId)
    .execute();
}

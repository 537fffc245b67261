import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import type { Viewer } from "../domain/repo.js";
import { conflict, forbidden, notFound } from "../domain/errors.js";
import type { Accounts } from "../platform/accounts.js";
import {
  canReadRepo,
  canWriteNamespace,
  isNamespaceMember,
  tokenPermits,
  requireWriteUser,
} from "../platform/access-rules.js";
import { newId, nowIso } from "../domain/ids.js";
import { toRepoRecord, type Repos } from "../platform/repos.js";
import { collectionSlug, parseSlug } from "./slugs.js";
import { CollectionStore, type CollectionItemRow, type CollectionRow, type CollectionSort } from "./store.js";

export const COLLECTION_THEMES = ["orange", "blue", "green", "purple", "pink", "indigo"] as const;
export type Theme = (typeof COLLECTION_THEMES)[number];
export type ItemType = "model" | "dataset" | "space" | "collection";

export interface MetadataChanges {
  title?: string;
  description?: string;
  private?: boolean;
  theme?: Theme;
  position?: number;
}

export interface ListFilters {
  owners: string[];
  /** `models/owner/name`, `datasets/…`, `spaces/…` or `collections/<slug>`. */
  items: string[];
  sort: CollectionSort;
  offset: number;
  limit: number;
}

const REPO_KINDS: Record<string, ItemType> = { models: "model", datasets: "dataset", spaces: "space" };

/** Who may see and change which collection, and what each change does. */
export class Collections {
  readonly store: CollectionStore;

  constructor(
    db: Kysely<Database>,
    readonly repos: Repos,
    readonly accounts: Accounts,
  ) {
    this.store = new CollectionStore(db);
  }

  slugOf(row: CollectionRow): string {
    return collectionSlug(row.owner, row.title, row.id);
  }

  canRead(viewer: Viewer, row: CollectionRow): boolean {
    if (row.private === 0) return true;
    if (viewer.isAdmin !== true && !isNamespaceMember(viewer, row.owner)) return false;
    return tokenPermits(viewer, "collection.read", { kind: "namespace", owner: row.owner });
  }

  /** The collection a slug names when the viewer may see it; 404 otherwise (private ones too). */
  async readable(viewer: Viewer, owner: string, rest: string): Promise<CollectionRow> {
    const parsed = parseSlug(owner, rest);
    const row = parsed ? await this.store.find(parsed.id) : undefined;
    if (!row || row.owner_lower !== owner.toLowerCase() || !this.canRead(viewer, row))
      throw notFound(`Collection ${owner}/${rest} not found`);
    return row;
  }

  /** A readable collection the viewer may change: 401 anonymous, 403 read token or outsider. */
  async writable(viewer: Viewer, owner: string, rest: string): Promise<CollectionRow> {
    requireWriteUser(viewer);
    const row = await this.readable(viewer, owner, rest);
    if (!canWriteNamespace(viewer, row.owner, "collection.write"))
      throw forbidden(`You don't have the rights to edit the collection ${this.slugOf(row)}`);
    return row;
  }

  async create(
    viewer: Viewer,
    input: { title: string; namespace?: string; description?: string; private?: boolean },
  ): Promise<CollectionRow> {
    const user = requireWriteUser(viewer);
    const wanted = input.namespace ?? user;
    const namespace = await this.accounts.canonicalNamespace(wanted);
    if (!namespace) throw notFound(`Namespace ${wanted} not found`);
    if (!canWriteNamespace(viewer, namespace.name, "collection.write"))
      throw forbidden(`You don't have the rights to create a collection in ${namespace.name}`);
    const title = input.title.trim();
    const existing = await this.store.findByTitle(namespace.name.toLowerCase(), title.toLowerCase());
    if (existing) throw this.titleTaken(existing);
    const now = nowIso();
    const id = newId();
    const row: CollectionRow = {
      id,
      owner: namespace.name,
      owner_lower: namespace.name.toLowerCase(),
      title,
      title_lower: title.toLowerCase(),
      description: input.description?.trim() || null,
      private: input.private ? 1 : 0,
      theme: COLLECTION_THEMES[parseInt(id.slice(-2), 16) % COLLECTION_THEMES.length] ?? "orange",
      position: 0,
      upvotes: 0,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.store.insert(row, {
        type: "collection.create",
        namespace: row.owner,
        data: this.auditData(row),
      });
    } catch (err) {
      const raced = isUniqueViolation(err)
        ? await this.store.findByTitle(row.owner_lower, row.title_lower)
        : undefined;
      if (raced) throw this.titleTaken(raced);
      throw err;
    }
    return row;
  }

  async update(row: CollectionRow, changes: MetadataChanges): Promise<CollectionRow> {
    const next: CollectionRow = { ...row, updated_at: nowIso() };
    if (changes.title !== undefined) {
      next.title = changes.title.trim();
      next.title_lower = next.title.toLowerCase();
      const clash = await this.store.findByTitle(row.owner_lower, next.title_lower);
      if (clash && clash.id !== row.id) throw this.titleTaken(clash);
    }
    if (changes.description !== undefined) next.description = changes.description.trim() || null;
    if (changes.private !== undefined) next.private = changes.private ? 1 : 0;
    if (changes.theme !== undefined) next.theme = changes.theme;
    if (changes.position !== undefined) next.position = changes.position;
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of ["title", "description", "private", "theme", "position"] as const)
      if (next[field] !== row[field])
        changed[field] =
          field === "private"
            ? { from: row.private === 1, to: next.private === 1 }
            : { from: row[field], to: next[field] };
    try {
      await this.store.update(
        row.id,
        next,
        Object.keys(changed).length > 0
          ? {
              type: "collection.update",
              namespace: row.owner,
              data: { ...this.auditData(next), changes: changed },
            }
          : undefined,
      );
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(`A collection titled "${next.title}" already exists in ${row.owner}`);
      throw err;
    }
    return next;
  }

  delete(row: CollectionRow): Promise<void> {
    return this.store.delete(row.id, {
      type: "collection.delete",
      namespace: row.owner,
      data: this.auditData(row),
    });
  }

  /** How the audit log names a collection. */
  private auditData(row: CollectionRow): Record<string, unknown> {
    return {
      collectionId: row.id,
      slug: this.slugOf(row),
      title: row.title,
      owner: row.owner,
      private: row.private === 1,
    };
  }

  /** Appends a repo or collection the viewer may see: 404 when it does not exist, 409 when already there. */
  async addItem(
    viewer: Viewer,
    row: CollectionRow,
    item: { type: ItemType; id: string },
    note?: string,
  ): Promise<void> {
    const ref = await this.resolveItem(viewer, item.type, item.id);
    if (!ref) throw notFound(`${capitalised(item.type)} ${item.id} not found`);
    if (item.type === "collection" && ref === row.id) throw conflict("A collection cannot contain itself");
    const added = await this.store.addItem(
      {
        id: newId(),
        collection_id: row.id,
        item_type: item.type,
        item_ref: ref,
        note: note?.trim() || null,
        added_at: nowIso(),
      },
      nowIso(),
    );
    if (!added)
      throw conflict(`${capitalised(item.type)} ${item.id} is already in the collection ${this.slugOf(row)}`);
  }

  /**
   * Changes an item's note or position. The position is the one the viewer sees: items hidden from
   * them (private repos and collections of others) are not counted, as in what they are shown.
   */
  async updateItem(
    viewer: Viewer,
    row: CollectionRow,
    itemId: string,
    changes: { note?: string; position?: number },
  ): Promise<void> {
    const note = changes.note === undefined ? undefined : changes.note.trim() || null;
    const hidden = changes.position === undefined ? undefined : await this.hiddenItemIds(viewer, row);
    const updated = await this.store.updateItem(
      row.id,
      itemId,
      { note, position: changes.position, hidden },
      nowIso(),
    );
    if (!updated) throw notFound(`Item ${itemId} not found in the collection ${this.slugOf(row)}`);
  }

  /** Whether the viewer may see an item: the repo or collection it names exists and is readable to them. */
  async itemVisible(viewer: Viewer, item: CollectionItemRow): Promise<boolean> {
    if (item.item_type === "collection") {
      const nested = await this.store.find(item.item_ref);
      return nested !== undefined && this.canRead(viewer, nested);
    }
    const repo = await this.repos.findById(item.item_ref);
    return repo !== undefined && canReadRepo(viewer, toRepoRecord(repo));
  }

  private async hiddenItemIds(viewer: Viewer, row: CollectionRow): Promise<Set<string>> {
    const hidden = new Set<string>();
    for (const item of await this.store.items(row.id))
      if (!(await this.itemVisible(viewer, item))) hidden.add(item.id);
    return hidden;
  }

  async deleteItem(row: CollectionRow, itemId: string): Promise<void> {
    if (!(await this.store.deleteItem(row.id, itemId, nowIso())))
      throw notFound(`Item ${itemId} not found in the collection ${this.slugOf(row)}`);
  }

  /** One page of the collections the viewer may see, and whether another follows. */
  async list(viewer: Viewer, filters: ListFilters): Promise<{ rows: CollectionRow[]; more: boolean }> {
    const items: { type: string; ref: string }[] = [];
    for (const spec of filters.items) {
      const resolved = await this.resolveItemSpec(viewer, spec);
      if (resolved) items.push(resolved);
    }
    if (filters.items.length > 0 && items.length === 0) return { rows: [], more: false };
    const rows = await this.store.list({
      ownersLower: filters.owners.map((owner) => owner.toLowerCase()),
      items,
      visibleNamespaces: viewer.isAdmin
        ? "all"
        : viewer.user
          ? [viewer.user, ...viewer.orgs].map((name) => name.toLowerCase())
          : [],
      sort: filters.sort,
      offset: filters.offset,
      limit: filters.limit,
    });
    return { rows: rows.slice(0, filters.limit), more: rows.length > filters.limit };
  }

  private titleTaken(existing: CollectionRow) {
    return conflict(`A collection titled "${existing.title}" already exists in ${existing.owner}`, {
      slug: this.slugOf(existing),
    });
  }

  /** `models/a/b` style filters of `GET /api/collections?item=`. */
  private async resolveItemSpec(
    viewer: Viewer,
    spec: string,
  ): Promise<{ type: string; ref: string } | undefined> {
    const slash = spec.indexOf("/");
    const kind = spec.slice(0, slash);
    const id = spec.slice(slash + 1);
    const type: ItemType | undefined = kind === "collections" ? "collection" : REPO_KINDS[kind];
    if (slash < 0 || !type) return undefined;
    const ref = await this.resolveItem(viewer, type, id);
    return ref ? { type, ref } : undefined;
  }

  /** The stored reference of an item the viewer may see: repos.id or collections.id. */
  private async resolveItem(viewer: Viewer, type: ItemType, id: string): Promise<string | undefined> {
    if (type === "collection") {
      const slash = id.indexOf("/");
      const parsed = slash > 0 ? parseSlug(id.slice(0, slash), id.slice(slash + 1)) : undefined;
      const row = parsed ? await this.store.find(parsed.id) : undefined;
      return row && row.owner_lower === parsed?.owner.toLowerCase() && this.canRead(viewer, row)
        ? row.id
        : undefined;
    }
    const repo = await this.repos.find(type, id);
    return repo && canReadRepo(viewer, toRepoRecord(repo)) ? repo.id : undefined;
  }
}

function capitalised(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

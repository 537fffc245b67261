import type {
  Collection,
  CollectionItem,
  CollectionItemType,
  CollectionNote,
  CollectionTheme,
} from "@modelhub/api-types";
import type { Viewer } from "../domain/repo.js";
import { canReadRepo, canWriteNamespace } from "../platform/access-rules.js";
import { toRepoRecord } from "../platform/repos.js";
import type { Collections } from "./service.js";
import type { CollectionItemRow, CollectionRow } from "./store.js";

/** How many items a listing shows per collection (the Hub's clients expect at most 4). */
export const LISTED_ITEMS = 4;

/** The Hub's JSON of a collection as the viewer may see it (items they may not read are left out). */
export async function presentCollection(
  service: Collections,
  viewer: Viewer,
  row: CollectionRow,
  itemRows: CollectionItemRow[],
  maxItems = Number.POSITIVE_INFINITY,
): Promise<Collection> {
  const items: CollectionItem[] = [];
  for (const itemRow of itemRows) {
    // positions count what this viewer sees: no gap tells how many hidden items come before
    const item = await presentItem(service, viewer, itemRow, items.length);
    if (item) items.push(item);
  }
  const user = await service.accounts.findUser(row.owner);
  const org = user ? undefined : await service.accounts.findOrg(row.owner);
  return {
    slug: service.slugOf(row),
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    owner: {
      name: row.owner,
      fullname: (user ?? org)?.fullname || row.owner,
      type: user ? "user" : "org",
    },
    items: items.slice(0, maxItems),
    numItems: items.length,
    lastUpdated: row.updated_at,
    position: row.position,
    private: row.private === 1,
    theme: row.theme as CollectionTheme,
    upvotes: row.upvotes,
    canWrite: canWriteNamespace(viewer, row.owner, "collection.write"),
  };
}

async function presentItem(
  service: Collections,
  viewer: Viewer,
  row: CollectionItemRow,
  position: number,
): Promise<CollectionItem | undefined> {
  const base = {
    _id: row.id,
    type: row.item_type as CollectionItemType,
    position,
    ...(row.note ? { note: noteOf(row.note) } : {}),
  };
  if (row.item_type === "collection") {
    const nested = await service.store.find(row.item_ref);
    if (!nested || !service.canRead(viewer, nested)) return undefined;
    return {
      ...base,
      id: nested.id,
      slug: service.slugOf(nested),
      title: nested.title,
      private: nested.private === 1,
    };
  }
  const repo = await service.repos.findById(row.item_ref);
  if (!repo || !canReadRepo(viewer, toRepoRecord(repo))) return undefined;
  return {
    ...base,
    id: repo.full_id,
    author: repo.owner,
    private: repo.private === 1,
    likes: repo.likes,
    downloads: repo.downloads_30d,
    lastModified: repo.last_modified,
    ...(repo.pipeline_tag ? { pipeline_tag: repo.pipeline_tag } : {}),
    ...(repo.sdk ? { sdk: repo.sdk } : {}),
  };
}

function noteOf(text: string): CollectionNote {
  const html = text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\r?\n/g, "<br>");
  return { text, html };
}

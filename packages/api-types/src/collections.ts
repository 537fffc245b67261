/** Collections: curated lists of repos and other collections, as `GET /api/collections/{slug}` answers. */

export type CollectionItemType = "model" | "dataset" | "space" | "collection";

export type CollectionTheme = "orange" | "blue" | "green" | "purple" | "pink" | "indigo";

export interface CollectionOwner {
  name: string;
  fullname: string;
  type: "user" | "org";
}

export interface CollectionNote {
  /** The note as typed. */
  text: string;
  /** The same text, HTML-escaped with line breaks as `<br>`. */
  html: string;
}

/** One entry; `_id` addresses it in `/items/{_id}`, `id` is the repo id (or the collection's id). */
export interface CollectionItem {
  _id: string;
  id: string;
  type: CollectionItemType;
  position: number;
  note?: CollectionNote;
  /** Repos: their owner, privacy and counters. */
  author?: string;
  private?: boolean;
  likes?: number;
  downloads?: number;
  lastModified?: string;
  pipeline_tag?: string;
  sdk?: string;
  /** Collections: their slug and title. */
  slug?: string;
  title?: string;
}

export interface Collection {
  slug: string;
  title: string;
  description?: string;
  owner: CollectionOwner;
  items: CollectionItem[];
  /** Items in the collection the viewer may see (listings show only the first 4). */
  numItems: number;
  lastUpdated: string;
  position: number;
  private: boolean;
  theme: CollectionTheme;
  upvotes: number;
  /** Whether the viewer may edit it. */
  canWrite: boolean;
}

/** `PATCH /api/collections/{slug}` */
export interface CollectionUpdated {
  success: true;
  data: Collection;
}

/** `POST /api/collections` body */
export interface NewCollection {
  title: string;
  namespace?: string;
  description?: string;
  private?: boolean;
}

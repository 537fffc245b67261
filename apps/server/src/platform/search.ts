import type { ParameterRange } from "./parameter-range.js";
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema.js";
import { isSqlite, searchNameOf } from "../db/search-indexes.js";
import { whereListFilters, withSearchTags, type ListFilters } from "./list-filters.js";
import type { RepoRow } from "./repos.js";
import { badRequest } from "../domain/errors.js";
import type { RepoType, Viewer } from "../domain/repo.js";

export type SortKey =
  "downloads" | "likes" | "lastModified" | "createdAt" | "trending" | "id" | "downloadsAllTime";

const SORT_COLUMNS = {
  downloads: "downloads_30d",
  downloadsAllTime: "downloads_all_time",
  likes: "likes",
  lastModified: "last_modified",
  createdAt: "created_at",
  trending: "trending_score",
  id: "lookup_key",
} as const satisfies Record<SortKey, keyof RepoRow>;

/** Accepted `sort` spellings (the Hub's and a few aliases) → sort key. */
const SORT_ALIASES: Record<string, SortKey> = {
  downloads: "downloads",
  downloadsAllTime: "downloadsAllTime",
  likes: "likes",
  likes30d: "likes",
  lastModified: "lastModified",
  last_modified: "lastModified",
  modified: "lastModified",
  updated: "lastModified",
  createdAt: "createdAt",
  created_at: "createdAt",
  created: "createdAt",
  trending: "trending",
  trendingScore: "trending",
  trending_score: "trending",
  id: "id",
  modelId: "id",
};

export function parseSort(value: string | undefined): SortKey {
  if (value === undefined || value === "") return "trending";
  const key = Object.hasOwn(SORT_ALIASES, value) ? SORT_ALIASES[value] : undefined;
  if (!key)
    throw badRequest(
      `Unknown sort "${value}"; use one of downloads, likes, lastModified, createdAt, trending_score, id`,
    );
  return key;
}

export interface ListQuery {
  type: RepoType;
  viewer: Viewer;
  search: string[];
  author?: string;
  /** Every tag must be present. */
  tags: string[];
  pipelineTag?: string;
  library?: string;
  language?: string;
  license?: string;
  /** Only repos with a provider mapping for one of these providers (`all` = any). */
  providers?: string[];
  gated?: boolean;
  /** `local`: the hub's own repos; `mirror`: repos mirrored from the upstream hub. */
  source?: "local" | "mirror";
  /** Local apps (`apps=llama.cpp`): each must be able to run the model (see app-filters.ts). */
  apps?: string[];
  /** Models whose safetensors parameter count is within the range (models without a count are left out). */
  numParameters?: ParameterRange;
  /** Spaces only: each entry needs a card link of that kind (any when unset) to that id (any when unset). */
  links?: { kind?: "model" | "dataset"; target?: string }[];
  sort: SortKey;
  /** -1 descending (default), 1 ascending. */
  direction: 1 | -1;
  limit: number;
  cursor?: string;
}

export interface ListPage {
  rows: RepoRow[];
  nextCursor?: string;
}

type Cursor = [value: string | number, id: string];

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      ["string", "number"].includes(typeof parsed[0]) &&
      typeof parsed[1] === "string"
    ) {
      return [parsed[0] as string | number, parsed[1]];
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest("Invalid cursor");
}

/** How many repos match the listing's filters (what `X-Total-Count` reports on a first page). */
export async function countRepos(db: Kysely<Database>, query: ListFilters): Promise<number> {
  const row = await whereListFilters(
    db.selectFrom("repos"),
    await withSearchTags(db, query),
    searchNameOf(db),
  )
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Listings with filters and keyset pagination (sort column, then repo id as tie-breaker). */
export async function listRepos(db: Kysely<Database>, query: ListQuery): Promise<ListPage> {
  const column = SORT_COLUMNS[query.sort];
  const descending = query.direction === -1;
  let q: SelectQueryBuilder<Database, "repos", RepoRow> = whereListFilters(
    db.selectFrom("repos").selectAll(),
    await withSearchTags(db, query),
    searchNameOf(db),
  );

  if (query.cursor) {
    const [value, id] = decodeCursor(query.cursor);
    q = q.where((eb) =>
      eb.or([eb(column, descending ? "<" : ">", value), eb.and([eb(column, "=", value), eb("id", ">", id)])]),
    );
  }
  const ordered = <O>(builder: SelectQueryBuilder<Database, "repos", O>) =>
    builder.orderBy(column, descending ? "desc" : "asc").orderBy("id", "asc");
  const searching = query.search.some((term) => term.trim() !== "");
  // On PostgreSQL a search picks the page's ids from narrow index entries first, so the filter never
  // reads a whole (≈1 kB) row that does not match; SQLite already tests ids inside its index.
  const rows =
    searching && !isSqlite(db)
      ? await ordered(
          db
            .selectFrom("repos")
            .selectAll()
            .where("id", "in", ordered(q.clearSelect().select("id")).limit(query.limit + 1)),
        ).execute()
      : await ordered(q)
          .limit(query.limit + 1)
          .execute();
  if (rows.length <= query.limit) return { rows };
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: encodeCursor([last[column], last.id]) };
}

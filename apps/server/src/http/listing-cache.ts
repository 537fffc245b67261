import type { ItemOptions } from "../hub-api/repo-info.js";
import { LruCache } from "../platform/lru-cache.js";
import type { ListFilters } from "../platform/list-filters.js";
import type { ListQuery } from "../platform/search.js";
import type { Viewer } from "../domain/repo.js";

/** A listing page as sent: the JSON body, and the cursor of the next page when there is one. */
export interface ListingPage {
  body: string;
  nextCursor?: string;
  /** Matching repos in all (first pages only). */
  total?: number;
}

const MAX_PAGES = 256;
/** Larger pages (big `limit` with `full`/`expand`) are rare and not worth the memory: ≤ 32 MiB in all. */
const MAX_PAGE_BYTES = 128 * 1024;

/**
 * Listing pages served again for a short while (the popular ones: home page, task pages, common
 * searches). A page is only reused while `generation()` is unchanged, which every write that can
 * change a listing moves, so new repos, commits, visibility changes and deletions show at once; only
 * download counts may lag, by at most `ttlMs`.
 */
export class ListingPageCache {
  private readonly pages: LruCache<string, { generation: number; page: ListingPage }>;

  constructor(
    ttlMs: number,
    private readonly generation: () => number,
  ) {
    this.pages = new LruCache(MAX_PAGES, ttlMs);
  }

  /** Read before computing a page; pass it to `store`, which then refuses pages overtaken by a write. */
  currentGeneration(): number {
    return this.generation();
  }

  lookup(key: string): ListingPage | undefined {
    const entry = this.pages.get(key);
    return entry && entry.generation === this.generation() ? entry.page : undefined;
  }

  store(key: string, generation: number, page: ListingPage): void {
    if (generation !== this.generation() || page.body.length > MAX_PAGE_BYTES) return;
    this.pages.setIfCurrent(key, { generation, page }, this.pages.generation());
  }
}

/** Who a listing is for: what it may show depends on the viewer's namespaces. */
export function audienceOf({ viewer }: { viewer: Viewer }): string[] {
  if (viewer.isAdmin) return ["admin"];
  return viewer.user ? [viewer.user, ...[...viewer.orgs].sort()] : [];
}

/**
 * What a listing's filters and audience come down to, in a form two equivalent requests share
 * (case of search terms and order of tags aside). Listing pages and facet answers are keyed by it.
 */
export function listFiltersKey(query: ListFilters): unknown[] {
  return [
    query.type,
    audienceOf(query),
    query.search.map((term) => term.trim().toLowerCase()).filter(Boolean),
    query.author?.toLowerCase(),
    [...query.tags].sort(),
    query.pipelineTag,
    query.library,
    query.language,
    query.license,
    query.providers ? [...query.providers].sort() : undefined,
    query.gated,
    query.source,
    query.links,
    query.apps ? [...query.apps].sort() : undefined,
    query.numParameters ? [query.numParameters.min, query.numParameters.max] : undefined,
  ];
}

/** Two requests with the same key get the same page (spelling and order of parameters aside). */
export function listingCacheKey(query: ListQuery, options: ItemOptions): string {
  return JSON.stringify([
    ...listFiltersKey(query),
    query.sort,
    query.direction,
    query.limit,
    query.cursor,
    [...new Set(options.expand)].sort(),
    options.full,
    options.config,
    options.cardData,
  ]);
}

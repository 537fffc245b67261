import type { Facets } from "@modelhub/api-types";
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { countFacets, MAX_FACET_SIZE } from "../../platform/facets.js";
import { LruCache } from "../../platform/lru-cache.js";
import type { ListQuery } from "../../platform/search.js";
import { listFiltersKey } from "../listing-cache.js";
import { parseListQuery } from "./listings.js";
import { badRequest } from "../../domain/errors.js";

const DEFAULT_FACET_SIZE = 30;
const SLOW_MS = 40;
const SLOW_ANSWER_TTL_MS = 30_000;

function cacheKey(query: ListQuery, size: number): string {
  return JSON.stringify([...listFiltersKey(query), size]);
}

function parseFacetSize(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_FACET_SIZE;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw badRequest(`Invalid limit "${value}": expected a positive integer (at most ${MAX_FACET_SIZE})`);
  return Math.min(size, MAX_FACET_SIZE);
}

/**
 * `GET /api/{models|datasets|spaces}/facets`: the listing's query parameters in, counts per task,
 * library, language, license, other tag and (spaces) SDK out (`limit` = values per facet, at most 50).
 */
export function facetRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Only answers that took long are kept, briefly: a broad query over a large catalogue costs a scan
  // of the tag table, while narrow ones stay exact right after a commit.
  const slowAnswers = new LruCache<string, Facets>(200, SLOW_ANSWER_TTL_MS);
  app.get(`/api/:kind${KIND_PATTERN}/facets`, async (c) => {
    const size = parseFacetSize(c.req.query("limit"));
    const type = typeOfKind(c.req.param("kind"));
    // the listing's own reader, so both endpoints understand a query the same way
    const query = parseListQuery(c, type);
    const key = cacheKey(query, size);
    const cached = slowAnswers.get(key);
    if (cached) return c.json(cached);
    const started = performance.now();
    const facets = await countFacets(deps.db, query, size);
    if (performance.now() - started > SLOW_MS)
      slowAnswers.setIfCurrent(key, facets, slowAnswers.generation());
    return c.json(facets);
  });
  return app;
}

import { Hono, type Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { requestBase } from "../../http-kit/request-base.js";
import { expandOf } from "../expand-query.js";
import { listItemJson, type ItemOptions } from "../../hub-api/repo-info.js";
import type { ProviderMappingRow } from "../../platform/repos.js";
import { ListingPageCache, listingCacheKey, type ListingPage } from "../listing-cache.js";
import { APP_REQUIREMENTS } from "../../platform/app-filters.js";
import { parseParameterRange, type ParameterRange } from "../../platform/parameter-range.js";
import { withSearchTags } from "../../platform/list-filters.js";
import { countRepos, listRepos, parseSort, type ListQuery } from "../../platform/search.js";
import { badRequest } from "../../domain/errors.js";
import type { RepoType } from "../../domain/repo.js";

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

const COLLECTIONS: Record<string, RepoType> = {
  "/api/models": "model",
  "/api/datasets": "dataset",
  "/api/spaces": "space",
  "/api/kernels": "kernel",
};

function flag(value: string | undefined): boolean {
  return value !== undefined && value !== "false" && value !== "0";
}

function parseLimit(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_PAGE_SIZE;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw badRequest(`Invalid limit "${value}": expected a positive integer`);
  return Math.min(limit, MAX_PAGE_SIZE);
}

function parseDirection(value: string | undefined): 1 | -1 {
  if (value === undefined || value === "" || value === "-1") return -1;
  if (value === "1") return 1;
  throw badRequest(`Invalid direction "${value}": expected -1 or 1`);
}

function commaList(values: string[]): string[] {
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Spaces: `models=` / `datasets=` (each id named by the card) and `linked` (some model or dataset). */
function linkFilters(c: Context<AppEnv>): ListQuery["links"] {
  const links = [
    ...commaList(c.req.queries("models") ?? []).map((target) => ({ kind: "model" as const, target })),
    ...commaList(c.req.queries("datasets") ?? []).map((target) => ({ kind: "dataset" as const, target })),
    ...(flag(c.req.query("linked")) ? [{}] : []),
  ];
  return links.length > 0 ? links : undefined;
}

/** Query parameters every listing takes (what huggingface_hub, @huggingface/hub and the web app send). */
const COMMON_PARAMETERS = [
  "search",
  "author",
  "filter",
  "other",
  "sort",
  "direction",
  "limit",
  "cursor",
  "full",
  "config",
  "cardData",
  "expand",
  "expand[]",
  "gated",
  "language",
  "license",
  "source",
];
const PARAMETERS: Record<RepoType, ReadonlySet<string>> = {
  model: new Set([
    ...COMMON_PARAMETERS,
    "pipeline_tag",
    "library",
    "inference_provider",
    "inference",
    "apps",
    "num_parameters",
  ]),
  dataset: new Set([...COMMON_PARAMETERS, "pipeline_tag"]),
  kernel: new Set(COMMON_PARAMETERS),
  space: new Set([...COMMON_PARAMETERS, "models", "datasets", "linked", "sdk", "includeNonRunning"]),
};
/** Parameters the public Hub has that this hub cannot answer yet: refused by name rather than ignored. */
const NOT_YET: Record<string, string> = {};

/** A parameter the listing would otherwise ignore is an error: ignoring it would return everything. */
function checkParameters(c: Context<AppEnv>, type: RepoType): void {
  const allowed = PARAMETERS[type];
  for (const name of new URL(c.req.url).searchParams.keys()) {
    if (allowed.has(name)) continue;
    if (Object.hasOwn(NOT_YET, name))
      throw badRequest(`Unsupported query parameter "${name}": ${NOT_YET[name]}`);
    throw badRequest(
      `Unknown query parameter "${name}" for ${type} listings; supported: ${[...allowed].sort().join(", ")}`,
    );
  }
}

function parseApps(c: Context<AppEnv>): string[] | undefined {
  const apps = commaList(c.req.queries("apps") ?? []);
  const unknown = apps.find((app) => !Object.hasOwn(APP_REQUIREMENTS, app));
  if (unknown !== undefined)
    throw badRequest(
      `Unknown app "${unknown}"; supported: ${Object.keys(APP_REQUIREMENTS).sort().join(", ")}`,
    );
  return apps.length > 0 ? apps : undefined;
}

/** `inference=warm`: served by some provider (the Hub's "warm"); `cold` cannot be told apart here. */
function parseInference(value: string | undefined): string[] | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "warm") return ["all"];
  throw badRequest(`Unsupported inference "${value}": this hub can only filter inference=warm`);
}

function parseNumParameters(value: string | undefined): ParameterRange | undefined {
  if (value === undefined || value === "") return undefined;
  const range = parseParameterRange(value);
  if (typeof range === "string") throw badRequest(range);
  return range;
}

function parseSource(value: string | undefined): ListQuery["source"] {
  if (value === undefined || value === "local" || value === "mirror") return value;
  throw badRequest(`Invalid source "${value}": expected local or mirror`);
}

export function parseListQuery(c: Context<AppEnv>, type: RepoType): ListQuery {
  checkParameters(c, type);
  const q = (name: string) => c.req.query(name) || undefined;
  const providers = [
    ...commaList(c.req.queries("inference_provider") ?? []),
    ...(parseInference(q("inference")) ?? []),
  ];
  const tags = [
    ...(c.req.queries("filter") ?? []),
    ...(c.req.queries("other") ?? []),
    ...(type === "space" ? (c.req.queries("sdk") ?? []) : []),
  ];
  return {
    type,
    viewer: c.var.viewer,
    search: c.req.queries("search") ?? [],
    author: q("author"),
    apps: type === "model" ? parseApps(c) : undefined,
    numParameters: type === "model" ? parseNumParameters(q("num_parameters")) : undefined,
    tags: commaList(tags),
    pipelineTag: q("pipeline_tag"),
    library: q("library"),
    language: q("language"),
    license: q("license"),
    providers: providers.length > 0 ? providers : undefined,
    gated: q("gated") === undefined ? undefined : flag(q("gated")),
    source: parseSource(q("source")),
    links: type === "space" ? linkFilters(c) : undefined,
    sort: parseSort(q("sort")),
    direction: parseDirection(q("direction")),
    limit: parseLimit(q("limit")),
    cursor: q("cursor"),
  };
}

/** `GET /api/models|datasets|spaces|kernels`: filters, sort, keyset pages with a `Link: <…>; rel="next"` header. */
export function listingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const cache =
    (deps.listingCacheMs ?? 0) > 0
      ? new ListingPageCache(deps.listingCacheMs ?? 0, () => deps.repos.listingsGeneration())
      : undefined;

  async function computePage(parsed: ListQuery, options: ItemOptions): Promise<ListingPage> {
    // the page and its count share one look-up of which search words are tags
    const query = await withSearchTags(deps.db, parsed);
    const page = await listRepos(deps.db, query);
    const mappings =
      query.type === "model"
        ? await deps.repos.providerMappings(page.rows.map((r) => r.id))
        : new Map<string, ProviderMappingRow[]>();
    const items = page.rows.map((row) => listItemJson(row, mappings.get(row.id) ?? [], options));
    // the count is one more query, so only first pages carry it: that is where the total is shown
    const total = query.cursor
      ? undefined
      : page.nextCursor
        ? await countRepos(deps.db, query)
        : page.rows.length;
    return { body: JSON.stringify(items), nextCursor: page.nextCursor, total };
  }

  for (const [path, type] of Object.entries(COLLECTIONS)) {
    app.get(path, async (c) => {
      const query = parseListQuery(c, type);
      const options: ItemOptions = {
        expand: expandOf(c, type),
        full: flag(c.req.query("full")),
        config: flag(c.req.query("config")),
        cardData: flag(c.req.query("cardData")),
      };
      let page: ListingPage;
      if (cache) {
        const key = listingCacheKey(query, options);
        const cached = cache.lookup(key);
        if (cached) page = cached;
        else {
          const generation = cache.currentGeneration();
          page = await computePage(query, options);
          cache.store(key, generation, page);
        }
      } else {
        page = await computePage(query, options);
      }
      if (page.nextCursor) {
        const next = new URL(c.req.url);
        const base = new URL(requestBase(c, deps.configuredPublicUrl));
        next.protocol = base.protocol;
        next.host = base.host;
        next.searchParams.set("cursor", page.nextCursor);
        c.header("Link", `<${next.toString()}>; rel="next"`);
      }
      if (page.total !== undefined) c.header("X-Total-Count", String(page.total));
      c.header("Content-Type", "application/json");
      return c.body(page.body);
    });
  }
  return app;
}

import { badRequest } from "../domain/errors.js";
import type { RepoType } from "../domain/repo.js";

/** The `expand` properties the Hub accepts per repo type (ones ModelHub has no data for are omitted). */
const EXPANDABLE: Record<RepoType, ReadonlySet<string>> = {
  model: new Set([
    "author",
    "baseModels",
    "cardData",
    "childrenModelCount",
    "config",
    "createdAt",
    "disabled",
    "downloads",
    "downloadsAllTime",
    "evalResults",
    "gated",
    "gguf",
    "inference",
    "inferenceProviderMapping",
    "lastModified",
    "library_name",
    "likes",
    "mask_token",
    "model-index",
    "pipeline_tag",
    "private",
    "resourceGroup",
    "safetensors",
    "sha",
    "siblings",
    "spaces",
    "tags",
    "transformersInfo",
    "trendingScore",
    "usedStorage",
    "widgetData",
    "xetEnabled",
  ]),
  dataset: new Set([
    "author",
    "cardData",
    "citation",
    "createdAt",
    "description",
    "disabled",
    "downloads",
    "downloadsAllTime",
    "gated",
    "lastModified",
    "likes",
    "mainSize",
    "paperswithcode_id",
    "private",
    "resourceGroup",
    "sha",
    "siblings",
    "tags",
    "trendingScore",
    "usedStorage",
    "xetEnabled",
  ]),
  kernel: new Set([
    "author",
    "cardData",
    "createdAt",
    "disabled",
    "downloads",
    "downloadsAllTime",
    "gated",
    "lastModified",
    "likes",
    "private",
    "sha",
    "siblings",
    "tags",
    "trendingScore",
    "usedStorage",
  ]),
  space: new Set([
    "author",
    "cardData",
    "createdAt",
    "datasets",
    "disabled",
    "lastModified",
    "likes",
    "models",
    "private",
    "region",
    "resourceGroup",
    "runtime",
    "sdk",
    "sha",
    "siblings",
    "subdomain",
    "tags",
    "trendingScore",
    "usedStorage",
    "xetEnabled",
  ]),
};

/** The requested `expand` values (comma lists allowed); an unknown property is a 400 naming the accepted ones. */
export function parseExpand(requested: string[], type: RepoType): string[] {
  const values = requested
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
  const allowed = EXPANDABLE[type];
  const unknown = values.find((value) => !allowed.has(value));
  if (unknown !== undefined)
    // the Hub's wording: clients read the accepted list back from it
    throw badRequest(`"expand" must be one of [${[...allowed].sort().join(", ")}]`);
  return values;
}

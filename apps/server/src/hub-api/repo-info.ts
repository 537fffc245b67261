import type { FileEntry } from "../http/contracts.js";
import { fromJsonText } from "../platform/json-columns.js";
import { parseGated, type ProviderMappingRow, type RepoRow } from "../platform/repos.js";
import { modelDataOf } from "./model-data.js";

/** Repo info / listing item as the Hub serves it (keys with undefined values are dropped by JSON). */
export type RepoInfoJson = Record<string, unknown>;

export interface SiblingJson {
  rfilename: string;
  blobId?: string;
  size?: number;
  lfs?: { sha256: string; size: number; pointerSize: number };
}

export function siblingsJson(row: RepoRow, withBlobs: boolean): SiblingJson[] {
  const files = fromJsonText<FileEntry[]>(row.siblings, []);
  return files.map((f) =>
    withBlobs ? { rfilename: f.path, blobId: f.oid, size: f.size, ...(f.lfs ? { lfs: f.lfs } : {}) } : { rfilename: f.path },
  );
}

/** Dict form used on repo info: `{ provider: { providerId, status, task, … } }`. */
export function mappingDict(rows: ProviderMappingRow[]): Record<string, Record<string, string>> {
  return Object.fromEntries(rows.map((m) => [m.provider, mappingFields(m)]));
}

/** List form used on listings: `[{ provider, providerId, status, task, … }]`. */
export function mappingList(rows: ProviderMappingRow[]): Record<string, string>[] {
  return rows.map((m) => ({ provider: m.provider, ...mappingFields(m) }));
}

function mappingFields(m: ProviderMappingRow): Record<string, string> {
  return {
    providerId: m.provider_id,
    status: m.status,
    task: m.task,
    ...(m.adapter ? { adapter: m.adapter } : {}),
    ...(m.adapter_weights_path ? { adapterWeightsPath: m.adapter_weights_path } : {}),
  };
}

export interface InfoOptions {
  sha?: string;
  blobs?: boolean;
  mappings: ProviderMappingRow[];
}

/** Every field we know about a repo; listings pick a subset. */
export function repoInfoJson(row: RepoRow, options: InfoOptions): RepoInfoJson {
  const common: RepoInfoJson = {
    _id: row.id,
    id: row.full_id,
    author: row.owner,
    sha: options.sha ?? row.sha ?? undefined,
    lastModified: row.last_modified,
    createdAt: row.created_at,
    private: row.private === 1,
    gated: parseGated(row.gated),
    disabled: false,
    downloads: row.downloads_30d,
    downloadsAllTime: row.downloads_all_time,
    likes: row.likes,
    trendingScore: Math.round(row.trending_score),
    tags: fromJsonText<string[]>(row.tags, []),
    cardData: fromJsonText<Record<string, unknown> | undefined>(row.card_data, undefined),
    siblings: siblingsJson(row, options.blobs === true),
    usedStorage: row.used_storage,
    warnings: fromJsonText<string[]>(row.warnings, []),
  };
  if (row.type === "model") {
    const model = modelDataOf(row);
    return {
      ...common,
      modelId: row.full_id,
      pipeline_tag: model.pipeline_tag,
      library_name: model.library_name,
      mask_token: model.mask_token,
      config: model.config,
      transformersInfo: model.transformersInfo,
      widgetData: model.widgetData,
      gguf: model.gguf,
      spaces: [],
      inferenceProviderMapping: mappingDict(options.mappings),
    };
  }
  if (row.type === "space") {
    return {
      ...common,
      sdk: row.sdk ?? undefined,
      subdomain: `${row.owner}-${row.name}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
      runtime: { stage: "RUNNING", hardware: { current: "cpu-basic", requested: "cpu-basic" } },
      models: [],
      datasets: [],
    };
  }
  return { ...common, description: undefined };
}

const DEFAULT_ITEM_FIELDS: Record<string, string[]> = {
  model: ["_id", "id", "likes", "trendingScore", "private", "gated", "downloads", "tags", "pipeline_tag", "library_name", "createdAt", "lastModified", "modelId"],
  dataset: ["_id", "id", "author", "likes", "trendingScore", "private", "gated", "downloads", "tags", "createdAt", "lastModified"],
  space: ["_id", "id", "author", "likes", "trendingScore", "private", "sdk", "tags", "createdAt", "lastModified"],
};

const FULL_ITEM_FIELDS = ["author", "sha", "siblings", "gated", "disabled", "downloadsAllTime", "usedStorage"];

export interface ItemOptions {
  expand: string[];
  full: boolean;
  config: boolean;
  cardData: boolean;
}

/** A listing item: the default fields plus whatever `full`, `config`, `cardData` and `expand` ask for. */
export function listItemJson(row: RepoRow, mappings: ProviderMappingRow[], options: ItemOptions): RepoInfoJson {
  const info = repoInfoJson(row, { mappings });
  const keys = new Set(DEFAULT_ITEM_FIELDS[row.type] ?? DEFAULT_ITEM_FIELDS.model);
  if (options.full) FULL_ITEM_FIELDS.forEach((k) => keys.add(k));
  if (options.config) keys.add("config");
  if (options.cardData) keys.add("cardData");
  options.expand.forEach((k) => keys.add(k));
  const item: RepoInfoJson = {};
  for (const key of keys) {
    if (key === "inferenceProviderMapping") {
      if (row.type === "model") item[key] = mappingList(mappings);
    } else if (info[key] !== undefined) {
      item[key] = info[key];
    }
  }
  return item;
}

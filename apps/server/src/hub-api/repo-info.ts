import { fromJsonText } from "../platform/json-columns.js";
import { cardLinks } from "../platform/repo-links.js";
import { parseGated, type ProviderMappingRow, type RepoRow } from "../platform/repos.js";
import { modelDataOf } from "./model-data.js";
import type { FileEntry } from "../domain/repo.js";

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
    withBlobs
      ? { rfilename: f.path, blobId: f.oid, size: f.size, ...(f.lfs ? { lfs: f.lfs } : {}) }
      : { rfilename: f.path },
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

interface FieldContext {
  sha?: string;
  blobs: boolean;
  mappings: ProviderMappingRow[];
  /** Listings use the list form of provider mappings, repo info the dict form. */
  mappingForm: "dict" | "list";
  /** Model info: ids of the spaces using the model that the viewer may see (listings leave it empty). */
  spaces?: string[];
}

type Getter = (row: RepoRow, ctx: FieldContext) => unknown;

const json =
  (column: "card_data" | "config" | "transformers_info" | "widget_data" | "gguf" | "safetensors"): Getter =>
  (row) =>
    fromJsonText<unknown>(row[column], undefined);

/** Every field we can serve, computed only when asked for (listings ask for few). */
const COMMON_FIELDS: Record<string, Getter> = {
  _id: (row) => row.id,
  id: (row) => row.full_id,
  author: (row) => row.owner,
  sha: (row, ctx) => ctx.sha ?? row.sha ?? undefined,
  lastModified: (row) => row.last_modified,
  createdAt: (row) => row.created_at,
  private: (row) => row.private === 1,
  gated: (row) => parseGated(row.gated),
  disabled: () => false,
  downloads: (row) => row.downloads_30d,
  downloadsAllTime: (row) => row.downloads_all_time,
  likes: (row) => row.likes,
  trendingScore: (row) => Math.round(row.trending_score),
  tags: (row) => fromJsonText<string[]>(row.tags, []),
  cardData: json("card_data"),
  siblings: (row, ctx) => siblingsJson(row, ctx.blobs),
  usedStorage: (row) => row.used_storage,
  warnings: (row) => fromJsonText<string[]>(row.warnings, []),
  // present only on read-only mirrors of an upstream hub's repos
  mirror: (row) => (row.mirror_upstream ? { upstream: row.mirror_upstream } : undefined),
};

const MODEL_FIELDS: Record<string, Getter> = {
  ...COMMON_FIELDS,
  modelId: (row) => row.full_id,
  pipeline_tag: (row) => row.pipeline_tag ?? undefined,
  library_name: (row) => row.library_name ?? undefined,
  mask_token: (row) => modelDataOf(row).mask_token,
  config: json("config"),
  transformersInfo: json("transformers_info"),
  widgetData: json("widget_data"),
  gguf: json("gguf"),
  safetensors: (row) => {
    const counts = fromJsonText<{ total?: unknown } | undefined>(row.safetensors, undefined);
    return typeof counts?.total === "number" ? counts : undefined;
  },
  spaces: (_row, ctx) => ctx.spaces ?? [],
  inferenceProviderMapping: (_row, ctx) =>
    ctx.mappingForm === "dict" ? mappingDict(ctx.mappings) : mappingList(ctx.mappings),
};

const DATASET_FIELDS: Record<string, Getter> = { ...COMMON_FIELDS };

const SPACE_FIELDS: Record<string, Getter> = {
  ...COMMON_FIELDS,
  sdk: (row) => row.sdk ?? undefined,
  subdomain: (row) => `${row.owner}-${row.name}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
  runtime: () => ({ stage: "RUNNING", hardware: { current: "cpu-basic", requested: "cpu-basic" } }),
  models: (row) => cardLinks(fromJsonText<unknown>(row.card_data, undefined)).models,
  datasets: (row) => cardLinks(fromJsonText<unknown>(row.card_data, undefined)).datasets,
};

function fieldsOf(row: RepoRow): Record<string, Getter> {
  return row.type === "model" ? MODEL_FIELDS : row.type === "space" ? SPACE_FIELDS : DATASET_FIELDS;
}

function pick(row: RepoRow, keys: Iterable<string>, ctx: FieldContext): RepoInfoJson {
  const fields = fieldsOf(row);
  const out: RepoInfoJson = {};
  for (const key of keys) {
    const getter = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const value = getter ? getter(row, ctx) : undefined;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export interface InfoOptions {
  sha?: string;
  blobs?: boolean;
  mappings: ProviderMappingRow[];
  /** Model info: spaces using the model, computed by the route (see `spacesLinkingTo`). */
  spaces?: string[];
}

/** Repo info: every field we know about the repo. */
export function repoInfoJson(row: RepoRow, options: InfoOptions): RepoInfoJson {
  return pick(row, Object.keys(fieldsOf(row)), {
    sha: options.sha,
    blobs: options.blobs === true,
    mappings: options.mappings,
    mappingForm: "dict",
    spaces: options.spaces,
  });
}

const DEFAULT_ITEM_FIELDS: Record<string, string[]> = {
  model: [
    "_id",
    "id",
    "likes",
    "trendingScore",
    "private",
    "gated",
    "downloads",
    "tags",
    "pipeline_tag",
    "library_name",
    "createdAt",
    "lastModified",
    "modelId",
    "mirror",
  ],
  dataset: [
    "_id",
    "id",
    "author",
    "likes",
    "trendingScore",
    "private",
    "gated",
    "downloads",
    "tags",
    "createdAt",
    "lastModified",
    "mirror",
  ],
  space: [
    "_id",
    "id",
    "author",
    "likes",
    "trendingScore",
    "private",
    "sdk",
    "tags",
    "createdAt",
    "lastModified",
    "mirror",
  ],
};

const FULL_ITEM_FIELDS = [
  "author",
  "sha",
  "siblings",
  "gated",
  "disabled",
  "downloadsAllTime",
  "usedStorage",
];

export interface ItemOptions {
  expand: string[];
  full: boolean;
  config: boolean;
  cardData: boolean;
}

/** A listing item: the default fields plus whatever `full`, `config`, `cardData` and `expand` ask for. */
export function listItemJson(
  row: RepoRow,
  mappings: ProviderMappingRow[],
  options: ItemOptions,
): RepoInfoJson {
  const keys = new Set(DEFAULT_ITEM_FIELDS[row.type] ?? DEFAULT_ITEM_FIELDS.model);
  if (options.full) FULL_ITEM_FIELDS.forEach((k) => keys.add(k));
  if (options.config) keys.add("config");
  if (options.cardData) keys.add("cardData");
  options.expand.forEach((k) => keys.add(k));
  return pick(row, keys, { blobs: false, mappings, mappingForm: "list" });
}

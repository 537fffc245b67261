import type { ProviderMappingEntry, ProviderMappingListItem, RepoInfo, Sibling } from "@modelhub/api-types";
import { fromJsonText } from "../platform/json-columns.js";
import { cardLinks } from "../platform/repo-links.js";
import { parseGated, type ProviderMappingRow, type RepoRow } from "../platform/repos.js";
import { modelDataOf } from "./model-data.js";
import type { FileEntry } from "../domain/repo.js";

export function siblingsJson(row: RepoRow, withBlobs: boolean): Sibling[] {
  const files = fromJsonText<FileEntry[]>(row.siblings, []);
  return files.map((f) =>
    withBlobs
      ? { rfilename: f.path, blobId: f.oid, size: f.size, ...(f.lfs ? { lfs: f.lfs } : {}) }
      : { rfilename: f.path },
  );
}

/** Dict form used on repo info: `{ provider: { providerId, status, task, … } }`. */
export function mappingDict(rows: ProviderMappingRow[]): Record<string, ProviderMappingEntry> {
  return Object.fromEntries(rows.map((m) => [m.provider, mappingFields(m)]));
}

/** List form used on listings: `[{ provider, providerId, status, task, … }]`. */
export function mappingList(rows: ProviderMappingRow[]): ProviderMappingListItem[] {
  return rows.map((m) => ({ provider: m.provider, ...mappingFields(m) }));
}

function mappingFields(m: ProviderMappingRow): ProviderMappingEntry {
  return {
    providerId: m.provider_id,
    // written only as `ProviderMappingInput`, whose status is one of the two
    status: m.status === "live" ? "live" : "staging",
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

type JsonColumn = "card_data" | "config" | "transformers_info" | "widget_data" | "gguf" | "safetensors";

/** Each field's getter answers that field's wire type (undefined: the field is left out). */
type FieldGetters = { [K in keyof RepoInfo]?: (row: RepoRow, ctx: FieldContext) => RepoInfo[K] | undefined };

/** A JSON column of field `K`, as the derive step stored it in the field's wire shape. */
const json =
  <K extends keyof RepoInfo>(column: JsonColumn) =>
  (row: RepoRow): RepoInfo[K] | undefined =>
    fromJsonText<RepoInfo[K] | undefined>(row[column], undefined);

/** Every field we can serve, computed only when asked for (listings ask for few). */
const COMMON_FIELDS: FieldGetters = {
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
  cardData: json<"cardData">("card_data"),
  siblings: (row, ctx) => siblingsJson(row, ctx.blobs),
  usedStorage: (row) => row.used_storage,
  warnings: (row) => fromJsonText<string[]>(row.warnings, []),
  // present only on read-only mirrors of an upstream hub's repos
  mirror: (row) => (row.mirror_upstream ? { upstream: row.mirror_upstream } : undefined),
};

const MODEL_FIELDS: FieldGetters = {
  ...COMMON_FIELDS,
  modelId: (row) => row.full_id,
  pipeline_tag: (row) => row.pipeline_tag ?? undefined,
  library_name: (row) => row.library_name ?? undefined,
  mask_token: (row) => modelDataOf(row).mask_token,
  config: json<"config">("config"),
  transformersInfo: json<"transformersInfo">("transformers_info"),
  widgetData: json<"widgetData">("widget_data"),
  gguf: json<"gguf">("gguf"),
  safetensors: (row) => {
    const counts = fromJsonText<RepoInfo["safetensors"]>(row.safetensors, undefined);
    return typeof counts?.total === "number" ? counts : undefined;
  },
  spaces: (_row, ctx) => ctx.spaces ?? [],
  inferenceProviderMapping: (_row, ctx) =>
    ctx.mappingForm === "dict" ? mappingDict(ctx.mappings) : mappingList(ctx.mappings),
};

const DATASET_FIELDS: FieldGetters = { ...COMMON_FIELDS };

/** Kernels carry the common fields only (the Hub's `KernelInfo`: id, author, sha, downloads, likes, …). */
const KERNEL_FIELDS: FieldGetters = { ...COMMON_FIELDS };

const SPACE_FIELDS: FieldGetters = {
  ...COMMON_FIELDS,
  sdk: (row) => row.sdk ?? undefined,
  subdomain: (row) => `${row.owner}-${row.name}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
  runtime: () => ({ stage: "RUNNING", hardware: { current: "cpu-basic", requested: "cpu-basic" } }),
  models: (row) => cardLinks(fromJsonText<unknown>(row.card_data, undefined)).models,
  datasets: (row) => cardLinks(fromJsonText<unknown>(row.card_data, undefined)).datasets,
};

function fieldsOf(row: RepoRow): FieldGetters {
  if (row.type === "model") return MODEL_FIELDS;
  if (row.type === "space") return SPACE_FIELDS;
  return row.type === "kernel" ? KERNEL_FIELDS : DATASET_FIELDS;
}

function pick(row: RepoRow, keys: Iterable<string>, ctx: FieldContext): RepoInfo {
  const fields = fieldsOf(row);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const getter = Object.hasOwn(fields, key) ? fields[key as keyof RepoInfo] : undefined;
    const value = getter ? getter(row, ctx) : undefined;
    if (value !== undefined) out[key] = value;
  }
  // every getter answers its field's type, and `id` is among the fields of info and of every listing
  return out as unknown as RepoInfo;
}

export interface InfoOptions {
  sha?: string;
  blobs?: boolean;
  mappings: ProviderMappingRow[];
  /** Model info: spaces using the model, computed by the route (see `spacesLinkingTo`). */
  spaces?: string[];
}

/** Repo info: every field we know about the repo. */
export function repoInfoJson(row: RepoRow, options: InfoOptions): RepoInfo {
  return pick(row, Object.keys(fieldsOf(row)), {
    sha: options.sha,
    blobs: options.blobs === true,
    mappings: options.mappings,
    mappingForm: "dict",
    spaces: options.spaces,
  });
}

/** Listing item fields of the repo types whose items name their author (datasets, kernels). */
const AUTHORED_ITEM_FIELDS = [
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
];

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
  dataset: AUTHORED_ITEM_FIELDS,
  // a kernel's listing item carries what a dataset's does
  kernel: AUTHORED_ITEM_FIELDS,
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
export function listItemJson(row: RepoRow, mappings: ProviderMappingRow[], options: ItemOptions): RepoInfo {
  const keys = new Set(DEFAULT_ITEM_FIELDS[row.type] ?? DEFAULT_ITEM_FIELDS.model);
  if (options.full) FULL_ITEM_FIELDS.forEach((k) => keys.add(k));
  if (options.config) keys.add("config");
  if (options.cardData) keys.add("cardData");
  options.expand.forEach((k) => keys.add(k));
  return pick(row, keys, { blobs: false, mappings, mappingForm: "list" });
}

/** Repositories: info and listing items (Hub-compatible, `shared/spec/hub-api.md` §5–6), likes, downloads, model tree. */

export type RepoType = "model" | "dataset" | "space" | "kernel";

/** `false`, or how access requests are decided. */
export type GatedMode = false | "auto" | "manual";

/** One provider serving a model: the dict value on repo info, a list item (plus `provider`) on listings. */
export interface ProviderMappingEntry {
  providerId: string;
  status: "live" | "staging";
  task: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

export interface ProviderMappingListItem extends ProviderMappingEntry {
  provider: string;
}

export interface Sibling {
  rfilename: string;
  /** With `blobs=true`. */
  blobId?: string;
  size?: number;
  lfs?: { sha256: string; size: number; pointerSize: number };
}

export type BaseModelRelation = "adapter" | "finetune" | "merge" | "quantized";

/** `GET /api/models/{id}/model-tree`, and `expand[]=baseModels|childrenModelCount` on model info. */
export interface ModelTree {
  _id: string;
  id: string;
  /** Absent when the card names no base. */
  baseModels?: { relation: BaseModelRelation; models: { id: string; exists: boolean }[] };
  /** Every relation, zeros included. */
  childrenModelCount: Record<BaseModelRelation, number>;
}

/**
 * Repo info (`GET /api/{models|datasets|spaces}/{id}`) and listing items: listings send a subset of the
 * fields (defaults plus `full`, `config`, `cardData`, `expand[]`), so every field but `id` is optional.
 */
export interface RepoInfo {
  _id?: string;
  id: string;
  author?: string;
  sha?: string;
  lastModified?: string;
  createdAt?: string;
  private?: boolean;
  gated?: GatedMode;
  disabled?: boolean;
  /** Downloads of the last 30 days. */
  downloads?: number;
  downloadsAllTime?: number;
  likes?: number;
  trendingScore?: number;
  tags?: string[];
  cardData?: Record<string, unknown>;
  siblings?: Sibling[];
  usedStorage?: number;
  warnings?: string[];
  /** Present only on read-only mirrors of an upstream hub's repos. */
  mirror?: { upstream: string };
  /** models */
  modelId?: string;
  pipeline_tag?: string;
  library_name?: string;
  mask_token?: string;
  config?: Record<string, unknown>;
  transformersInfo?: { auto_model: string; processor?: string; pipeline_tag?: string; custom_class?: string };
  widgetData?: Record<string, unknown>[];
  gguf?: { total?: number; architecture?: string; context_length?: number; [key: string]: unknown };
  safetensors?: { parameters: Record<string, number>; total: number };
  /** Spaces using the model that the viewer may see. */
  spaces?: string[];
  /** The dict form on repo info, the list form on listings. */
  inferenceProviderMapping?: Record<string, ProviderMappingEntry> | ProviderMappingListItem[];
  baseModels?: ModelTree["baseModels"];
  childrenModelCount?: ModelTree["childrenModelCount"];
  /** With `securityStatus=True`: the scans of the revision's files. */
  securityRepoStatus?: SecurityRepoStatus;
  /** spaces */
  sdk?: string;
  subdomain?: string;
  runtime?: { stage: string; hardware: { current: string; requested: string } };
  models?: string[];
  datasets?: string[];
}

/** `POST /api/repos/create` (`private: true` is the older spelling of `visibility: "private"`). */
export interface CreateRepoRequest {
  name: string;
  organization?: string;
  type?: RepoType;
  visibility?: "public" | "private";
  private?: boolean;
  sdk?: string;
  license?: string;
}

export interface CreateRepoResponse {
  url: string;
  name: string;
  id: string;
}

/** `PUT /api/{kind}/{id}/settings` */
export interface RepoSettingsRequest {
  private?: boolean;
  gated?: GatedMode;
}

/** `POST /api/repos/move` */
export interface MoveRepoRequest {
  fromRepo: string;
  toRepo: string;
  type: RepoType;
}

/** `GET|POST|DELETE /api/{kind}/{id}/like` */
export interface LikeState {
  liked: boolean;
  likes: number;
}

/** `GET /api/users/{user}/likes` items */
export interface LikedRepo {
  createdAt: string;
  repo: { name: string; type: string };
}

export interface DayCount {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  count: number;
}

/** `GET /api/{kind}/{id}/downloads/daily`: the last 30 days, missing days as 0. */
export interface DailyDownloads {
  id: string;
  days: DayCount[];
  total: number;
}

/** `securityRepoStatus` of `GET /api/models/{id}?securityStatus=True`, and `GET /api/models/{id}/scan`. */
export interface SecurityRepoStatus {
  /** No file of the revision waits for its scan. */
  scansDone: boolean;
  /** `level`: `unsafe`, `suspicious` or `caution` (the statuses of scans.ts). */
  filesWithIssues: { path: string; level: "unsafe" | "suspicious" | "caution" }[];
}

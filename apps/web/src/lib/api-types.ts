/** Wire shapes of the hub API (Hugging Face-compatible, see spec/hub-api.md) as the web app reads them. */

export type RepoType = "model" | "dataset" | "space";

export interface ProviderMappingEntry {
  providerId: string;
  status: "live" | "staging";
  task: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

export interface Sibling {
  rfilename: string;
  size?: number;
  lfs?: { sha256: string; size: number; pointerSize: number };
}

/** One item of `/api/models|datasets|spaces` and the repo-info object (a superset). */
export interface RepoInfo {
  _id?: string;
  id: string;
  author?: string;
  sha?: string;
  private?: boolean;
  gated?: false | "auto" | "manual";
  downloads?: number;
  downloadsAllTime?: number;
  likes?: number;
  trendingScore?: number;
  lastModified?: string;
  createdAt?: string;
  tags?: string[];
  pipeline_tag?: string;
  library_name?: string;
  mask_token?: string;
  cardData?: Record<string, unknown>;
  config?: Record<string, unknown>;
  transformersInfo?: { auto_model: string; processor?: string; pipeline_tag?: string; custom_class?: string };
  widgetData?: Record<string, unknown>[];
  siblings?: Sibling[];
  spaces?: string[];
  safetensors?: { parameters: Record<string, number>; total: number };
  gguf?: { total?: number; architecture?: string; context_length?: number; [key: string]: unknown };
  usedStorage?: number;
  inferenceProviderMapping?:
    Record<string, ProviderMappingEntry> | ({ provider: string } & ProviderMappingEntry)[];
  /** datasets */
  description?: string;
  citation?: string;
  /** spaces */
  sdk?: string;
  subdomain?: string;
  models?: string[];
  datasets?: string[];
  runtime?: { stage?: string };
  [key: string]: unknown;
}

export interface TreeEntry {
  type: "file" | "directory";
  path: string;
  oid: string;
  size: number;
  lfs?: { oid: string; size: number; pointerSize: number };
  lastCommit?: { id: string; title: string; date: string };
}

export interface CommitEntry {
  id: string;
  title: string;
  message: string;
  authors: { user: string; avatar?: string }[];
  date: string;
}

export interface WhoAmI {
  type: "user" | "org" | "app";
  id: string;
  name: string;
  fullname?: string;
  email?: string;
  avatarUrl?: string;
  orgs?: { name: string; fullname?: string }[];
  /** Site admins (the hub's own administrators). */
  isAdmin?: boolean;
  auth?: { type: string; accessToken?: { displayName: string; role: string; createdAt: string } };
}

/** A page of a paginated listing: items plus the `Link` rel="next" URL when more exist. */
export interface Page<T> {
  items: T[];
  nextUrl?: string;
  total?: number;
}

export interface CreateRepoResponse {
  url: string;
  name?: string;
  id?: string;
}

export interface CommitResponse {
  commitOid: string;
  commitUrl: string;
}

export interface ExampleRepoRef {
  id: string;
  description: string;
  /** Task examples: whether the repo exists on this hub (others live on huggingface.co only). */
  onHub?: boolean;
}

export type DemoEntry =
  | { type: "img"; filename: string }
  | { type: "text"; label: string; content: string }
  | { type: "chart"; data: { label: string; score: number }[] };

/** A task catalogue entry from `/api/tasks` (CONTRACT `TaskData`). */
export interface TaskEntry {
  id: string;
  label: string;
  summary?: string;
  libraries?: string[];
  datasets?: ExampleRepoRef[];
  models?: ExampleRepoRef[];
  spaces?: ExampleRepoRef[];
  metrics?: ExampleRepoRef[];
  demo?: { inputs: DemoEntry[]; outputs: DemoEntry[] };
  widgetModels?: string[];
  youtubeId?: string;
  about?: string;
  canonicalId?: string;
  isPlaceholder?: boolean;
}

/** One generated inference snippet (CONTRACT `getInferenceSnippets` item). */
export interface InferenceSnippet {
  language: "python" | "js" | "sh";
  client: string;
  content: string;
}

export interface AccessTokenInfo {
  id: string;
  displayName: string;
  role: "read" | "write" | string;
  /** First characters of the token, for recognising it. */
  prefix?: string;
  createdAt?: string;
  lastUsedAt?: string | null;
}

/** The create response: the only time the secret is shown. */
export interface CreatedAccessToken extends AccessTokenInfo {
  token: string;
}

/** `POST /api/login`: the session itself travels in an HttpOnly cookie. */
export interface LoginResponse {
  user: { name: string; fullname?: string };
  /** Sent back as `X-CSRF-Token` on every write of this session. */
  csrfToken: string;
}

/** Roles in an organisation: admins manage members, write members push, read members see private repos. */
export type OrgRole = "admin" | "write" | "read";

/** One item of `GET /api/organizations/{org}/members`. */
export interface OrgMember {
  user: string;
  role: OrgRole;
}

/** `GET /api/organizations/{org}/overview`. */
export interface OrgOverview {
  _id: string;
  type: "org";
  name: string;
  fullname: string;
  createdAt: string;
  numUsers: number;
}

/** `GET /api/users/{user}/overview`. */
export interface UserOverview {
  _id: string;
  type: "user";
  user: string;
  fullname: string;
  createdAt: string;
  orgs: { name: string; fullname: string }[];
}

/** Status of an access request to a gated repo. */
export type AccessRequestStatus = "pending" | "accepted" | "rejected";

/** `GET /api/{kind}/{id}/user-access-request/me`: the viewer's standing on a (possibly gated) repo. */
export interface GateState {
  gated: false | "auto" | "manual";
  hasAccess: boolean;
  status: AccessRequestStatus | null;
  rejectionReason: string | null;
  canManage: boolean;
  /** The card's `extra_gated_fields`: label → kind (`text`, `checkbox`, `date_picker`, `country`, `select`). */
  fields: Record<string, string>;
  /** Choices of the `select` fields: label → options (stored value and shown label). */
  fieldOptions?: Record<string, { label: string; value: string }[]>;
}

/** One item of `GET /api/{kind}/{id}/user-access-request/{status}` (owners only). */
export interface AccessRequest {
  user: { user: string; fullname: string; email: string | null };
  status: AccessRequestStatus;
  timestamp: string;
  reviewedAt?: string;
  grantedBy?: { user: string };
  fields: Record<string, string> | null;
}

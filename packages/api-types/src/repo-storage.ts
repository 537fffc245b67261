/** One repo of `GET /api/settings/repositories` (and the org variant): what `hf repos ls` reads. */
export interface RepoStorageItem {
  id: string;
  type: "model" | "dataset" | "space" | "kernel";
  updatedAt: string;
  visibility: "public" | "private";
  /** Bytes of the files at the head of main. */
  storage: number;
  /** Share of the namespace's total storage, 0–100. */
  storagePercent: number;
}

/**
 * `GET /api/users/{name}/storage`, `GET /api/organizations/{name}/storage` and the site admins'
 * `GET/PUT /api/admin/quotas/{name}`: a namespace's storage (LFS objects and git repositories, each
 * counted once per repo), its quota and its repository limit.
 */
export interface NamespaceStorage {
  name: string;
  kind: "user" | "org";
  usedBytes: number;
  /** Bytes uploads under way hold until they land. */
  reservedBytes: number;
  /** Null: unlimited. */
  storageLimit: number | null;
  /** `set` by a site admin, or the hub's `default` (MODELHUB_DEFAULT_QUOTA_GB). */
  storageLimitFrom: "set" | "default";
  repoCount: number;
  /** Null: unlimited. */
  repoLimit: number | null;
  repoLimitFrom: "set" | "default";
  repos: { id: string; type: "model" | "dataset" | "space" | "kernel"; lfsBytes: number; gitBytes: number }[];
  /** What the web shows: "12.4 GB of 50.0 GB" (or "… of unlimited"). */
  summary: string;
}

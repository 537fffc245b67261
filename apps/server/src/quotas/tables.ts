/** A user's or organization's limits (migration 0180): NULL follows the hub's default, -1 is unlimited. */
export interface StorageQuotaTable {
  namespace_lower: string;
  namespace: string;
  storage_bytes: number | string | null;
  repo_limit: number | null;
  updated_at: string;
  updated_by: string | null;
}

/** One repository's storage as last measured: its LFS objects (each once) and its git repository. */
export interface RepoStorageTable {
  repo_type: string;
  repo_full_id: string;
  lfs_bytes: number | string;
  git_bytes: number | string;
  measured_at: string;
}

/** Bytes an upload under way holds in its namespace until it lands (or `expires_at` passes). */
export interface StorageReservationTable {
  id: string;
  namespace_lower: string;
  repo_type: string;
  repo_full_id: string;
  bytes: number | string;
  expires_at: string;
}

/** One row per namespace; updating it serialises that namespace's reservations across replicas. */
export interface StorageLockTable {
  namespace_lower: string;
  version: number;
}

export type QuotaTables = {
  storage_quotas: StorageQuotaTable;
  repo_storage: RepoStorageTable;
  storage_reservations: StorageReservationTable;
  storage_locks: StorageLockTable;
};

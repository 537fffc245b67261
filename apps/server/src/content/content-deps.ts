import type { BlobStore } from "./blobs/blob-store.js";
import type {
  AuditTrail,
  CacheSignals,
  ContentLogger,
  KeyedLock,
  RepoAccess,
  RepoEvents,
  StorageQuotaGate,
} from "../domain/ports.js";

/** What platform hands to the content half when building its routes and service. */
export interface ContentDeps {
  access: RepoAccess;
  events: RepoEvents;
  dataDir: string;
  /** Absolute base URL users reach the hub at, without trailing slash. */
  publicUrl: string;
  logger: ContentLogger;
  /** Part size of multipart LFS uploads, in bytes. */
  lfsPartBytes?: number;
  /** Where LFS objects live; the data folder's `lfs/` when absent. */
  blobs?: BlobStore;
  /** Per-repository write lock (across replicas on PostgreSQL). */
  locks?: KeyedLock;
  /** Cache invalidation notices to and from the other replicas. */
  signals?: CacheSignals;
  /** This process's own temp folder (MODELHUB_TMP_DIR). */
  tmpDir?: string;
  /** The git and LFS folders are shared with other replicas. */
  sharedFolders?: boolean;
  /** The audit log, for changes the content half makes outside the database. */
  audit?: AuditTrail;
  /** Storage quotas of repo owners: uploads, commits and pushes beyond them are refused. */
  quotas?: StorageQuotaGate;
}

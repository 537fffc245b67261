// The content half's services for the platform and the tests; its routes are in ./http/content-routes.ts.
export {
  RepoContent,
  createRepoContent,
  type CommitOperation,
  type CommitRequest,
  type CommitResult,
  type CommitFilesInput,
  type ContentLogger,
  type RepoContentDeps,
} from "./repo-content.js";
export type { BlobStore, ByteRange } from "./blobs/blob-store.js";
export { FsBlobStore } from "./blobs/fs-blob-store.js";
export { MemoryBlobStore } from "./blobs/memory-blob-store.js";
export { HttpError } from "../domain/errors.js";
export { deriveMetadata } from "./derive/derive-metadata.js";
export { readGgufHeader } from "./derive/gguf-header.js";

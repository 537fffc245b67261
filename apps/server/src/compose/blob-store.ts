import type { Config } from "../config/config.js";
import { S3BlobStore } from "../content/blobs/s3/s3-blob-store.js";

/**
 * The configured object store (`MODELHUB_BLOB_STORE=s3://…`), its bucket made when missing; undefined
 * keeps LFS objects in the data folder. Fails fast when the store cannot be reached at start.
 */
export async function openBlobStore(config: Pick<Config, "s3">): Promise<S3BlobStore | undefined> {
  if (!config.s3) return undefined;
  // The SDK warns that releases after January 2027 need Node 22; the pinned release supports Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const store = new S3BlobStore(config.s3);
  try {
    await store.ensureBucket();
  } catch (err) {
    throw new Error(`object storage ${store.location} is not reachable: ${String(err)}`, { cause: err });
  }
  return store;
}

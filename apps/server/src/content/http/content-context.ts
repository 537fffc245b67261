import type { Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { RepoContent } from "../repo-content.js";
import type { UploadParts } from "../blobs/upload-parts.js";
import type { UrlSigner } from "./signed-urls.js";
import type { AuditTrail, RepoAccess, RepoEvents, StorageQuotaGate } from "../../domain/ports.js";

/** What every content route module needs. */
export interface ContentContext {
  content: RepoContent;
  access: RepoAccess;
  events: RepoEvents;
  signer: UrlSigner;
  publicUrl: string;
  /** Parts of multipart LFS uploads until they are completed. */
  parts: UploadParts;
  /** LFS objects larger than this are uploaded in parts of this size (when the client offers multipart). */
  lfsPartBytes: number;
  /** The audit log (changes outside the database: deleted refs, squashes, LFS deletions). */
  audit: AuditTrail;
  /** Storage quotas of repo owners; absent: unlimited. */
  quotas?: StorageQuotaGate;
}

/** Absolute base URL of the hub for links handed to clients. */
export function hubUrl(ctx: ContentContext, c: Context<AppEnv>): string {
  return (ctx.publicUrl || new URL(c.req.url).origin).replace(/\/+$/, "");
}

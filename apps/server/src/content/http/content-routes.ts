import { Hono } from "hono";
import { join } from "node:path";
import { UploadParts } from "../blobs/upload-parts.js";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { BlobStore } from "../blobs/blob-store.js";
import { movedResponse } from "../../http-kit/repo-moved.js";
import { registerCommitRoutes } from "./commit-routes.js";
import type { ContentContext } from "./content-context.js";
import { registerDiffRoutes } from "./diff-routes.js";
import { registerDownloadRoutes } from "./download-routes.js";
import { registerFileRoutes } from "./files-routes.js";
import { registerGitHttpRoutes } from "./git-http-routes.js";
import { registerHistoryRoutes } from "./history-routes.js";
import { registerSquashRoutes } from "./squash-routes.js";
import { registerLfsFilesRoutes } from "./lfs-files-routes.js";
import { registerLfsRoutes } from "./lfs-routes.js";
import { registerSpaceAppRoutes } from "./space-app-routes.js";
import { UrlSigner } from "./signed-urls.js";
import { type ContentLogger, type RepoContent, createRepoContent } from "../repo-content.js";
import { errorResponse } from "./error-response.js";
import { insufficientStorage, isStorageFull, reportStorageFull } from "../storage-full.js";
import { HttpError, RepoMovedError } from "../../domain/errors.js";
import type { AuditTrail, RepoAccess, RepoEvents, StorageQuotaGate } from "../../domain/ports.js";

export interface ContentRoutesDeps {
  access: RepoAccess;
  events: RepoEvents;
  dataDir: string;
  publicUrl: string;
  logger: ContentLogger;
  /** The service the platform also uses (init/remove/move/seed); created here when absent. */
  content?: RepoContent;
  blobs?: BlobStore;
  /** Part size of multipart LFS uploads (64 MiB); objects up to this size go up in one PUT. */
  lfsPartBytes?: number;
  /** Where deleted refs, super-squashes, force pushes and LFS deletions are recorded. */
  audit?: AuditTrail;
  /** Storage quotas of repo owners (none: unlimited). */
  quotas?: StorageQuotaGate;
}

/** Without an audit log (tests of the content half alone), events go nowhere. */
const NO_AUDIT: AuditTrail = { record: () => Promise.resolve() };

const DEFAULT_LFS_PART_BYTES = 64 * 1024 * 1024;

/** Every content route (files, downloads, commits, LFS, history) as one Hono app to mount at "/". */
export function createContentRoutes(deps: ContentRoutesDeps): Hono<AppEnv> {
  const content =
    deps.content ??
    createRepoContent({ dataDir: deps.dataDir, events: deps.events, logger: deps.logger, blobs: deps.blobs });
  const ctx: ContentContext = {
    content,
    access: deps.access,
    events: deps.events,
    signer: new UrlSigner(deps.dataDir),
    publicUrl: deps.publicUrl,
    parts: new UploadParts(join(deps.dataDir, "lfs-parts")),
    lfsPartBytes: deps.lfsPartBytes ?? DEFAULT_LFS_PART_BYTES,
    audit: deps.audit ?? NO_AUDIT,
    quotas: deps.quotas,
  };
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(error, c.req.method);
    if (error instanceof RepoMovedError) return movedResponse(error, c.req.url, c.req.method);
    if (isStorageFull(error)) {
      reportStorageFull(deps.logger, error, c.req.path);
      return errorResponse(insufficientStorage(), c.req.method);
    }
    deps.logger.error(
      { err: error instanceof Error ? error.stack : String(error), path: c.req.path },
      "content route failed",
    );
    return errorResponse(new HttpError(500, "Internal error"), c.req.method);
  });
  registerFileRoutes(app, ctx);
  registerDownloadRoutes(app, ctx);
  registerCommitRoutes(app, ctx);
  registerLfsRoutes(app, ctx);
  registerHistoryRoutes(app, ctx);
  registerSquashRoutes(app, ctx);
  registerLfsFilesRoutes(app, ctx);
  registerGitHttpRoutes(app, ctx);
  registerSpaceAppRoutes(app, ctx);
  registerDiffRoutes(app, ctx);
  return app;
}

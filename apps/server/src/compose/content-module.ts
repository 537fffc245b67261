import type { Hono } from "hono";
import { createContentRoutes } from "../content/http/content-routes.js";
import { createRepoContent } from "../content/index.js";
import type { RepoContent as RepoContentService } from "../content/repo-content.js";
import { join } from "node:path";
import { FsBlobStore } from "../content/blobs/fs-blob-store.js";
import { LocalBlobCache } from "../content/blobs/local-blob-cache.js";
import { S3BlobStore } from "../content/blobs/s3/s3-blob-store.js";
import { DEFAULT_LOCAL_CACHE_GB } from "../content/blobs/s3/s3-settings.js";
import { createPullRequestRefs } from "../content/git/pull-request-refs.js";
import type { AppEnv } from "../http-kit/contracts.js";
import type { ContentDeps } from "../content/content-deps.js";
import type { RepoContent } from "../domain/ports.js";
import type { LocalLfsFile } from "../domain/repo.js";

const DEFAULT_LOCAL_CACHE_BYTES = DEFAULT_LOCAL_CACHE_GB * 1024 ** 3;

export interface LoadedContent {
  content: RepoContent;
  /** The content service itself, for the capabilities that work below the seam (the upstream mirror). */
  service: RepoContentService;
  routes: Hono<AppEnv>;
  /** A local file with a stored LFS object's bytes (a copy, for a remote store): scans read it. */
  localObject(sha256: string, size: number): Promise<string>;
}

/**
 * The one place that reaches into the content half: one content service shared by its routes and by
 * platform (repo create/delete/move, seeding), seen through the `RepoContent` seam.
 */
export async function loadContent(deps: ContentDeps): Promise<LoadedContent> {
  const service = createRepoContent({
    dataDir: deps.dataDir,
    events: deps.events,
    logger: deps.logger,
    blobs: deps.blobs,
    locks: deps.locks,
    signals: deps.signals,
    tmpDir: deps.tmpDir,
    sharedFolders: deps.sharedFolders,
  });
  await service.start();
  const routes = createContentRoutes({ ...deps, content: service });
  // llama.cpp and other in-process readers need a file: a remote store's objects get a local copy
  const localCopies = new LocalBlobCache(
    service.blobs,
    join(deps.tmpDir ?? join(deps.dataDir, "tmp"), "cache", "blobs"),
    service.blobs instanceof S3BlobStore ? service.blobs.settings.localCacheBytes : DEFAULT_LOCAL_CACHE_BYTES,
  );
  const content: RepoContent = {
    init: async (repo) => {
      await service.init(repo);
    },
    remove: (repo) => service.remove(repo),
    move: (from, to) => service.move(from, to),
    commitFiles: async (repo, input) => {
      const files = input.files.map((f) => ({
        path: f.path,
        content: typeof f.content === "string" ? f.content : Buffer.from(f.content),
      }));
      const result = await service.commitFiles(repo, {
        files,
        title: input.title,
        author: input.author,
        date: input.date,
      });
      return { sha: result.commit, date: result.date, title: input.title };
    },
    copyFiles: async (from, to, revision, input) => {
      const result = await service.copyFiles(from, to, revision, input);
      return { sha: result.commit, date: result.date, title: input.title };
    },
    resolveRevision: (repo, revision) => service.resolve(repo, revision),
    announce: (repo, commit) => service.announce(repo, commit),
    derive: (repo, commit) => service.derive(repo, commit),
    pullRequests: createPullRequestRefs(service),
    localLfsFiles: async (repo, revision) => {
      const blobs = service.blobs;
      const pathOf = (oid: string) =>
        blobs instanceof FsBlobStore ? blobs.objectPath(oid) : localCopies.pathOf(oid);
      const files: LocalLfsFile[] = [];
      for (const entry of (await service.snapshot(repo, revision)).entries) {
        if (entry.type !== "file" || !entry.lfs) continue;
        if ((await service.hasLfsObject(repo, entry.lfs.sha256)) === undefined) continue;
        const { sha256, size } = entry.lfs;
        files.push({ path: entry.path, size, sha256, localPath: pathOf(sha256) });
      }
      return files;
    },
    fetchLocalLfsFile: (file) =>
      service.blobs instanceof FsBlobStore
        ? Promise.resolve(file.localPath)
        : localCopies.fetch(file.sha256, file.size),
    storeRoutedFilesInLfs: async (repo, input) => {
      const result = await service.storeRoutedFilesInLfs(repo, input);
      return result && { sha: result.commit, date: result.date, title: input.title };
    },
  };
  const localObject = (sha256: string, size: number) =>
    service.blobs instanceof FsBlobStore
      ? Promise.resolve(service.blobs.objectPath(sha256))
      : localCopies.fetch(sha256, size);
  return { content, routes, service, localObject };
}

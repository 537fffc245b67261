import type { Kysely } from "kysely";
import type { ListableBlobStore } from "../../content/blobs/blob-store.js";
import type { Database } from "../../db/schema.js";
import type { ContentLogger, RepoEvents } from "../../domain/ports.js";
import { createRepoContent } from "../../content/index.js";
import type { Repos } from "../../platform/repos.js";
import { toRepoRecord } from "../../platform/repos.js";
import { ProgressBoard } from "../../transfer/progress.js";
import { reposOnDisk } from "../../content/data-layout.js";
import { checkLfsObjects, setAsideCorrupt } from "./check-lfs-objects.js";
import { checkDatabase } from "./check-database.js";
import { checkRepo } from "./check-repos.js";
import type { FsckReport } from "./fsck-report.js";

export interface FsckOptions {
  dataDir: string;
  db: Kysely<Database>;
  repos: Repos;
  events: RepoEvents;
  logger: ContentLogger;
  repair: boolean;
  /** Progress bars (a terminal) or nothing. */
  progress: { write(text: string): unknown; enabled: boolean };
  /** One line per step. */
  step: (message: string) => void;
  /**
   * LFS objects in object storage: their presence and size are checked there. They are not hashed
   * again: only bytes that matched their name were ever written under `objects/`.
   */
  blobs?: ListableBlobStore;
}

async function listStoreObjects(blobs: ListableBlobStore) {
  // no local path: objects in a store are never set aside as corrupt (see FsckOptions.blobs)
  const objects: { oid: string; size: number; path: string }[] = [];
  for await (const blob of blobs.list()) objects.push({ oid: blob.oid, size: blob.size, path: "" });
  return { objects, problems: [] as FsckReport["problems"] };
}

/** Checks LFS objects, git repositories and the database against each other; repairs what it can. */
export async function runFsck(options: FsckOptions): Promise<FsckReport> {
  const { dataDir } = options;
  options.step("hashing LFS objects");
  const board = new ProgressBoard(options.progress, options.progress.enabled, "LFS objects");
  const lfs = options.blobs ? await listStoreObjects(options.blobs) : await checkLfsObjects(dataDir, board);
  board.close();
  const sizes = new Map(lfs.objects.map((object) => [object.oid, object.size]));
  const corrupt = new Set(lfs.problems.map((problem) => problem.subject.slice("lfs:".length)));
  const report: FsckReport = {
    repos: 0,
    lfsObjects: lfs.objects.length,
    lfsBytes: lfs.objects.reduce((sum, object) => sum + object.size, 0),
    problems: [...lfs.problems],
  };

  const onDisk = await reposOnDisk(dataDir);
  report.repos = onDisk.length;
  for (const [index, repo] of onDisk.entries()) {
    if (options.progress.enabled)
      options.progress.write(`\r\x1b[2Kgit ${index + 1}/${onDisk.length} ${repo.type}:${repo.id}`);
    report.problems.push(
      ...(await checkRepo(repo, async (oid) => (corrupt.has(oid) ? undefined : sizes.get(oid)))),
    );
  }
  if (options.progress.enabled) options.progress.write("\r\x1b[2K");

  options.step("comparing the database with git");
  const database = await checkDatabase(options.db, onDisk);
  report.problems.push(...database.problems);

  if (!options.repair) return report;
  options.step("repairing");
  const content = createRepoContent({
    dataDir,
    events: options.events,
    logger: options.logger,
    blobs: options.blobs,
  });
  for (const problem of report.problems) {
    if (problem.kind === "lfs-corrupt") {
      const object = lfs.objects.find((o) => `lfs:${o.oid}` === problem.subject);
      if (!object) continue;
      // The bytes are lost: setting them aside stops serving them and lets a client upload them again.
      const target = await setAsideCorrupt(dataDir, object);
      problem.detail += `; set aside as ${target} (no longer served): upload the file again to restore it`;
    } else if (problem.kind === "db-stale") {
      const stale = database.stale.get(problem.subject);
      const row = stale && (await options.repos.find(stale.type, stale.id));
      if (!stale || !row) continue;
      await content.announce(toRepoRecord(row), stale.head);
      problem.repaired = `re-derived from ${stale.head}`;
    }
  }
  return report;
}

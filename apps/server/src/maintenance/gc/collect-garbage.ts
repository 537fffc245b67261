import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { runGit } from "../../content/git/run-git.js";
import { LfsLinks } from "../../content/lfs/repo-links.js";
import {
  dataLayout,
  folderBytes,
  lfsObjects,
  newestMtime,
  reposOnDisk,
  type RepoOnDisk,
} from "../../content/data-layout.js";
import type { ListableBlobStore } from "../../content/blobs/blob-store.js";
import { acquireGcLock } from "./gc-lock.js";
import { writeLastRun, type GcReport } from "./gc-report.js";
import { claimedLfsOf } from "../../content/lfs/referenced-lfs.js";

export interface GcOptions {
  dataDir: string;
  graceMs: number;
  dryRun?: boolean;
  /** One line per step, for a terminal or the log. */
  progress?: (message: string) => void;
  /** LFS objects live here (object storage) instead of the data folder's `lfs/`. */
  blobs?: ListableBlobStore;
}

/** Multipart parts are resumable for at least a day, whatever the grace period. */
const PARTS_MIN_AGE_MS = 24 * 3_600_000;
/** Folders git leaves in `objects/` while a push is received (quarantine). */
const QUARANTINE = /^(incoming-|tmp_objdir-)/;

/**
 * Frees what no ref of any repository can reach: unreachable git objects, quarantine folders of
 * interrupted pushes, LFS objects no branch, tag, `refs/pr/*` or `refs/convert/*` points at (in any
 * revision), stale multipart parts and temp files. Everything younger than the grace period stays, so an
 * upload whose commit is still on its way survives; an object a client is told "already stored" or a
 * commit claims is touched and so counts as young again.
 */
export async function collectGarbage(options: GcOptions): Promise<GcReport> {
  const layout = dataLayout(options.dataDir);
  const release = acquireGcLock(layout.gcLock);
  try {
    const report = await collect(options);
    await writeLastRun(layout.gcLastRun, report);
    return report;
  } finally {
    release();
  }
}

async function collect(options: GcOptions): Promise<GcReport> {
  const { dataDir, graceMs, dryRun = false } = options;
  const progress = options.progress ?? (() => undefined);
  const layout = dataLayout(dataDir);
  const started = Date.now();
  const cutoff = started - graceMs;
  const report: GcReport = {
    startedAt: new Date(started).toISOString(),
    finishedAt: "",
    dryRun,
    graceSeconds: Math.round(graceMs / 1000),
    repos: 0,
    git: { unreachableObjects: 0, quarantines: 0, bytesFreed: 0 },
    lfs: { objects: 0, referenced: 0, keptRecent: 0, deleted: 0, bytesFreed: 0 },
    parts: { removed: 0, bytesFreed: 0 },
    temp: { removed: 0, bytesFreed: 0 },
    bytesFreed: 0,
    errors: [],
  };

  const repos = await reposOnDisk(dataDir);
  report.repos = repos.length;
  const referenced = new Set<string>();
  let scanFailed = false;
  for (const [index, repo] of repos.entries()) {
    progress(`git ${index + 1}/${repos.length} ${repo.type}:${repo.id}`);
    try {
      for (const oid of (await claimedLfsOf(repo.gitDir)).keys()) referenced.add(oid);
    } catch (err) {
      // Without this repo's references no LFS object can be called garbage safely.
      scanFailed = true;
      report.errors.push(`${repo.type}:${repo.id}: reading refs failed: ${String(err)}`);
      continue;
    }
    try {
      await collectGit(repo, cutoff, dryRun, report);
    } catch (err) {
      report.errors.push(`${repo.type}:${repo.id}: git gc failed: ${String(err)}`);
    }
  }

  if (scanFailed) report.errors.push("LFS objects were not collected: some repositories could not be read");
  else {
    const links = new LfsLinks(layout.lfsLinks);
    const repoDirs = repos.map((repo) => repo.gitDir);
    const unlink = (oid: string) => links.unlinkEverywhere(oid, repoDirs);
    if (options.blobs)
      await collectStoreObjects(options.blobs, referenced, cutoff, dryRun, report, progress, unlink);
    else
      for await (const object of lfsObjects(dataDir)) {
        report.lfs.objects++;
        if (report.lfs.objects % 1000 === 0) progress(`lfs ${report.lfs.objects} objects`);
        if (referenced.has(object.oid)) {
          report.lfs.referenced++;
          continue;
        }
        // Checked again right before deleting: a batch answer or a commit may have touched it meanwhile.
        const now = await stat(object.path).catch(() => undefined);
        if (!now) continue;
        if (now.mtimeMs > cutoff) {
          report.lfs.keptRecent++;
          continue;
        }
        report.lfs.deleted++;
        report.lfs.bytesFreed += now.size;
        if (dryRun) continue;
        await rm(object.path, { force: true });
        await unlink(object.oid);
      }
  }

  progress("multipart parts and temp files");
  const partsCutoff = Math.min(cutoff, started - PARTS_MIN_AGE_MS);
  await collectParts(layout.lfsParts, partsCutoff, dryRun, report);
  if (options.blobs?.sweepStaging) {
    const swept = await options.blobs.sweepStaging(partsCutoff, dryRun).catch((err: unknown) => {
      report.errors.push(`staged uploads in ${options.blobs?.location ?? ""}: ${String(err)}`);
      return { removed: 0, bytes: 0 };
    });
    report.parts.removed += swept.removed;
    report.parts.bytesFreed += swept.bytes;
  }
  for (const dir of [layout.tmp, layout.lfsTmp]) await collectTemp(dir, cutoff, dryRun, report);

  report.bytesFreed =
    report.git.bytesFreed + report.lfs.bytesFreed + report.parts.bytesFreed + report.temp.bytesFreed;
  report.finishedAt = new Date().toISOString();
  return report;
}

/** The LFS pass over an object store: same rules as the folder, ages from the store's touch markers. */
async function collectStoreObjects(
  blobs: ListableBlobStore,
  referenced: Set<string>,
  cutoff: number,
  dryRun: boolean,
  report: GcReport,
  progress: (message: string) => void,
  unlink: (oid: string) => Promise<void>,
): Promise<void> {
  try {
    for await (const object of blobs.list()) {
      report.lfs.objects++;
      if (report.lfs.objects % 1000 === 0) progress(`lfs ${report.lfs.objects} objects`);
      if (referenced.has(object.oid)) {
        report.lfs.referenced++;
        continue;
      }
      // Asked again right before deleting: a batch answer or a commit may have touched it meanwhile.
      const lastUsed = await blobs.lastUsedMs(object.oid);
      if (lastUsed === undefined) continue;
      if (lastUsed > cutoff) {
        report.lfs.keptRecent++;
        continue;
      }
      report.lfs.deleted++;
      report.lfs.bytesFreed += object.size;
      if (dryRun) continue;
      await blobs.delete(object.oid);
      await unlink(object.oid);
    }
  } catch (err) {
    report.errors.push(`LFS objects in ${blobs.location}: ${String(err)}`);
  }
}

async function collectGit(
  repo: RepoOnDisk,
  cutoff: number,
  dryRun: boolean,
  report: GcReport,
): Promise<void> {
  const objects = join(repo.gitDir, "objects");
  const expire = new Date(cutoff).toISOString();
  const before = await folderBytes(objects);
  for (const entry of await readdir(objects, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || !QUARANTINE.test(entry.name)) continue;
    const path = join(objects, entry.name);
    if ((await newestMtime(path)) > cutoff) continue;
    report.git.quarantines++;
    if (!dryRun) await rm(path, { recursive: true, force: true });
  }
  const pruned = await runGit(["prune", "--dry-run", `--expire=${expire}`], { gitDir: repo.gitDir });
  report.git.unreachableObjects += pruned.stdout.toString("utf8").split("\n").filter(Boolean).length;
  if (dryRun) return;
  // Repos written through the API keep loose objects, which the hub reads without spawning git, so they
  // are only pruned; a repo that already has packs (pushes) is repacked, dropping packed garbage too.
  const packs = (await readdir(join(objects, "pack")).catch(() => [])).filter((name) =>
    name.endsWith(".pack"),
  );
  if (packs.length > 0)
    await runGit(["-c", "gc.autoDetach=false", "gc", "--quiet", `--prune=${expire}`], {
      gitDir: repo.gitDir,
    });
  else await runGit(["prune", `--expire=${expire}`], { gitDir: repo.gitDir });
  report.git.bytesFreed += Math.max(0, before - (await folderBytes(objects)));
}

async function collectParts(root: string, cutoff: number, dryRun: boolean, report: GcReport): Promise<void> {
  for (const repoDir of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!repoDir.isDirectory()) continue;
    for (const upload of await readdir(join(root, repoDir.name), { withFileTypes: true }).catch(() => [])) {
      const path = join(root, repoDir.name, upload.name);
      if (!upload.isDirectory() || (await newestMtime(path)) > cutoff) continue;
      report.parts.removed++;
      report.parts.bytesFreed += await folderBytes(path);
      if (!dryRun) await rm(path, { recursive: true, force: true });
    }
  }
}

async function collectTemp(dir: string, cutoff: number, dryRun: boolean, report: GcReport): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    const info = await stat(path).catch(() => undefined);
    if (!info || (entry.isDirectory() ? await newestMtime(path) : info.mtimeMs) > cutoff) continue;
    report.temp.removed++;
    report.temp.bytesFreed += entry.isDirectory() ? await folderBytes(path) : info.size;
    if (!dryRun) await rm(path, { recursive: true, force: true });
  }
}

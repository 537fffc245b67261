import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import SQLite from "better-sqlite3";
import { runGit } from "../../content/git/run-git.js";
import { sqliteFile } from "../../db/open-database.js";
import { dataLayout, reposOnDisk } from "../../content/data-layout.js";
import { copyTree, type CopyCount } from "./copy-tree.js";

export const MANIFEST = "modelhub-backup.json";

export interface BackupManifest {
  createdAt: string;
  database: "sqlite" | "external";
  repos: number;
  lfs: CopyCount;
  git: { repos: number };
}

/** Data-folder entries a backup never copies: the database (copied by its own API), what runs now. */
const NOT_COPIED = new Set([
  "modelhub.sqlite",
  "modelhub.sqlite-wal",
  "modelhub.sqlite-shm",
  "repos",
  "lfs",
  "lfs-parts",
  "lfs-corrupt",
  "tmp",
  "hub.json",
  "gc.lock",
]);
/** Files of a bare repository besides objects and refs (its own settings and LFS markers). */
const REPO_EXTRAS = ["config", "description", "HEAD", "info", "lfs-objects"];

export interface BackupOptions {
  dataDir: string;
  target: string;
  /** PostgreSQL: the database is backed up with pg_dump, not by this command. */
  externalDatabase: boolean;
  step?: (message: string) => void;
}

/**
 * Online backup of a hub's data folder while it serves: the SQLite database first (its online backup
 * API: one consistent snapshot), then every repository by `git fetch` of all refs into a bare copy
 * (consistent per repository, incremental), then LFS objects and other files (incremental: objects are
 * immutable and named by their hash). A commit acknowledged before the backup started is in all three;
 * one that lands during the backup may be in git but not yet in the database copy, which the restored
 * hub re-derives from its refs when it starts.
 */
export async function backupHub(options: BackupOptions): Promise<BackupManifest> {
  const { dataDir, target } = options;
  const step = options.step ?? (() => undefined);
  const layout = dataLayout(dataDir);
  await mkdir(target, { recursive: true });

  if (!options.externalDatabase) {
    step("database (SQLite online backup)");
    const source = new SQLite(sqliteFile(dataDir), { fileMustExist: true });
    try {
      const temp = join(target, `modelhub.sqlite.partial-${process.pid}`);
      await source.backup(temp);
      await rename(temp, join(target, "modelhub.sqlite"));
    } finally {
      source.close();
    }
  }

  const repos = await reposOnDisk(dataDir);
  for (const [index, repo] of repos.entries()) {
    step(`git ${index + 1}/${repos.length} ${repo.type}:${repo.id}`);
    const copy = join(target, relative(dataDir, repo.gitDir));
    if (!(await stat(join(copy, "HEAD")).catch(() => undefined))) {
      await mkdir(copy, { recursive: true });
      await runGit(["init", "--bare", "--quiet", copy]);
    }
    // every ref (branches, tags, refs/pr/*, refs/convert/*) with its objects, deleted refs pruned
    await runGit(["fetch", "--quiet", "--prune", "--no-tags", repo.gitDir, "+refs/*:refs/*"], {
      gitDir: copy,
    });
    for (const extra of REPO_EXTRAS) {
      const from = join(repo.gitDir, extra);
      const info = await stat(from).catch(() => undefined);
      if (!info) continue;
      if (info.isDirectory()) await copyTree(from, join(copy, extra));
      else await writeFile(join(copy, extra), await readFile(from));
    }
  }
  const kept = new Set(repos.map((repo) => relative(dataDir, repo.gitDir)));
  await pruneRemovedRepos(join(target, "repos"), target, kept);

  step("LFS objects");
  const lfs = await copyTree(layout.lfsRoot, join(target, "lfs"), {
    skip: (name) => name === "tmp",
    immutable: true,
  });
  step("other files");
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (NOT_COPIED.has(entry.name) || entry.name.includes(".partial-") || entry.name.endsWith(".tmp"))
      continue;
    if (entry.isDirectory()) await copyTree(join(dataDir, entry.name), join(target, entry.name));
    else if (entry.isFile()) await copyFile(join(dataDir, entry.name), join(target, entry.name));
  }

  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: options.externalDatabase ? "external" : "sqlite",
    repos: repos.length,
    lfs,
    git: { repos: repos.length },
  };
  await writeFile(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Repositories deleted from the hub since the last backup leave the backup too. */
async function pruneRemovedRepos(root: string, target: string, kept: Set<string>): Promise<void> {
  for (const type of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!type.isDirectory()) continue;
    for (const owner of await readdir(join(root, type.name), { withFileTypes: true }).catch(() => [])) {
      if (!owner.isDirectory()) continue;
      for (const repo of await readdir(join(root, type.name, owner.name)).catch(() => [])) {
        const path = join(root, type.name, owner.name, repo);
        if (!kept.has(relative(target, path))) await rm(path, { recursive: true, force: true });
      }
    }
  }
}

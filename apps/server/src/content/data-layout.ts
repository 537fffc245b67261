import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { RepoType } from "../domain/repo.js";

/** Where a hub keeps what in its data folder (see content/repo-content.ts and blobs/fs-blob-store.ts). */
export function dataLayout(dataDir: string) {
  return {
    reposRoot: join(dataDir, "repos"),
    lfsRoot: join(dataDir, "lfs"),
    lfsTmp: join(dataDir, "lfs", "tmp"),
    lfsParts: join(dataDir, "lfs-parts"),
    lfsLinks: join(dataDir, "lfs-links"),
    tmp: join(dataDir, "tmp"),
    gcLastRun: join(dataDir, "gc-last-run.json"),
    gcLock: join(dataDir, "gc.lock"),
  };
}

export interface RepoOnDisk {
  type: RepoType;
  /** `owner/name` */
  id: string;
  gitDir: string;
}

const TYPE_FOLDERS: [string, RepoType][] = [
  ["models", "model"],
  ["datasets", "dataset"],
  ["spaces", "space"],
  ["kernels", "kernel"],
];

async function entries(dir: string) {
  return readdir(dir, { withFileTypes: true }).catch(() => []);
}

/** Every bare repository under `repos/`, whether or not the database knows it. */
export async function reposOnDisk(dataDir: string): Promise<RepoOnDisk[]> {
  const { reposRoot } = dataLayout(dataDir);
  const found: RepoOnDisk[] = [];
  for (const [folder, type] of TYPE_FOLDERS) {
    for (const owner of await entries(join(reposRoot, folder))) {
      if (!owner.isDirectory()) continue;
      for (const repo of await entries(join(reposRoot, folder, owner.name))) {
        if (!repo.isDirectory() || !repo.name.endsWith(".git")) continue;
        const gitDir = join(reposRoot, folder, owner.name, repo.name);
        if (!(await stat(join(gitDir, "HEAD")).catch(() => undefined))) continue;
        found.push({ type, id: `${owner.name}/${repo.name.slice(0, -4)}`, gitDir });
      }
    }
  }
  return found;
}

export interface LfsObjectFile {
  oid: string;
  path: string;
  size: number;
  mtimeMs: number;
}

/** Every object of the local LFS blob store (`lfs/ab/cd/rest`), temp files left out. */
export async function* lfsObjects(dataDir: string): AsyncGenerator<LfsObjectFile> {
  const { lfsRoot } = dataLayout(dataDir);
  for (const a of await entries(lfsRoot)) {
    if (!a.isDirectory() || !/^[0-9a-f]{2}$/.test(a.name)) continue;
    for (const b of await entries(join(lfsRoot, a.name))) {
      if (!b.isDirectory() || !/^[0-9a-f]{2}$/.test(b.name)) continue;
      for (const rest of await entries(join(lfsRoot, a.name, b.name))) {
        if (!rest.isFile()) continue;
        const path = join(lfsRoot, a.name, b.name, rest.name);
        const info = await stat(path).catch(() => undefined);
        if (!info) continue;
        yield { oid: `${a.name}${b.name}${rest.name}`, path, size: info.size, mtimeMs: info.mtimeMs };
      }
    }
  }
}

/** Total bytes of the files under a folder (0 when it is missing). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await entries(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Newest modification time of a folder's files (the folder's own when empty). */
export async function newestMtime(dir: string): Promise<number> {
  let newest = (await stat(dir).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
  for (const entry of await entries(dir)) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory()
      ? await newestMtime(path)
      : (await stat(path).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}

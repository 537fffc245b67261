import { createWriteStream } from "node:fs";
import { mkdir, symlink } from "node:fs/promises";
import { dirname } from "node:path";
import { pipeline } from "node:stream/promises";
import { FsBlobStore } from "../content/blobs/fs-blob-store.js";
import { diskPathUnder } from "../content/paths/disk-path.js";
import type { RepoContent } from "../content/repo-content.js";
import type { Snapshot } from "../content/snapshot.js";
import type { RepoRecord } from "../domain/repo.js";

/**
 * Lays the given repo files out under `root` with their repo paths (readers look at extensions):
 * LFS files held in the local blob folder are linked, others streamed out of git.
 */
export async function materializeFiles(
  content: RepoContent,
  repo: RepoRecord,
  snapshot: Snapshot,
  paths: string[],
  root: string,
): Promise<void> {
  for (const path of new Set(paths)) {
    const target = diskPathUnder(root, path);
    await mkdir(dirname(target), { recursive: true });
    const entry = snapshot.byPath.get(path);
    if (
      entry?.lfs &&
      content.blobs instanceof FsBlobStore &&
      (await content.hasLfsObject(repo, entry.lfs.sha256)) !== undefined
    ) {
      await symlink(content.blobs.objectPath(entry.lfs.sha256), target);
      continue;
    }
    await pipeline(await content.openFile(repo, snapshot, path), createWriteStream(target));
  }
}

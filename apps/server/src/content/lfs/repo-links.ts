import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Which LFS objects a repository may use. The blob store is shared and content-addressed, so without
 * this a writer who learnt the sha256 of a file in someone's private repo could commit a pointer to it
 * and download it. Uploading the bytes marks the object for that repo and for its namespace: anyone
 * able to write into a namespace can read all of it already, so sharing within it leaks nothing and
 * keeps re-uploads of the same weights to sibling repos free.
 */
export class LfsLinks {
  constructor(private readonly root: string) {}

  private namespaceMarker(namespace: string, oid: string): string {
    return join(this.root, namespace, oid.slice(0, 2), oid.slice(2));
  }

  private repoMarker(repoDir: string, oid: string): string {
    return join(repoDir, "lfs-objects", oid.slice(0, 2), oid.slice(2));
  }

  /** Marks an uploaded object for a repo and its namespace. */
  async link(repoDir: string, namespace: string, oid: string): Promise<void> {
    await touch(this.repoMarker(repoDir, oid));
    await touch(this.namespaceMarker(namespace, oid));
    await rm(deletedMarker(repoDir, oid), { force: true });
  }

  /** Marks an object for a repo (a commit used it through the namespace link). */
  async linkRepo(repoDir: string, oid: string): Promise<void> {
    await touch(this.repoMarker(repoDir, oid));
    await rm(deletedMarker(repoDir, oid), { force: true });
  }

  /**
   * Withdraws a repo's claim on an object its owner deleted permanently: pointers left in its history no
   * longer reach the bytes, not even through the namespace link, until the object is uploaded again.
   */
  async unlinkRepo(repoDir: string, oid: string): Promise<void> {
    await touch(deletedMarker(repoDir, oid));
    await rm(this.repoMarker(repoDir, oid), { force: true });
  }

  /** Whether this object was permanently deleted from the repo (and not uploaded again since). */
  deletedFrom(repoDir: string, oid: string): Promise<boolean> {
    return exists(deletedMarker(repoDir, oid));
  }

  /** Whether the repo holds its own claim on the object (uploaded to it or committed in it). */
  claimedBy(repoDir: string, oid: string): Promise<boolean> {
    return exists(this.repoMarker(repoDir, oid));
  }

  /** Forgets an object that is gone from the store: its marks in every namespace and in `repoDirs`. */
  async unlinkEverywhere(oid: string, repoDirs: string[]): Promise<void> {
    for (const dir of repoDirs) await rm(this.repoMarker(dir, oid), { force: true });
    for (const namespace of await readdir(this.root).catch(() => [] as string[]))
      await rm(this.namespaceMarker(namespace, oid), { force: true });
  }

  /** The namespaces whose repos uploaded (or were given) this object. */
  async namespacesHolding(oid: string): Promise<string[]> {
    const namespaces = await readdir(this.root).catch(() => [] as string[]);
    const holding: string[] = [];
    for (const namespace of namespaces)
      if (await exists(this.namespaceMarker(namespace, oid))) holding.push(namespace);
    return holding;
  }

  /** Whether some namespace was given the object after `sinceMs` (an upload or adoption under way). */
  async linkedSince(oid: string, sinceMs: number): Promise<boolean> {
    for (const namespace of await readdir(this.root).catch(() => [] as string[])) {
      const marker = await stat(this.namespaceMarker(namespace, oid)).catch(() => undefined);
      if (marker && marker.mtimeMs > sinceMs) return true;
    }
    return false;
  }

  async usable(repoDir: string, namespace: string, oid: string): Promise<boolean> {
    if (await exists(this.repoMarker(repoDir, oid))) return true;
    if (await exists(deletedMarker(repoDir, oid))) return false;
    return exists(this.namespaceMarker(namespace, oid));
  }
}

function deletedMarker(repoDir: string, oid: string): string {
  return join(repoDir, "lfs-deleted", oid.slice(0, 2), oid.slice(2));
}

/** The objects permanently deleted from a repo (their pointers in its history claim nothing). */
export async function deletedLfsObjects(repoDir: string): Promise<Set<string>> {
  const root = join(repoDir, "lfs-deleted");
  const deleted = new Set<string>();
  for (const prefix of await readdir(root).catch(() => [] as string[]))
    for (const rest of await readdir(join(root, prefix)).catch(() => [] as string[]))
      deleted.add(prefix + rest);
  return deleted;
}

async function touch(path: string): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, "");
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

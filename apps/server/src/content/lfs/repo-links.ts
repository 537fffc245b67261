import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
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
  }

  /** Marks an object for a repo (a commit used it through the namespace link). */
  async linkRepo(repoDir: string, oid: string): Promise<void> {
    await touch(this.repoMarker(repoDir, oid));
  }

  /** The namespaces whose repos uploaded (or were given) this object. */
  async namespacesHolding(oid: string): Promise<string[]> {
    const namespaces = await readdir(this.root).catch(() => [] as string[]);
    const holding: string[] = [];
    for (const namespace of namespaces)
      if (await exists(this.namespaceMarker(namespace, oid))) holding.push(namespace);
    return holding;
  }

  async usable(repoDir: string, namespace: string, oid: string): Promise<boolean> {
    return (
      (await exists(this.repoMarker(repoDir, oid))) || (await exists(this.namespaceMarker(namespace, oid)))
    );
  }
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

import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { LooseObjects } from "./loose-objects.js";

const LOOSE_FOLDER = /^[0-9a-f]{2}$/;
const LOOSE_NAME = /^[0-9a-f]{38}$/;
const PREFIX = "quarantine-";
const ABANDONED_MS = 24 * 60 * 60 * 1000;

async function removeAbandoned(gitDir: string): Promise<void> {
  for (const name of await readdir(gitDir).catch(() => [] as string[])) {
    if (!name.startsWith(PREFIX)) continue;
    const info = await stat(join(gitDir, name)).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > ABANDONED_MS)
      await rm(join(gitDir, name), { recursive: true, force: true });
  }
}

/**
 * Blobs of a commit request written aside from the repository until the request is accepted (its
 * storage fits the owner's quota): a refused request leaves no byte in the repository.
 */
export class BlobQuarantine {
  private readonly objects: LooseObjects;
  private bytes = 0;

  private constructor(
    private readonly gitDir: string,
    private readonly folder: string,
  ) {
    this.objects = new LooseObjects(folder);
  }

  /**
   * A quarantine inside the repository's folder (same filesystem: accepting is a rename per object).
   * Quarantines a crash left behind (older than a day: no request runs that long) are removed.
   */
  static async open(gitDir: string): Promise<BlobQuarantine> {
    await removeAbandoned(gitDir);
    const folder = join(gitDir, `${PREFIX}${randomBytes(6).toString("hex")}`);
    await mkdir(join(folder, "objects"), { recursive: true });
    return new BlobQuarantine(gitDir, folder);
  }

  /** Content bytes written so far. */
  get contentBytes(): number {
    return this.bytes;
  }

  async write(content: Buffer): Promise<string> {
    this.bytes += content.length;
    return this.objects.write("blob", content);
  }

  /** Moves every blob into the repository (one that is there already stays as it is). */
  async accept(): Promise<void> {
    const source = join(this.folder, "objects");
    for (const prefix of await readdir(source)) {
      if (!LOOSE_FOLDER.test(prefix)) continue;
      const target = join(this.gitDir, "objects", prefix);
      await mkdir(target, { recursive: true });
      for (const name of await readdir(join(source, prefix))) {
        if (!LOOSE_NAME.test(name)) continue;
        const from = join(source, prefix, name);
        const exists = await stat(join(target, name)).then(
          () => true,
          () => false,
        );
        if (exists) await unlink(from);
        else await rename(from, join(target, name));
      }
    }
    await this.discard();
  }

  async discard(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }
}

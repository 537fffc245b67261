import { copyFile, mkdir, readdir, rename, stat } from "node:fs/promises";
import { dirname, join } from "node:path";

export interface CopyCount {
  files: number;
  bytes: number;
  /** Files already there with the same size (content-addressed or unchanged), not copied again. */
  skipped: number;
}

/** Copies one file through a temp name, so a crash never leaves a torn file under the real name. */
export async function copyAtomically(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const temp = `${to}.partial-${process.pid}`;
  await copyFile(from, temp);
  await rename(temp, to);
}

/**
 * Copies a folder tree, skipping files that exist at the target with the same size and a modification
 * time not older than the source's; `immutable` (content-addressed files): the same size is enough.
 */
export async function copyTree(
  from: string,
  to: string,
  options: { skip?: (name: string) => boolean; immutable?: boolean } = {},
): Promise<CopyCount> {
  const skip = options.skip ?? (() => false);
  const count: CopyCount = { files: 0, bytes: 0, skipped: 0 };
  const walk = async (source: string, target: string): Promise<void> => {
    for (const entry of await readdir(source, { withFileTypes: true }).catch(() => [])) {
      if (skip(entry.name)) continue;
      const s = join(source, entry.name);
      const t = join(target, entry.name);
      if (entry.isDirectory()) {
        await mkdir(t, { recursive: true });
        await walk(s, t);
        continue;
      }
      if (!entry.isFile()) continue;
      const [src, dst] = await Promise.all([stat(s).catch(() => undefined), stat(t).catch(() => undefined)]);
      if (!src) continue; // removed meanwhile
      if (dst && dst.size === src.size && (options.immutable || dst.mtimeMs >= src.mtimeMs)) {
        count.skipped++;
        continue;
      }
      await copyAtomically(s, t);
      count.files++;
      count.bytes += src.size;
    }
  };
  await mkdir(to, { recursive: true });
  await walk(from, to);
  return count;
}

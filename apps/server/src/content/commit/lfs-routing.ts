import type { IndexChange } from "../git/commit-draft.js";
import { formatPointer, parsePointer, type LfsPointer } from "../lfs/pointer.js";
import type { GitAttributes } from "../paths/gitattributes.js";

export interface LfsRoutingContext {
  readBlob(blob: string): Promise<Buffer>;
  /** Stores bytes as an LFS object the repo may use. */
  storeLfsContent(content: Buffer): Promise<LfsPointer>;
  writeBlob(content: string): Promise<string>;
}

/**
 * Plain files committed at paths the effective `.gitattributes` routes through LFS are stored as LFS
 * objects with a pointer in git, as a git-lfs client would have done. Otherwise a clone warns that
 * "should have been a pointer" files were not, and git status reports them as modified.
 * Pointers committed as files and empty files (git-lfs leaves those alone too) stay as they are.
 */
export async function storeRoutedFilesInLfs(
  context: LfsRoutingContext,
  attributes: GitAttributes,
  changes: IndexChange[],
  plainPaths: ReadonlySet<string>,
): Promise<void> {
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (change.kind !== "put" || !plainPaths.has(change.path) || !attributes.isLfs(change.path)) continue;
    const content = await context.readBlob(change.blob);
    if (content.length === 0 || parsePointer(content)) continue;
    const pointer = await context.storeLfsContent(content);
    changes[i] = { ...change, blob: await context.writeBlob(formatPointer(pointer)) };
  }
}

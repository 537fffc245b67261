import type { Readable } from "node:stream";
import type { FileEntry, RepoType } from "../../domain/repo.js";

/** What derivation needs to see of a repo at one commit. */
export interface RepoFiles {
  type: RepoType;
  files: FileEntry[];
  /** Content of a file (LFS resolved), or undefined when absent or larger than `maxBytes`. */
  read(path: string, maxBytes: number): Promise<Buffer | undefined>;
  /** Streams a file's content from its first byte (LFS resolved). */
  open(path: string): Promise<Readable>;
}

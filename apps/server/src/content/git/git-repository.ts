import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { LOG_FORMAT, parseLog, type CommitInfo } from "./commit-log.js";
import { gitEnv, gitText, runGit } from "./run-git.js";
import { parseLsTree, type TreeEntry } from "./tree-entries.js";

export const DEFAULT_BRANCH = "main";
const FULL_SHA = /^[0-9a-f]{40}$/;

export interface RefInfo {
  /** Full ref name, e.g. refs/heads/main. */
  ref: string;
  target: string;
}

/** Low-level operations on one bare repository through the git CLI. */
export class GitRepository {
  constructor(readonly dir: string) {}

  git(args: string[], input?: Buffer | string, env?: Record<string, string>) {
    return runGit(args, { gitDir: this.dir, input, env });
  }

  /** Resolves a revision to a commit id, or undefined when it does not exist. */
  async resolveCommit(rev: string): Promise<string | undefined> {
    const candidates =
      rev === "HEAD"
        ? [`refs/heads/${DEFAULT_BRANCH}`]
        : FULL_SHA.test(rev)
          ? [rev]
          : [`refs/heads/${rev}`, `refs/tags/${rev}`, rev];
    for (const candidate of candidates) {
      const result = await runGit(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", `${candidate}^{commit}`],
        {
          gitDir: this.dir,
          okCodes: [1, 128],
        },
      );
      const sha = result.stdout.toString("utf8").trim();
      if (result.code === 0 && FULL_SHA.test(sha)) return sha;
    }
    return undefined;
  }

  async headOf(branch: string): Promise<string | undefined> {
    const result = await runGit(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], {
      gitDir: this.dir,
      okCodes: [1, 128],
    });
    const sha = result.stdout.toString("utf8").trim();
    return result.code === 0 && FULL_SHA.test(sha) ? sha : undefined;
  }

  async treeEntries(commit: string): Promise<TreeEntry[]> {
    const result = await this.git(["ls-tree", "-r", "-t", "-l", "-z", "--full-tree", commit]);
    return parseLsTree(result.stdout);
  }

  async readBlob(oid: string): Promise<Buffer> {
    return (await this.git(["cat-file", "blob", oid])).stdout;
  }

  /** Reads many small blobs with one `git cat-file --batch` process. */
  async readBlobs(oids: string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    if (oids.length === 0) return found;
    const out = (await this.git(["cat-file", "--batch"], oids.join("\n") + "\n")).stdout;
    let offset = 0;
    while (offset < out.length) {
      const newline = out.indexOf(0x0a, offset);
      if (newline === -1) break;
      const header = out.subarray(offset, newline).toString("utf8").split(" ");
      offset = newline + 1;
      if (header[1] === "missing" || header.length < 3) continue;
      const size = Number(header[2]);
      found.set(header[0], out.subarray(offset, offset + size));
      offset += size + 1;
    }
    return found;
  }

  /** Streams a blob's bytes from `git cat-file`. */
  blobStream(oid: string): Readable {
    const child = spawn("git", [`--git-dir=${this.dir}`, "cat-file", "blob", oid], {
      env: gitEnv(),
      stdio: ["ignore", "pipe", "ignore"],
    });
    return child.stdout;
  }

  async log(
    commit: string,
    options: { skip?: number; limit?: number; path?: string } = {},
  ): Promise<CommitInfo[]> {
    const args = ["log", LOG_FORMAT, "--no-color"];
    if (options.skip) args.push(`--skip=${options.skip}`);
    if (options.limit !== undefined) args.push(`--max-count=${options.limit}`);
    args.push(commit, "--");
    if (options.path !== undefined) args.push(options.path);
    return parseLog(await gitText(args, { gitDir: this.dir }));
  }

  async countCommits(commit: string): Promise<number> {
    return Number((await gitText(["rev-list", "--count", commit], { gitDir: this.dir })).trim());
  }

  async refs(): Promise<RefInfo[]> {
    const text = await gitText(["for-each-ref", "--format=%(refname)%00%(objectname)%00%(*objectname)"], {
      gitDir: this.dir,
    });
    return text
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => {
        const [ref, target, peeled] = line.split("\0");
        return { ref, target: peeled || target };
      });
  }

  /** Atomic compare-and-swap of a ref; `expectedOld` = "" requires the ref not to exist. Returns false on a lost race. */
  async updateRef(ref: string, next: string, expectedOld: string | undefined): Promise<boolean> {
    const args = ["update-ref", ref, next];
    if (expectedOld !== undefined) args.push(expectedOld === "" ? "0".repeat(40) : expectedOld);
    const result = await runGit(args, { gitDir: this.dir, okCodes: [1, 128] });
    return result.code === 0;
  }

  async deleteRef(ref: string): Promise<boolean> {
    const result = await runGit(["update-ref", "-d", ref], { gitDir: this.dir, okCodes: [1, 128] });
    return result.code === 0;
  }

  async objectExists(oid: string): Promise<boolean> {
    const result = await runGit(["cat-file", "-e", oid], { gitDir: this.dir, okCodes: [1, 128] });
    return result.code === 0;
  }
}

export { type CommitInfo } from "./commit-log.js";
export { type TreeEntry } from "./tree-entries.js";

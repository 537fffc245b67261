import { lastCommitIds } from "./last-commits.js";
import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { boundedMap } from "./bounded-map.js";
import { LOG_FORMAT, commitInfoOf, parseLog, type CommitInfo } from "./commit-log.js";
import { LooseObjects } from "./loose-objects.js";
import { decodeCommit } from "./object-codec.js";
import { readRef, swapRef } from "./ref-files.js";
import { gitEnv, gitText, runGit } from "./run-git.js";
import { parseLsTree, type TreeEntry } from "./tree-entries.js";
import { type FlatEntry, walkTree, writeTrees } from "./tree-files.js";

export const DEFAULT_BRANCH = "main";
const FULL_SHA = /^[0-9a-f]{40}$/;
const PEEL_TO_COMMIT = /^([0-9a-f]{40})\^\{commit\}$/;
/** What git may read as an abbreviated object id. */
const SHORT_SHA = /^[0-9a-f]{4,39}$/i;
/** Names git looks up in the repository folder itself (HEAD, FETCH_HEAD, ORIG_HEAD…). */
const ROOT_REF = /^[A-Z_]+$/;
/** File handles open at once while reading many loose objects. */
const READ_LANES = 16;

export interface RefInfo {
  /** Full ref name, e.g. refs/heads/main. */
  ref: string;
  target: string;
}

/**
 * Low-level operations on one bare repository. Common reads and writes of loose objects and refs run
 * in-process (no process spawn); whatever they do not cover (packed objects, tags, unusual refs) goes
 * through the git CLI, which stays the reference behaviour.
 */
export class GitRepository {
  readonly objects: LooseObjects;

  constructor(readonly dir: string) {
    this.objects = new LooseObjects(dir);
  }

  /** Writes the tree objects for a flat list of entries; returns the root tree id. */
  writeTrees(entries: Iterable<FlatEntry>): Promise<string> {
    return writeTrees(this.objects, entries);
  }

  /** The id when `oid` is a loose commit; undefined when git has to be asked. */
  private async looseCommit(oid: string): Promise<string | undefined> {
    return (await this.objects.isCommit(oid)) ? oid : undefined;
  }

  git(args: string[], input?: Buffer | string, env?: Record<string, string>) {
    return runGit(args, { gitDir: this.dir, input, env });
  }

  /** Resolves a revision to a commit id, or undefined when it does not exist. */
  async resolveCommit(rev: string): Promise<string | undefined> {
    if (FULL_SHA.test(rev)) return (await this.looseCommit(rev)) ?? this.revParse([rev]);
    const quick = await this.looseBranchCommit(rev === "HEAD" ? DEFAULT_BRANCH : rev);
    if (quick) return quick;
    if (rev === "HEAD") return this.revParse([`refs/heads/${DEFAULT_BRANCH}`]);
    // a name no ref has (a typo, a hostile path segment) is answered without starting git
    if (this.surelyMissing(rev)) return undefined;
    return this.revParse([`refs/heads/${rev}`, `refs/tags/${rev}`, rev]);
  }

  /** The first of `candidates` git resolves to a commit (`rev-parse --verify`, one process each). */
  private async revParse(candidates: string[]): Promise<string | undefined> {
    for (const candidate of candidates) {
      const result = await runGit(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", asCommit(candidate)],
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

  /**
   * True when git could not read `rev` as one commit: a range (`a..b`), or a plain ref name (no
   * revision syntax such as `~`, `^`, `@{`) that is no abbreviated commit id, no root ref
   * (`FETCH_HEAD`…), and none of the refs git tries for a short name (branch, tag, `refs/<rev>`,
   * remotes) exists, loose or packed.
   */
  private surelyMissing(rev: string): boolean {
    // `a..b` names a range, never one commit (`rev-parse --verify` refuses it); `:/text` and `@{…}`
    // may hold dots, so those stay with git
    if (rev.includes("..") && !/[:{]/.test(rev)) return true;
    if (SHORT_SHA.test(rev) || ROOT_REF.test(rev)) return false;
    const names = [
      `refs/heads/${rev}`,
      `refs/tags/${rev}`,
      `refs/${rev}`,
      `refs/remotes/${rev}`,
      `refs/remotes/${rev}/HEAD`,
    ];
    if (rev.startsWith("refs/")) names.push(rev);
    // readRef answers "unknown" for any name outside the plain ref syntax: git decides those
    return names.every((name) => readRef(this.dir, name).state === "absent");
  }

  private async looseBranchCommit(branch: string): Promise<string | undefined> {
    const ref = readRef(this.dir, `refs/heads/${branch}`);
    return ref.state === "found" ? this.looseCommit(ref.oid) : undefined;
  }

  async headOf(branch: string): Promise<string | undefined> {
    const ref = readRef(this.dir, `refs/heads/${branch}`);
    if (ref.state === "found") return ref.oid;
    if (ref.state === "absent") return undefined;
    const result = await runGit(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], {
      gitDir: this.dir,
      okCodes: [1, 128],
    });
    const sha = result.stdout.toString("utf8").trim();
    return result.code === 0 && FULL_SHA.test(sha) ? sha : undefined;
  }

  async treeEntries(commit: string): Promise<TreeEntry[]> {
    const quick = FULL_SHA.test(commit) ? await this.looseTreeEntries(commit) : undefined;
    if (quick) return quick;
    const result = await this.git(["ls-tree", "-r", "-t", "-l", "-z", "--full-tree", commit]);
    return parseLsTree(result.stdout);
  }

  /** `ls-tree -r -t -l` of a commit from loose objects; undefined if any object is packed. */
  private async looseTreeEntries(commit: string): Promise<TreeEntry[] | undefined> {
    const object = await this.objects.read(commit);
    const fields = object?.kind === "commit" ? decodeCommit(object.body) : undefined;
    const walked = fields && (await walkTree(this.objects, fields.tree));
    if (!walked) return undefined;
    const listed = walked.filter((entry) => entry.kind !== "commit");
    const sizes = await boundedMap(listed, READ_LANES, async (entry) =>
      entry.kind === "tree" ? 0 : (await this.objects.readHeader(entry.oid))?.size,
    );
    if (sizes.includes(undefined)) return undefined;
    return listed.map((entry, i) => ({
      type: entry.kind === "tree" ? "tree" : "blob",
      mode: entry.mode.padStart(6, "0"),
      oid: entry.oid,
      gitSize: sizes[i] ?? 0,
      path: entry.path,
    }));
  }

  async readBlob(oid: string): Promise<Buffer> {
    const loose = await this.objects.read(oid);
    if (loose?.kind === "blob") return loose.body;
    return (await this.git(["cat-file", "blob", oid])).stdout;
  }

  /** Reads many small blobs: loose ones in-process, any packed rest with one `git cat-file --batch`. */
  async readBlobs(oids: string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const loose = await boundedMap(oids, READ_LANES, (oid) => this.objects.read(oid));
    const packed: string[] = [];
    oids.forEach((oid, i) => {
      const object = loose[i];
      if (object) found.set(oid, object.body);
      else packed.push(oid);
    });
    if (packed.length === 0) return found;
    const out = (await this.git(["cat-file", "--batch"], packed.join("\n") + "\n")).stdout;
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
    if (!options.skip && options.limit === 1 && options.path === undefined && FULL_SHA.test(commit)) {
      const quick = await this.looseCommitInfo(commit);
      if (quick) return [quick];
    }
    const args = ["log", LOG_FORMAT, "--no-color"];
    if (options.skip) args.push(`--skip=${options.skip}`);
    if (options.limit !== undefined) args.push(`--max-count=${options.limit}`);
    args.push(commit, "--");
    if (options.path !== undefined) args.push(options.path);
    return parseLog(await gitText(args, { gitDir: this.dir }));
  }

  /** The newest commit from `commit` back that changed each path (file or folder), in one history walk. */
  async lastCommits(commit: string, paths: string[]): Promise<Map<string, CommitInfo>> {
    const ids = await lastCommitIds(this.dir, commit, paths);
    const infos = new Map<string, CommitInfo>();
    for (const id of new Set(ids.values())) {
      const [info] = await this.log(id, { limit: 1 });
      if (info) infos.set(id, info);
    }
    const byPath = new Map<string, CommitInfo>();
    for (const [path, id] of ids) {
      const info = infos.get(id);
      if (info) byPath.set(path, info);
    }
    return byPath;
  }

  /** One commit's log entry read in-process; undefined for shapes `git log` should render (encodings). */
  private async looseCommitInfo(oid: string): Promise<CommitInfo | undefined> {
    const object = await this.objects.read(oid);
    const fields = object?.kind === "commit" ? decodeCommit(object.body) : undefined;
    if (!fields || fields.headers.includes("encoding")) return undefined;
    return commitInfoOf(
      {
        id: oid,
        parents: fields.parents,
        authorName: fields.authorName,
        authorEmail: fields.authorEmail,
        date: fields.authorDate,
      },
      fields.message,
    );
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

  /**
   * Ids of the blobs (and the commits, which git always lists) that any ref reaches: what a clone or a
   * fetch of every ref can carry. Empty for a repository without refs.
   */
  async reachableBlobIds(): Promise<string[]> {
    const text = await gitText(
      ["rev-list", "--objects", "--all", "--no-object-names", "--filter=object:type=blob"],
      { gitDir: this.dir },
    );
    return text.split("\n").filter((line) => line !== "");
  }

  /** Commits reachable from `tips` and not from `known` (newest first, at most `limit`): what a push brought. */
  async commitsBetween(tips: string[], known: string[], limit: number): Promise<string[]> {
    if (tips.length === 0) return [];
    const text = await gitText(
      ["rev-list", `--max-count=${limit}`, ...tips, ...(known.length > 0 ? ["--not", ...known] : [])],
      { gitDir: this.dir },
    );
    return text.split("\n").filter((line) => line !== "");
  }

  /** Atomic compare-and-swap of a ref; `expectedOld` = "" requires the ref not to exist. Returns false on a lost race. */
  async updateRef(ref: string, next: string, expectedOld: string | undefined): Promise<boolean> {
    if (expectedOld !== undefined) {
      const outcome = await swapRef(this.dir, this.objects, ref, next, expectedOld);
      if (outcome !== "declined") return outcome === "moved";
    }
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
    const peel = PEEL_TO_COMMIT.exec(oid);
    if (peel && (await this.looseCommit(peel[1]))) return true;
    const result = await runGit(["cat-file", "-e", oid], { gitDir: this.dir, okCodes: [1, 128] });
    return result.code === 0;
  }
}

export { type CommitInfo } from "./commit-log.js";
export { type TreeEntry } from "./tree-entries.js";

/**
 * `rev` peeled to a commit. `:/text` names the newest commit whose message matches `text`, always a
 * commit; older git (2.39) reads a `^{commit}` after it as part of the text, so it is left bare.
 */
function asCommit(rev: string): string {
  return rev.startsWith(":/") ? rev : `${rev}^{commit}`;
}

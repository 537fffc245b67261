import type { CommitDiff, CommitFileChange, LfsSide } from "@modelhub/api-types";
import type { GitRepository } from "./git-repository.js";
import { trimTrailing } from "../../patterns/trim.js";

const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
/** Past these, a file's patch (or the rest of the commit's) is left out and marked truncated. */
const MAX_FILE_PATCH_BYTES = 256 * 1024;
const MAX_TOTAL_PATCH_BYTES = 2 * 1024 * 1024;
const MAX_FILES = 1000;

const STATUS: Record<string, CommitFileChange["status"]> = {
  A: "added",
  D: "deleted",
  M: "modified",
  R: "renamed",
  T: "type-changed",
};

/** `git diff --name-status -z -M` → status and paths per file, in git's order. */
function parseNameStatus(
  raw: string,
): { status: CommitFileChange["status"]; path: string; oldPath?: string }[] {
  const fields = raw.split("\0");
  const out: { status: CommitFileChange["status"]; path: string; oldPath?: string }[] = [];
  for (let i = 0; i < fields.length - 1;) {
    const code = fields[i++];
    const status = STATUS[code[0]] ?? "modified";
    if (code[0] === "R" || code[0] === "C") {
      const oldPath = fields[i++];
      out.push({ status, oldPath, path: fields[i++] });
    } else out.push({ status, path: fields[i++] });
  }
  return out;
}

/** `git diff --numstat -z -M` → additions/deletions per file in git's order ("-" for binary). */
function parseNumstat(raw: string): { additions: number; deletions: number; binary: boolean }[] {
  const fields = raw.split("\0");
  const out: { additions: number; deletions: number; binary: boolean }[] = [];
  for (let i = 0; i < fields.length - 1;) {
    const [added, deleted, path] = fields[i++].split("\t");
    if (path === "") i += 2; // a rename: old and new path follow as their own fields
    out.push({
      additions: added === "-" ? 0 : Number(added),
      deletions: deleted === "-" ? 0 : Number(deleted),
      binary: added === "-",
    });
  }
  return out;
}

/** The hunks of each file of a `git diff -p` in git's order (headers dropped). */
function splitPatch(patch: string): string[] {
  const parts = patch.split(/^diff --git .*$/m).slice(1);
  return parts.map((part) => {
    const start = part.search(/^@@ /m);
    return start === -1 ? "" : part.slice(start).replace(/\n$/, "");
  });
}

/** The LFS pointer on each side of a pointer file's hunk, if the file is one. */
function lfsSides(hunks: string): CommitFileChange["lfs"] {
  if (!/^[-+ ]version https:\/\/git-lfs\.github\.com\/spec\/v1$/m.test(hunks)) return undefined;
  const side = (mark: "-" | "+"): LfsSide | undefined => {
    const oid = new RegExp(`^[${mark} ]oid sha256:([0-9a-f]{64})$`, "m").exec(hunks)?.[1];
    const size = new RegExp(`^[${mark} ]size (\\d+)$`, "m").exec(hunks)?.[1];
    return oid && size ? { oid, size: Number(size) } : undefined;
  };
  return { before: side("-"), after: side("+") };
}

/** What a commit changed against its first parent (or the empty tree for a first commit). */
export async function commitDiff(git: GitRepository, commit: string): Promise<CommitDiff> {
  const meta = (await git.git(["show", "-s", "--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%B", commit])).stdout
    .toString("utf8")
    .split("\0");
  const parents = meta[1].trim() === "" ? [] : meta[1].trim().split(" ");
  const base = parents[0] ?? EMPTY_TREE;
  const range = [base, commit, "--"];
  const flags = ["diff", "--no-color", "--no-ext-diff", "-M"];
  const [names, counts, patch] = await Promise.all([
    git.git([...flags, "--name-status", "-z", ...range]),
    git.git([...flags, "--numstat", "-z", ...range]),
    git.git([...flags, "-p", "--unified=3", ...range]),
  ]);
  const statuses = parseNameStatus(names.stdout.toString("utf8"));
  const numbers = parseNumstat(counts.stdout.toString("utf8"));
  const hunks = splitPatch(patch.stdout.toString("utf8"));
  let budget = MAX_TOTAL_PATCH_BYTES;
  const files: CommitFileChange[] = statuses.slice(0, MAX_FILES).map((entry, index) => {
    const stats = numbers[index] ?? { additions: 0, deletions: 0, binary: false };
    const text = stats.binary ? "" : (hunks[index] ?? "");
    const change: CommitFileChange = { ...entry, ...stats };
    const lfs = lfsSides(text);
    if (lfs) change.lfs = lfs;
    const bytes = Buffer.byteLength(text);
    if (text && bytes <= MAX_FILE_PATCH_BYTES && bytes <= budget) {
      change.patch = text;
      budget -= bytes;
    } else if (text) change.truncated = true;
    return change;
  });
  const message = trimTrailing(meta.slice(5).join("\0"), "\n");
  return {
    id: meta[0],
    parents,
    authorName: meta[2],
    authorEmail: meta[3],
    date: meta[4],
    title: message.split("\n")[0] ?? "",
    message,
    files,
    filesTruncated: statuses.length > MAX_FILES,
  };
}

/** A plain unified diff between two commits (the Hub's compare route answers this text). */
export async function compareText(git: GitRepository, base: string, head: string): Promise<Buffer> {
  const result = await git.git(["diff", "--no-color", "--no-ext-diff", "-M", base, head, "--"]);
  return result.stdout;
}

import type { CommitFileChange, LfsSide } from "@modelhub/api-types";

/** A pull request's diff as the hub serves it (`git diff base head`), split into the commit page's file changes. */
export interface ParsedDiff {
  files: CommitFileChange[];
  /** The hub cut the diff at its size limit. */
  cut: boolean;
}

const CUT_MARK = /^\[diff cut at \d+ bytes\]$/;
const LFS_VERSION = "version https://git-lfs.github.com/spec/v1";

/** `a/x` or `"a/x y"` (git quotes paths with special characters) → `x`. */
function unquote(raw: string): string {
  let text = raw.trim();
  if (text.startsWith('"') && text.endsWith('"')) {
    try {
      text = JSON.parse(text) as string;
    } catch {
      text = text.slice(1, -1);
    }
  }
  return text.replace(/^[ab]\//, "");
}

/** `diff --git a/p b/p` → p, when both sides name the same path (the usual case). */
function pathFromHeader(line: string): string {
  const rest = line.slice("diff --git ".length);
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(0, half).slice(2) === rest.slice(half + 1).slice(2))
    return rest.slice(2, half);
  const split = rest.indexOf(" b/");
  return unquote(split > 0 ? rest.slice(split + 1) : rest);
}

/** The before/after sides of a changed LFS pointer file, read from its patch. */
function lfsSides(patchLines: string[]): CommitFileChange["lfs"] | undefined {
  const side = (mark: string): LfsSide | undefined => {
    const lines = patchLines.filter((l) => l.startsWith(mark) || l.startsWith(" ")).map((l) => l.slice(1));
    if (!lines.includes(LFS_VERSION)) return undefined;
    const oid = lines.find((l) => l.startsWith("oid sha256:"))?.slice("oid sha256:".length);
    const size = Number(lines.find((l) => l.startsWith("size "))?.slice(5));
    return oid && Number.isFinite(size) ? { oid, size } : undefined;
  };
  const before = side("-");
  const after = side("+");
  return before || after ? { before, after } : undefined;
}

function finish(file: CommitFileChange, patchLines: string[]): CommitFileChange {
  const lfs = lfsSides(patchLines);
  if (lfs) return { ...file, lfs, patch: undefined };
  return { ...file, patch: patchLines.length > 0 ? patchLines.join("\n") : undefined };
}

export function parseDiff(text: string): ParsedDiff {
  const files: CommitFileChange[] = [];
  let cut = false;
  let current: CommitFileChange | undefined;
  let patch: string[] = [];
  let inHunk = false;
  const flush = () => {
    if (current) files.push(finish(current, patch));
    current = undefined;
    patch = [];
    inHunk = false;
  };
  for (const line of text.split("\n")) {
    if (CUT_MARK.test(line)) {
      cut = true;
      continue;
    }
    if (line.startsWith("diff --git ")) {
      flush();
      current = {
        path: pathFromHeader(line),
        status: "modified",
        additions: 0,
        deletions: 0,
        binary: false,
      };
      continue;
    }
    if (!current) continue;
    if (inHunk && /^[ +\-\\]/.test(line)) {
      if (line.startsWith("\\")) continue; // "\ No newline at end of file"
      patch.push(line);
      if (line.startsWith("+")) current.additions++;
      else if (line.startsWith("-")) current.deletions++;
      continue;
    }
    if (line.startsWith("@@")) {
      inHunk = true;
      patch.push(line);
    } else if (line.startsWith("new file mode")) current.status = "added";
    else if (line.startsWith("deleted file mode")) current.status = "deleted";
    else if (line.startsWith("rename from ")) {
      current.status = "renamed";
      current.oldPath = unquote(line.slice("rename from ".length));
    } else if (line.startsWith("rename to ")) current.path = unquote(line.slice("rename to ".length));
    else if (line.startsWith("Binary files ")) current.binary = true;
    else if (line.startsWith("+++ ") && !line.startsWith("+++ /dev/null"))
      current.path = unquote(line.slice(4));
  }
  flush();
  return { files, cut };
}

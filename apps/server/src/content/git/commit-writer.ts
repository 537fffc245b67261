import { FlatTree } from "./flat-tree.js";
import type { GitRepository } from "./git-repository.js";
import { commitSeconds, type CommitDraft } from "./commit-draft.js";
import { writeCommitThroughIndex } from "./index-commit-writer.js";
import { decodeCommit, encodeCommit } from "./object-codec.js";
import { walkTree } from "./tree-files.js";

/** Modes git keeps as they are when a tree goes through an index (others get normalised). */
const INDEX_MODES = new Set(["100644", "100755", "120000", "160000"]);
/** Characters git trims from both ends of an identity ("crud"); control characters count too. */
const IDENTITY_CRUD = new Set([..." .,:;<>\"'\\"]);

/**
 * Builds a commit object from `base` plus `changes`; nothing visible changes (the caller moves the
 * branch with a compare-and-swap afterwards). Objects are written in-process; drafts whose outcome
 * git might shape differently (packed base, identities git would clean up, paths it guards) go
 * through git's own index instead, so the commit id is always the one git would make.
 */
export async function writeCommit(repo: GitRepository, draft: CommitDraft, tmpDir: string): Promise<string> {
  return (await writeCommitInProcess(repo, draft)) ?? writeCommitThroughIndex(repo, draft, tmpDir);
}

export async function writeCommitInProcess(
  repo: GitRepository,
  draft: CommitDraft,
): Promise<string | undefined> {
  if (!plainIdentity(draft.author.name) || !plainIdentity(draft.author.email)) return undefined;
  if (draft.message.includes("\0") || !wellFormed(draft.message)) return undefined;
  const seconds = commitSeconds(draft);
  // git reads "<seconds> +0000" as a timestamp only from 100000000 (1973) on; far-off dates are its call.
  if (seconds < 100_000_000 || seconds >= 4_000_000_000) return undefined;
  let files = new FlatTree();
  if (draft.base) {
    const base = await repo.objects.read(draft.base);
    const fields = base?.kind === "commit" ? decodeCommit(base.body) : undefined;
    const walked = fields && (await walkTree(repo.objects, fields.tree));
    if (!walked || walked.some((entry) => entry.lossyPath)) return undefined;
    const flat = FlatTree.from(walked.filter((entry) => entry.kind !== "tree"));
    if (!flat) return undefined;
    files = flat;
  }
  for (const change of draft.changes) {
    if (change.kind === "put") files.put({ path: change.path, mode: "100644", oid: change.blob });
    else files.remove(change.path);
  }
  for (const entry of files.values())
    if (!INDEX_MODES.has(entry.mode) || !plainPath(entry.path)) return undefined;
  const tree = await repo.writeTrees(files.values());
  const who = { name: draft.author.name, email: draft.author.email, seconds };
  const body = encodeCommit({
    tree,
    parents: draft.base ? [draft.base] : [],
    author: who,
    committer: who,
    message: draft.message,
  });
  return repo.objects.write("commit", body);
}

function wellFormed(text: string): boolean {
  return Buffer.from(text, "utf8").toString("utf8") === text;
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

function isCrud(char: string): boolean {
  return char.charCodeAt(0) < 0x20 || IDENTITY_CRUD.has(char);
}

/** Identities git stores exactly as given: nothing to trim at the ends, no control characters or <>. */
function plainIdentity(value: string): boolean {
  if (value === "" || isCrud(value[0]) || isCrud(value[value.length - 1])) return false;
  return !hasControl(value) && !value.includes("<") && !value.includes(">") && wellFormed(value);
}

/** Paths git's index takes as they are; anything near `.git` (incl. NTFS aliases) is left to git. */
function plainPath(path: string): boolean {
  if (!wellFormed(path) || hasControl(path) || path.includes("\\")) return false;
  for (const part of path.split("/")) {
    const lower = part.toLowerCase();
    if (part === "" || part === "." || part === "..") return false;
    if (lower.startsWith("git~") || (lower.startsWith(".git") && /^(?:$|[ .:])/.test(lower.slice(4))))
      return false;
  }
  return true;
}

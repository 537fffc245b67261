import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { commitSeconds, type CommitDraft } from "./commit-draft.js";
import type { GitRepository } from "./git-repository.js";

const ZERO = "0".repeat(40);

/**
 * The git CLI way to build a commit: a throw-away index file, read-tree / update-index / write-tree,
 * then commit-tree. Used when the in-process writer declines a draft (packed objects, unusual
 * identities or paths), so git itself decides those cases.
 */
export async function writeCommitThroughIndex(
  repo: GitRepository,
  draft: CommitDraft,
  tmpDir: string,
): Promise<string> {
  const indexFile = join(tmpDir, `index-${randomBytes(8).toString("hex")}`);
  const env = { GIT_INDEX_FILE: indexFile };
  await mkdir(tmpDir, { recursive: true });
  try {
    if (draft.base) await repo.git(["read-tree", draft.base], undefined, env);
    else await repo.git(["read-tree", "--empty"], undefined, env);
    if (draft.changes.length > 0) {
      const lines = draft.changes.map((change) =>
        change.kind === "put" ? `100644 ${change.blob}\t${change.path}\0` : `0 ${ZERO}\t${change.path}\0`,
      );
      await repo.git(["update-index", "-z", "--index-info"], lines.join(""), env);
    }
    const tree = (await repo.git(["write-tree"], undefined, env)).stdout.toString("utf8").trim();
    const when = `${commitSeconds(draft)} +0000`;
    const identity = {
      GIT_AUTHOR_NAME: draft.author.name,
      GIT_AUTHOR_EMAIL: draft.author.email,
      GIT_AUTHOR_DATE: when,
      GIT_COMMITTER_NAME: draft.author.name,
      GIT_COMMITTER_EMAIL: draft.author.email,
      GIT_COMMITTER_DATE: when,
    };
    const args = ["commit-tree", tree, ...(draft.base ? ["-p", draft.base] : []), "-F", "-"];
    return (await repo.git(args, draft.message, identity)).stdout.toString("utf8").trim();
  } finally {
    await rm(indexFile, { force: true });
    await rm(`${indexFile}.lock`, { force: true });
  }
}

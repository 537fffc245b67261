import type { AuditTrail } from "../../domain/ports.js";
import type { RepoRecord } from "../../domain/repo.js";
import type { RefUpdate } from "../git/lfs-push-check.js";
import { runGit } from "../git/run-git.js";

const ZERO = "0".repeat(40);

/**
 * The audit events of a `git push` that went through: deleted branches and tags, and branches whose
 * history was rewritten (the old head is not an ancestor of the new one). `after` is the repo's refs once
 * git is done, so an update git refused records nothing.
 */
export async function recordPushEvents(
  audit: AuditTrail,
  repo: RepoRecord,
  gitDir: string,
  updates: RefUpdate[],
  after: Map<string, string>,
): Promise<void> {
  const subject = { type: repo.type, id: repo.id };
  for (const update of updates) {
    const branch = update.ref.startsWith("refs/heads/") ? update.ref.slice("refs/heads/".length) : undefined;
    const tag = update.ref.startsWith("refs/tags/") ? update.ref.slice("refs/tags/".length) : undefined;
    if (branch === undefined && tag === undefined) continue;
    if (update.newOid === ZERO) {
      if (after.has(update.ref)) continue;
      await audit.record(
        branch !== undefined
          ? {
              type: "repo.delete_branch",
              namespace: repo.owner,
              data: { repo: subject, branch, commit: update.oldOid, via: "git" },
            }
          : {
              type: "repo.delete_tag",
              namespace: repo.owner,
              data: { repo: subject, tag, commit: update.oldOid, via: "git" },
            },
      );
      continue;
    }
    if (branch === undefined || update.oldOid === ZERO || after.get(update.ref) !== update.newOid) continue;
    // the old head is still in the object store (gc keeps it for the grace period)
    const ancestor = await runGit(["merge-base", "--is-ancestor", update.oldOid, update.newOid], {
      gitDir,
      okCodes: [1],
    });
    if (ancestor.code === 0) continue;
    await audit.record({
      type: "repo.force_push",
      namespace: repo.owner,
      data: { repo: subject, ref: update.ref, from: update.oldOid, to: update.newOid, via: "git" },
    });
  }
}

import { DEFAULT_BRANCH } from "../git/git-repository.js";
import { dropBlobsFromHistory } from "../git/drop-blobs.js";
import type { RepoContent } from "../repo-content.js";
import { linkedObjects, pointerBlobId } from "./lfs-inventory.js";
import { lfsPointerBlobsOf } from "./referenced-lfs.js";
import { claimedElsewhere } from "./lfs-claims.js";
import { notFound } from "../../domain/errors.js";
import type { RepoRecord } from "../../domain/repo.js";
import type { AuditTrail } from "../../domain/ports.js";

export interface LfsDeletionRequest {
  /** `fileOid`s of list_lfs_files (pointer blob ids); sha256 object ids are taken too. */
  shas: string[];
  /** Also remove every file pointing at the objects from the history of every ref (the Hub's default). */
  rewriteHistory: boolean;
}

export interface LfsDeletionResult {
  /** sha256 of the objects this repo no longer holds. */
  deleted: string[];
  /** Of those, the objects no other repository claims: their bytes were removed from storage. */
  freed: string[];
  /** Refs whose history was rewritten. */
  rewrittenRefs: string[];
}

/**
 * Permanently deletes LFS objects from one repository (`HfApi.permanently_delete_lfs_files`). The store is
 * content-addressed and shared (duplicated repos, namespace links), so the repo's claim is withdrawn and
 * the bytes are removed only when no other repository claims them (gc's reachability rules); otherwise
 * the next gc frees them once the last claim goes (also when the object was uploaded, claimed or
 * downloaded anywhere while the deletion ran). Every sha is checked before anything changes.
 */
export async function deleteLfsObjects(
  content: RepoContent,
  repo: RepoRecord,
  request: LfsDeletionRequest,
  audit?: AuditTrail,
): Promise<LfsDeletionResult> {
  const git = content.git(repo);
  // an identical upload elsewhere while this runs must keep its bytes: only what nobody used since is freed
  const startedAt = Date.now();
  const result = await content.withRepoLock(repo, async () => {
    const pointerBlobs = await lfsPointerBlobsOf(git.dir);
    const known = new Map<string, string>();
    for (const [blob, pointer] of pointerBlobs) {
      known.set(blob, pointer.oid);
      known.set(pointer.oid, pointer.oid);
    }
    for (const { oid } of await linkedObjects(git.dir)) {
      known.set(oid, oid);
      const size = await content.blobs.stat(oid);
      if (size !== undefined) known.set(pointerBlobId(oid, size), oid);
    }
    const unknown = request.shas.filter((sha) => !known.has(sha));
    if (unknown.length > 0)
      throw notFound(`LFS file not found in ${repo.type} ${repo.id}: ${unknown.slice(0, 10).join(", ")}`);
    const oids = new Set(request.shas.map((sha) => known.get(sha)!));

    let moved: { ref: string; to: string }[] = [];
    if (request.rewriteHistory) {
      const blobs = new Set(
        [...pointerBlobs].filter(([, pointer]) => oids.has(pointer.oid)).map(([blob]) => blob),
      );
      moved = await dropBlobsFromHistory(git, blobs);
    }
    for (const oid of oids) await content.disownLfsObject(repo, oid);
    content.forget(git.dir);
    const main = moved.find((ref) => ref.ref === `refs/heads/${DEFAULT_BRANCH}`);
    if (main) await content.announce(repo, main.to);
    content.logger.info(
      { repo: `${repo.type}:${repo.id}`, objects: oids.size, rewrittenRefs: moved.length },
      "LFS objects deleted permanently",
    );
    await audit?.record({
      type: "repo.delete_lfs_file",
      namespace: repo.owner,
      data: {
        repo: { type: repo.type, id: repo.id },
        count: oids.size,
        oids: [...oids].slice(0, 100),
        rewriteHistory: request.rewriteHistory,
        rewrittenRefs: moved.map((ref) => ref.ref),
      },
    });
    return { deleted: [...oids], rewrittenRefs: moved.map((ref) => ref.ref) };
  });

  const kept = await claimedElsewhere(content.dataDir, git.dir, result.deleted);
  const freed: string[] = [];
  for (const oid of result.deleted) {
    if (kept.has(oid)) continue;
    if (await content.freeLfsObject(oid, startedAt)) freed.push(oid);
  }
  return { ...result, freed };
}

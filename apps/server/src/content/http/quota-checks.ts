import type { CommitOperation } from "../commit/plan-index-changes.js";
import type { ContentContext } from "./content-context.js";
import type { RepoRecord } from "../../domain/repo.js";

/** How long the bytes of an LFS upload announced by a batch are held (its links live as long). */
export const LFS_HOLD_MS = 3600 * 1000;

/** The hold of one LFS object's upload to one repo: asked for again, it holds the bytes once. */
export const lfsHoldId = (repo: RepoRecord, oid: string) => `lfs:${repo.type}:${repo.id}:${oid}`;

/** Holds the bytes of the objects a batch asks to upload, or throws 413 before any byte is sent. */
export async function holdLfsUploads(
  ctx: ContentContext,
  repo: RepoRecord,
  objects: { oid: string; size: number }[],
): Promise<void> {
  if (!ctx.quotas || objects.length === 0 || !(await ctx.quotas.limited(repo))) return;
  const unique = new Map(objects.map((object) => [object.oid, object.size]));
  await ctx.quotas.reserve(
    repo,
    [...unique].map(([oid, size]) => ({ id: lfsHoldId(repo, oid), bytes: size })),
    LFS_HOLD_MS,
  );
}

/**
 * Runs an LFS object's upload, then drops its hold and adds the object to the repo's measure when the
 * repo claims it now and did not before (stored or failed, the hold goes).
 */
export async function settlingLfsUpload<T>(
  ctx: ContentContext,
  repo: RepoRecord,
  oid: string,
  upload: () => Promise<T>,
): Promise<T> {
  const quotas = ctx.quotas;
  if (!quotas) return upload();
  const claimedBefore = await ctx.content.lfsClaimedBy(repo, oid);
  let added = 0;
  try {
    return await upload();
  } finally {
    if (!claimedBefore && (await ctx.content.lfsClaimedBy(repo, oid)))
      added = (await ctx.content.blobs.stat(oid)) ?? 0;
    await quotas.settle(repo, [lfsHoldId(repo, oid)], added);
  }
}

/** Bytes a commit's LFS files add to the repo: objects it does not claim yet, each once. */
export async function unclaimedLfsBytes(
  ctx: ContentContext,
  repo: RepoRecord,
  operations: CommitOperation[],
): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  for (const operation of operations) {
    if (operation.kind !== "lfs" || seen.has(operation.oid)) continue;
    seen.add(operation.oid);
    if (await ctx.content.lfsClaimedBy(repo, operation.oid)) continue;
    total += (await ctx.content.blobs.stat(operation.oid)) ?? operation.size ?? 0;
  }
  return total;
}

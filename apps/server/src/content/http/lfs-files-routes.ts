import type { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { DEFAULT_BRANCH } from "../git/git-repository.js";
import { linkedObjects, pointerBlobId } from "../lfs/lfs-inventory.js";
import { deleteLfsObjects, type LfsDeletionRequest } from "../lfs/permanent-deletion.js";
import { readLimitedJson } from "./limited-body.js";
import { type ContentContext, hubUrl } from "./content-context.js";
import { viewerOf, writableRepo } from "./repo-access.js";
import { COLLECTION_PATTERN, typeOfCollection } from "./repo-types.js";
import type { RepoKey } from "../repo-content.js";
import { badRequest } from "../../domain/errors.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;
const PAGE = 1000;
/** The client sends deletions in batches of 1,000. */
const MAX_DELETIONS = 1000;
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Where a ref stands in the naming order: the default branch, branches, tags, then pull requests. */
function refRank(ref: string): number {
  if (ref === `refs/heads/${DEFAULT_BRANCH}`) return 0;
  if (ref.startsWith("refs/heads/")) return 1;
  if (ref.startsWith("refs/tags/")) return 2;
  return /^refs\/pr\/\d+$/.test(ref) ? 3 : -1;
}

/**
 * Refs whose files name LFS objects, in naming order. A branch is named like the Hub's git-lfs
 * uploads ("main"), which both the 0.x and the 1.x clients select on; other refs keep their full name.
 */
async function namingRefs(ctx: ContentContext, repo: RepoKey): Promise<{ ref: string; commit: string }[]> {
  return (await ctx.content.git(repo).refs())
    .filter((ref) => refRank(ref.ref) >= 0)
    .sort((a, b) => refRank(a.ref) - refRank(b.ref))
    .map((ref) => ({ ref: ref.ref.replace(/^refs\/heads\//, ""), commit: ref.target }));
}

/** `{"deletions": {"sha": [...], "rewriteHistory": bool}}`, every sha a pointer blob id or a sha256. */
function deletionRequest(body: unknown): LfsDeletionRequest {
  const deletions = (body as { deletions?: unknown } | null)?.deletions;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badRequest("Body must be a JSON object");
  if (typeof deletions !== "object" || deletions === null || Array.isArray(deletions))
    throw badRequest("`deletions` must be an object with `sha` (a list) and `rewriteHistory`");
  const { sha, rewriteHistory = true } = deletions as { sha?: unknown; rewriteHistory?: unknown };
  if (!Array.isArray(sha) || sha.length === 0)
    throw badRequest("`deletions.sha` must be a non-empty list of LFS file ids");
  if (sha.length > MAX_DELETIONS)
    throw badRequest(`\`deletions.sha\` lists more than ${MAX_DELETIONS} files; send them in batches`);
  const bad = sha.find((item) => typeof item !== "string" || !SHA.test(item));
  if (bad !== undefined)
    throw badRequest(`Invalid LFS file id in \`deletions.sha\`: ${JSON.stringify(bad).slice(0, 80)}`);
  if (typeof rewriteHistory !== "boolean") throw badRequest("`deletions.rewriteHistory` must be a boolean");
  return { shas: [...new Set(sha as string[])], rewriteHistory };
}

/**
 * `GET /api/{kind}/{id}/lfs-files` (`HfApi.list_lfs_files`, write access): the repo's LFS objects with
 * `fileOid` (pointer blob id), `oid` (sha256), `size`, `pushedAt` and a `filename` and `ref` of a file using it
 * on the default branch, else on another branch, tag or pull request ("" and null when none does any more).
 * Pages of 1,000 with `Link: rel="next"`.
 * `POST /api/{kind}/{id}/lfs-files/batch` (`HfApi.permanently_delete_lfs_files`, write access, as deleting
 * the repo): see content/lfs/permanent-deletion.ts.
 */
export function registerLfsFilesRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  app.get(`/api/${TYPES}/:owner/:name/lfs-files`, async (c) => {
    const type = typeOfCollection(c.req.param("kind") ?? "")!;
    const repo = await writableRepo(ctx.access, viewerOf(c), type, c.req.param("owner"), c.req.param("name"));
    const cursor = c.req.query("cursor");
    const start = cursor && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
    const objects = await linkedObjects(ctx.content.repoDir(repo));
    const page = objects.slice(start, start + PAGE);
    const names = new Map<string, { path: string; ref: string }>();
    if (page.length > 0)
      for (const { ref, commit } of await namingRefs(ctx, repo))
        for (const file of await ctx.content.listFiles(repo, commit))
          if (file.lfs && !names.has(file.lfs.sha256)) names.set(file.lfs.sha256, { path: file.path, ref });
    const body = [];
    for (const object of page) {
      const size = await ctx.content.blobs.stat(object.oid);
      if (size === undefined) continue;
      body.push({
        fileOid: pointerBlobId(object.oid, size),
        oid: object.oid,
        size,
        pushedAt: object.pushedAt.toISOString(),
        filename: names.get(object.oid)?.path ?? "",
        ref: names.get(object.oid)?.ref ?? null,
      });
    }
    if (start + PAGE < objects.length) {
      const next = new URL(`${hubUrl(ctx, c)}${c.req.path}`);
      next.searchParams.set("cursor", String(start + PAGE));
      c.header("Link", `<${next.toString()}>; rel="next"`);
    }
    return c.json(body);
  });

  app.post(`/api/${TYPES}/:owner/:name/lfs-files/batch`, async (c) => {
    const type = typeOfCollection(c.req.param("kind") ?? "")!;
    const repo = await writableRepo(ctx.access, viewerOf(c), type, c.req.param("owner"), c.req.param("name"));
    const request = deletionRequest(await readLimitedJson(c, 256 * 1024));
    const answer = await deleteLfsObjects(ctx.content, repo, request, ctx.audit);
    // the repo no longer claims the objects: its owner's usage drops now
    await ctx.quotas?.settle(repo, []);
    return c.json(answer);
  });
}

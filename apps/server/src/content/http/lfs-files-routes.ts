import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Hono } from "hono";
import type { AppEnv } from "../../http/contracts.js";
import { DEFAULT_BRANCH } from "../git/git-repository.js";
import { formatPointer } from "../lfs/pointer.js";
import { type ContentContext, hubUrl } from "./content-context.js";
import { viewerOf, writableRepo } from "./repo-access.js";
import { COLLECTION_PATTERN, typeOfCollection } from "./repo-types.js";
import type { RepoKey } from "../repo-content.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;
const PAGE = 1000;
const HEX2 = /^[0-9a-f]{2}$/;
const HEX62 = /^[0-9a-f]{62}$/;

/** The git blob id of the pointer file git stores for an LFS object. */
function pointerBlobId(oid: string, size: number): string {
  const pointer = Buffer.from(formatPointer({ oid, size }));
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${pointer.length}\0`), pointer]))
    .digest("hex");
}

/** Every LFS object uploaded to or committed in this repo (the markers the LFS store keeps per repo). */
async function linkedObjects(repoDir: string): Promise<{ oid: string; pushedAt: Date }[]> {
  const root = join(repoDir, "lfs-objects");
  const found: { oid: string; pushedAt: Date }[] = [];
  const prefixes = await readdir(root).catch(() => [] as string[]);
  for (const prefix of prefixes.filter((name) => HEX2.test(name)).sort()) {
    const names = (await readdir(join(root, prefix)).catch(() => [] as string[])).filter((name) =>
      HEX62.test(name),
    );
    for (const name of names.sort()) {
      const info = await stat(join(root, prefix, name)).catch(() => undefined);
      if (info) found.push({ oid: prefix + name, pushedAt: info.mtime });
    }
  }
  return found;
}

/** Refs whose files name LFS objects: the default branch first, then the other branches and tags. */
async function namingRefs(ctx: ContentContext, repo: RepoKey): Promise<{ ref: string; commit: string }[]> {
  const main = `refs/heads/${DEFAULT_BRANCH}`;
  return (await ctx.content.git(repo).refs())
    .filter((ref) => ref.ref.startsWith("refs/heads/") || ref.ref.startsWith("refs/tags/"))
    .sort((a, b) => Number(b.ref === main) - Number(a.ref === main))
    .map((ref) => ({ ref: ref.ref, commit: ref.target }));
}

/**
 * `GET /api/{kind}/{id}/lfs-files` (`HfApi.list_lfs_files`, write access): the repo's LFS objects with
 * `fileOid` (pointer blob id), `oid` (sha256), `size`, `pushedAt` and a `filename` and `ref` of a file using it
 * on the default branch, else on another branch or tag ("" and null when none does any more). Pages of 1,000 with `Link: rel="next"`.
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
}

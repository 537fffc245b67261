import type { Context, Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { nodeStreamResponse } from "./node-stream-body.js";
import { countsAsDownload } from "../downloads/library-rules.js";
import { checkRepoPath } from "../paths/repo-path.js";
import { parseRange } from "./byte-range.js";
import type { ContentContext } from "./content-context.js";
import { contentDisposition, contentTypeOf } from "./content-type.js";
import { downloadableRepo, viewerOf } from "./repo-access.js";
import { PREFIX_PATTERN, typeOfPrefix } from "./repo-types.js";
import type { DirectBlobAccess } from "../blobs/blob-store.js";
import { HttpError, entryNotFound } from "../../domain/errors.js";
import type { RepoRecord, RepoType } from "../../domain/repo.js";

const EXPOSED =
  "ETag, X-Linked-Etag, X-Linked-Size, X-Repo-Commit, Content-Range, Content-Length, X-Error-Code, X-Error-Message";

/** `resolve` (LFS content) and `raw` (git blob as stored) downloads for every repo type. */
export function registerDownloadRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  const serve = (type: RepoType | undefined, mode: "resolve" | "raw") => async (c: Context<AppEnv>) => {
    const repoType: RepoType = type ?? typeOfPrefix(c.req.param("prefix"));
    const repo = await downloadableRepo(
      ctx.access,
      viewerOf(c),
      repoType,
      c.req.param("owner") ?? "",
      c.req.param("name") ?? "",
      mode === "resolve" ? c.req.param("path") : undefined,
    );
    const path = checkRepoPath(c.req.param("path") ?? "");
    const snapshot = await ctx.content.snapshot(repo, c.req.param("rev") ?? "");
    const entry = snapshot.byPath.get(path);
    if (!entry || entry.type !== "file") throw entryNotFound(path, snapshot.commit);
    const lfs = mode === "resolve" ? entry.lfs : undefined;
    const size = lfs ? lfs.size : mode === "raw" && entry.lfs ? entry.lfs.pointerSize : entry.size;
    const etag = `"${lfs ? lfs.sha256 : entry.oid}"`;
    const headers = new Headers({
      "X-Repo-Commit": snapshot.commit,
      ETag: etag,
      "Accept-Ranges": "bytes",
      "Content-Type": mode === "raw" && entry.lfs ? "text/plain; charset=utf-8" : contentTypeOf(path),
      "Cache-Control": /^[0-9a-f]{40}$/.test(c.req.param("rev") ?? "")
        ? "public, max-age=31536000, immutable"
        : "no-cache",
      "Access-Control-Expose-Headers": EXPOSED,
      "X-Content-Type-Options": "nosniff",
    });
    if (lfs) {
      headers.set("X-Linked-Etag", etag);
      headers.set("X-Linked-Size", String(lfs.size));
    }
    const wantsAttachment =
      c.req.query("download") === "true" ||
      (lfs !== undefined && c.req.query("noContentDisposition") === undefined);
    if (c.req.query("noContentDisposition") === undefined)
      headers.set("Content-Disposition", contentDisposition(wantsAttachment ? "attachment" : "inline", path));
    if (lfs) await ctx.content.refuseDeletedLfsObject(repo, lfs.sha256, path);
    // the mirror's curation and the scan policy speak before any byte (or redirect) goes out (an LFS
    // pointer, served by `raw`, is not content)
    if (lfs && repo.mirror)
      await ctx.content.pullThrough?.refuse?.(repo, { ...lfs, path, commit: snapshot.commit });
    if (mode === "resolve" || !entry.lfs)
      await ctx.content.scanning?.gate(repo, { ...entry, commit: snapshot.commit });
    if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });

    const range = parseRange(c.req.header("Range"), size);
    const direct = ctx.content.blobs.direct;
    if (lfs && direct && !(repo.mirror && ctx.content.pullThrough)) {
      if ((await ctx.content.hasLfsObject(repo, lfs.sha256)) === undefined)
        throw new HttpError(404, `LFS object of ${path} is missing from storage`, "EntryNotFound");
      if (c.req.method === "GET" && countsAsFull(range) && size > 0)
        await countDownload(ctx, repo, snapshot.commit, path);
      return redirectToStore(direct, lfs.sha256, headers);
    }
    const status = range ? 206 : 200;
    if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("Content-Length", String(range ? range.end - range.start + 1 : size));
    if (c.req.method === "HEAD") return new Response(null, { status, headers });

    if (countsAsFull(range) && size > 0) await countDownload(ctx, repo, snapshot.commit, path);
    // a small git blob goes out from memory in one write; streaming it would write headers and body apart
    const small =
      mode === "raw" || !entry.lfs
        ? await ctx.content.smallBlob(repo, entry.oid, entry.lfs ? entry.lfs.pointerSize : entry.size)
        : undefined;
    if (small)
      return new Response(range ? small.subarray(range.start, range.end + 1) : small, { status, headers });
    const body =
      mode === "raw"
        ? await ctx.content.openGitBlob(
            repo,
            entry.oid,
            range,
            entry.lfs ? entry.lfs.pointerSize : entry.size,
          )
        : await ctx.content.openFile(repo, snapshot, path, range, true);
    return nodeStreamResponse(c.env, body, { status, headers });
  };
  for (const mode of ["resolve", "raw"] as const) {
    app.on(["GET", "HEAD"], `/:owner/:name/${mode}/:rev/:path{.+}`, serve("model", mode));
    app.on(
      ["GET", "HEAD"],
      `/:prefix${PREFIX_PATTERN}/:owner/:name/${mode}/:rev/:path{.+}`,
      serve(undefined, mode),
    );
  }
}

/** A probe of the first byte (`bytes=0-0`) or a continuation (start > 0) is not a new download. */
function countsAsFull(range: { start: number; end: number } | undefined): boolean {
  return !range || (range.start === 0 && range.end > 0);
}

/**
 * The CDN-style answer for an LFS file in object storage: 302 to a short-lived presigned GET that
 * carries the type and disposition this route would have sent, keeping the hub's file headers
 * (`X-Linked-Etag`, `X-Linked-Size`, `X-Repo-Commit`) that clients read without following.
 */
async function redirectToStore(direct: DirectBlobAccess, oid: string, headers: Headers): Promise<Response> {
  const location = await direct.downloadUrl(oid, {
    expiresSeconds: direct.downloadUrlSeconds,
    contentType: headers.get("Content-Type") ?? undefined,
    contentDisposition: headers.get("Content-Disposition") ?? undefined,
  });
  headers.delete("Accept-Ranges");
  headers.delete("Content-Disposition");
  // the URL expires: neither it nor the redirect may be cached longer than it lives
  headers.set("Cache-Control", "private, no-store");
  headers.set("Location", location);
  headers.set("Content-Length", "0");
  return new Response(null, { status: 302, headers });
}

async function countDownload(
  ctx: ContentContext,
  repo: RepoRecord,
  commit: string,
  path: string,
): Promise<void> {
  try {
    const library =
      repo.library_name ?? (repo.type === "model" ? await ctx.content.libraryAt(repo, commit) : undefined);
    if (countsAsDownload(repo.type, library, path)) await ctx.events.downloadCounted(repo);
  } catch (error) {
    ctx.content.logger.warn({ repo: repo.id, err: String(error) }, "download counting failed");
  }
}

import type { LfsBatchObject } from "@modelhub/api-types";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { BlobMismatchError, type DirectBlobAccess } from "../blobs/blob-store.js";
import { stagingScope } from "../repo-content.js";
import type { ContentContext } from "./content-context.js";
import { readLimitedJson } from "./limited-body.js";
import { partCount } from "./lfs-multipart.js";
import { MIN_S3_PART_BYTES, partBytesFor } from "./lfs-part-size.js";
import { badRequest, unprocessable } from "../../domain/errors.js";
import type { RepoRecord } from "../../domain/repo.js";

const MAX_PARTS = 10_000;

const completion = z.object({
  oid: z.string(),
  parts: z.array(z.object({ partNumber: z.number().int().positive(), etag: z.string() })).max(MAX_PARTS),
});

export function directPartBytes(ctx: ContentContext, size: number): number {
  return Math.max(partBytesFor(ctx.lfsPartBytes, size), MIN_S3_PART_BYTES);
}

/**
 * The `upload` action of a batch answer when clients send bytes straight to the object store: one
 * presigned PUT to this repo's staging key, or (multipart offered and the object is large) a
 * multipart upload whose part URLs are presigned and whose completion comes back to the hub.
 */
export async function directUploadAction(
  ctx: ContentContext,
  direct: DirectBlobAccess,
  repo: RepoRecord,
  oid: string,
  size: number,
  multipart: boolean,
  completeHref: string,
): Promise<NonNullable<LfsBatchObject["actions"]>["upload"]> {
  const scope = stagingScope(repo);
  const expires_in = direct.uploadUrlSeconds;
  const partBytes = directPartBytes(ctx, size);
  if (multipart && size > partBytes && partCount(size, partBytes) <= MAX_PARTS) {
    const started = await direct.startMultipart(scope, oid, partCount(size, partBytes), expires_in);
    const header: Record<string, string> = { chunk_size: String(partBytes) };
    started.partUrls.forEach((url, index) => (header[String(index + 1)] = url));
    const href = `${completeHref}&upload=${encodeURIComponent(started.uploadId)}`;
    return { href, header, expires_in };
  }
  return { href: await direct.uploadUrl(scope, oid, expires_in), header: {}, expires_in };
}

/** `POST …/complete?upload=…` for a direct multipart upload: joins the parts, then checks and promotes. */
export async function completeDirectParts(
  ctx: ContentContext,
  direct: DirectBlobAccess,
  c: Context<AppEnv>,
  repo: RepoRecord,
  oid: string,
  size: number,
): Promise<Response> {
  const uploadId = c.req.query("upload") ?? "";
  if (uploadId === "" || uploadId.length > 1024) throw badRequest("The completion URL names no upload");
  const parsed = completion.safeParse(await readLimitedJson(c, 1024 * 1024));
  if (!parsed.success) throw badRequest(`Invalid completion: ${parsed.error.issues[0]?.message ?? ""}`);
  if (parsed.data.oid !== oid) throw badRequest("The completion names another object");
  const count = partCount(size, directPartBytes(ctx, size));
  const numbers = new Set(parsed.data.parts.map((part) => part.partNumber));
  if (numbers.size !== count || parsed.data.parts.length !== count || ![...numbers].every((n) => n <= count))
    throw badRequest(`The completion must list parts 1–${count} once each`);
  const parts = [...parsed.data.parts].sort((a, b) => a.partNumber - b.partNumber);
  // a retried completion (the answer to the first was lost) finds the object already promoted
  if ((await ctx.content.hasLfsObject(repo, oid)) === size) return completed();
  try {
    await direct.completeMultipart(stagingScope(repo), oid, uploadId, parts);
    if ((await ctx.content.promoteStagedLfsObject(repo, oid, size)) === undefined)
      throw unprocessable("The joined upload is missing");
  } catch (error) {
    if (error instanceof BlobMismatchError)
      throw unprocessable(`The joined parts do not match the object: ${error.message}`);
    throw error;
  }
  return completed();
}

function completed(): Response {
  return new Response(JSON.stringify({ message: "ok" }), {
    status: 200,
    headers: { "Content-Type": "application/vnd.git-lfs+json" },
  });
}

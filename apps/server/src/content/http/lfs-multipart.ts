import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { requestBodyStream } from "../../http-kit/node-body.js";
import { BlobMismatchError, isSha256 } from "../blobs/blob-store.js";
import { PartSizeError, type PartKey } from "../blobs/upload-parts.js";
import type { ContentContext } from "./content-context.js";
import { partBytesFor } from "./lfs-part-size.js";
import { readLimitedJson } from "./limited-body.js";
import { HttpError, badRequest, unprocessable } from "../../domain/errors.js";
import type { RepoRecord } from "../../domain/repo.js";

/** Abandoned part uploads are dropped after a day. */
const PART_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Objects at most this many parts long; larger ones need a bigger part size. */
const MAX_PARTS = 10_000;

const completion = z.object({
  oid: z.string(),
  parts: z.array(z.object({ partNumber: z.number().int().positive(), etag: z.string() })).max(MAX_PARTS),
});

export const partCount = (size: number, partBytes: number) => Math.max(1, Math.ceil(size / partBytes));

export const partLength = (size: number, partBytes: number, part: number) =>
  Math.min(partBytes, size - (part - 1) * partBytes);

const keyOf = (repo: RepoRecord, oid: string): PartKey => ({ repo: `${repo.type}:${repo.id}`, oid });

/** The `header` of a multipart upload action: `chunk_size` and one signed URL per part, keyed "1"…"N". */
export function multipartHeader(
  ctx: ContentContext,
  objectUrl: string,
  signedQuery: string,
  size: number,
): Record<string, string> {
  void ctx.parts.sweep(PART_MAX_AGE_MS).catch(() => undefined);
  const partBytes = partBytesFor(ctx.lfsPartBytes, size);
  const header: Record<string, string> = { chunk_size: String(partBytes) };
  for (let part = 1; part <= partCount(size, partBytes); part++)
    header[String(part)] = `${objectUrl}/part/${part}?${signedQuery}`;
  return header;
}

export function wantsMultipart(ctx: ContentContext, transfers: string[] | undefined, size: number): boolean {
  return (
    (transfers ?? []).includes("multipart") &&
    partCount(size, partBytesFor(ctx.lfsPartBytes, size)) > 1 &&
    partCount(size, partBytesFor(ctx.lfsPartBytes, size)) <= MAX_PARTS
  );
}

function partNumberOf(c: Context<AppEnv>, size: number, partBytes: number): number {
  const text = c.req.param("part") ?? "";
  const part = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (part < 1 || part > partCount(size, partBytes))
    throw badRequest(`Part ${text} is not a part of this object (1–${partCount(size, partBytes)})`);
  return part;
}

/** `PUT …/objects/{oid}/{size}/part/{n}`: stores one part and answers its ETag. */
export async function putPart(
  ctx: ContentContext,
  c: Context<AppEnv>,
  repo: RepoRecord,
  oid: string,
  size: number,
) {
  const partBytes = partBytesFor(ctx.lfsPartBytes, size);
  const part = partNumberOf(c, size, partBytes);
  const expected = partLength(size, partBytes, part);
  const declared = c.req.header("Content-Length");
  if (declared !== undefined && Number(declared) !== expected)
    throw badRequest(`Part ${part} must have ${expected} bytes, not ${declared}`);
  const body = requestBodyStream(c.req.raw, c.env);
  try {
    const etag = await ctx.parts.write(keyOf(repo, oid), part, expected, body);
    return new Response(null, {
      status: 200,
      headers: { ETag: etag, "Access-Control-Expose-Headers": "ETag" },
    });
  } catch (error) {
    if (error instanceof PartSizeError) throw badRequest(error.message);
    throw error;
  }
}

/** `HEAD|GET …/part/{n}`: 200 with the ETag when the part is stored (a resuming client skips it), else 404. */
export async function probePart(
  ctx: ContentContext,
  c: Context<AppEnv>,
  repo: RepoRecord,
  oid: string,
  size: number,
) {
  const part = partNumberOf(c, size, partBytesFor(ctx.lfsPartBytes, size));
  const etag = await ctx.parts.etagOf(keyOf(repo, oid), part);
  if (!etag) throw new HttpError(404, `Part ${part} has not been uploaded`);
  return new Response(null, {
    status: 200,
    headers: { ETag: etag, "Access-Control-Expose-Headers": "ETag" },
  });
}

/** `POST …/objects/{oid}/{size}/complete`: checks every part, joins them and stores the verified object. */
export async function completeParts(
  ctx: ContentContext,
  c: Context<AppEnv>,
  repo: RepoRecord,
  oid: string,
  size: number,
) {
  const parsed = completion.safeParse(await readLimitedJson(c, 1024 * 1024));
  if (!parsed.success) throw badRequest(`Invalid completion: ${parsed.error.issues[0]?.message ?? ""}`);
  if (parsed.data.oid !== oid || !isSha256(oid)) throw badRequest("The completion names another object");
  const count = partCount(size, partBytesFor(ctx.lfsPartBytes, size));
  const given = new Map(parsed.data.parts.map((p) => [p.partNumber, p.etag]));
  if (given.size !== count || parsed.data.parts.length !== count)
    throw badRequest(`The completion must list parts 1–${count} once each`);
  const key = keyOf(repo, oid);
  for (let part = 1; part <= count; part++) {
    const stored = await ctx.parts.etagOf(key, part);
    if (!stored) throw badRequest(`Part ${part} has not been uploaded`);
    const etag = given.get(part);
    if (etag === undefined) throw badRequest(`The completion must list parts 1–${count} once each`);
    // Clients that could not read a part's ETag send "": the object's hash is checked below anyway.
    if (etag !== "" && etag.replace(/"/g, "") !== stored.replace(/"/g, ""))
      throw badRequest(`Part ${part} has ETag ${stored}, not ${etag}`);
  }
  try {
    await ctx.content.storeLfsObject(repo, oid, size, ctx.parts.concatenated(key, count));
  } catch (error) {
    if (error instanceof BlobMismatchError) {
      await ctx.parts.remove(key);
      throw unprocessable(`The joined parts do not match the object: ${error.message}`);
    }
    throw error;
  }
  await ctx.parts.remove(key);
  return new Response(JSON.stringify({ message: "ok" }), {
    status: 200,
    headers: { "Content-Type": "application/vnd.git-lfs+json" },
  });
}

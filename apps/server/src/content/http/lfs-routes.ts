import type { LfsBatchObject, LfsBatchResponse } from "@modelhub/api-types";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { nodeStreamResponse } from "./node-stream-body.js";
import { requestBodyStream } from "../../http-kit/node-body.js";
import { BlobMismatchError, isSha256 } from "../blobs/blob-store.js";
import { parseRange } from "./byte-range.js";
import { type ContentContext, hubUrl } from "./content-context.js";
import { contributableRepo, downloadableRepo, viewerOf } from "./repo-access.js";
import { readLimitedJson, readLimitedText } from "./limited-body.js";
import { PREFIX_PATTERN, URL_PREFIX, typeOfPrefix } from "./repo-types.js";
import { completeDirectParts, directUploadAction } from "./lfs-direct.js";
import { completeParts, multipartHeader, probePart, putPart, wantsMultipart } from "./lfs-multipart.js";
import { HttpError, badRequest, unprocessable } from "../../domain/errors.js";
import { holdLfsUploads, settlingLfsUpload } from "./quota-checks.js";
import type { RepoRecord, RepoType } from "../../domain/repo.js";

const LFS_JSON = "application/vnd.git-lfs+json";
const LINK_SECONDS = 3600;
const MAX_OBJECTS = 1000;
const MAX_BATCH_BODY = 1024 * 1024;

const batchBody = z.object({
  operation: z.enum(["upload", "download"]),
  transfers: z.array(z.string()).optional(),
  objects: z
    .array(z.object({ oid: z.string(), size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }))
    .max(MAX_OBJECTS),
});

function repoTypeOf(c: Context<AppEnv>): RepoType {
  return typeOfPrefix(c.req.param("prefix"));
}

/** The `.git` suffix of the LFS endpoint is optional (git-lfs adds it only when the clone URL lacks it). */
function repoName(c: Context<AppEnv>): string {
  return (c.req.param("name") ?? "").replace(/\.git$/, "");
}

function lfsError(status: 400 | 401 | 403 | 404 | 413 | 422, message: string, code?: string): Response {
  const headers: Record<string, string> = { "Content-Type": LFS_JSON };
  // the gate's refusal reads as it does on resolve (`X-Error-Code: GatedRepo`)
  if (code) headers["X-Error-Code"] = code;
  if (status === 401) headers["LFS-Authenticate"] = 'Basic realm="ModelHub"';
  if (status === 401) headers["WWW-Authenticate"] = 'Basic realm="ModelHub"';
  // `message` for git-lfs, `error` for the Hub clients and the web app
  return new Response(JSON.stringify({ message, ...(status === 413 ? { error: message } : {}) }), {
    status,
    headers,
  });
}

/** git-lfs batch API, signed upload/download hrefs, verify and the lock check. */
export function registerLfsRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  const objectUrl = (
    c: Context<AppEnv>,
    repo: RepoRecord,
    oid: string,
    size: number,
    action: "upload" | "download" | "verify" | "complete",
  ) => {
    const base = `${hubUrl(ctx, c)}/${URL_PREFIX[repo.type]}${repo.id}.git/info/lfs/objects`;
    if (action === "complete")
      return `${base}/${oid}/${size}/complete?${ctx.signer.sign(`complete:${repo.type}:${repo.id}:${oid}:${size}`, LINK_SECONDS)}`;
    const subject = `${action}:${repo.type}:${repo.id}:${oid}:${size}`;
    const query = ctx.signer.sign(subject, LINK_SECONDS);
    if (action === "verify")
      return `${base}/verify?${ctx.signer.sign(`verify:${repo.type}:${repo.id}`, LINK_SECONDS)}`;
    return `${base}/${oid}/${size}?${action === "upload" ? query : ctx.signer.sign(`download:${repo.type}:${repo.id}:${oid}`, LINK_SECONDS)}`;
  };

  const batch = async (c: Context<AppEnv>) => {
    let json: unknown;
    try {
      json = JSON.parse(await readLimitedText(c, MAX_BATCH_BODY));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return lfsError(400, "Batch request is not valid JSON");
    }
    const parsed = batchBody.safeParse(json);
    if (!parsed.success)
      return lfsError(400, `Invalid batch request: ${parsed.error.issues[0]?.message ?? ""}`);
    const { operation, objects, transfers } = parsed.data;
    const viewer = viewerOf(c);
    let repo: RepoRecord;
    try {
      repo =
        operation === "upload"
          ? await contributableRepo(
              ctx.access,
              viewer,
              repoTypeOf(c),
              c.req.param("owner") ?? "",
              repoName(c),
            )
          : await downloadableRepo(
              ctx.access,
              viewer,
              repoTypeOf(c),
              c.req.param("owner") ?? "",
              repoName(c),
            );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && !viewer.user)
        return lfsError(401, "Repository not found or authentication required");
      if (
        error instanceof HttpError &&
        (error.status === 401 || error.status === 403 || error.status === 404)
      )
        return lfsError(error.status, error.message, error.code);
      throw error;
    }
    const direct = ctx.content.blobs.direct;
    if (operation === "upload" && (await ctx.quotas?.limited(repo))) {
      try {
        await holdLfsUploads(ctx, repo, await objectsToSend(repo, objects));
      } catch (error) {
        if (error instanceof HttpError && error.status === 413) return lfsError(413, error.message);
        throw error;
      }
    }
    const answers = await Promise.all(
      objects.map(async ({ oid, size }): Promise<LfsBatchObject> => {
        if (!isSha256(oid))
          return { oid, size, error: { code: 422, message: "oid must be a lowercase sha256 hex digest" } };
        const stored = await ctx.content.hasLfsObject(repo, oid);
        if (operation === "download") {
          // a mirrored repo's objects come from the upstream on first download (see the download link)
          const known = stored ?? (repo.mirror && ctx.content.pullThrough ? size : undefined);
          if (known === undefined)
            return { oid, size, error: { code: 404, message: "Object does not exist" } };
          // the scan policy speaks here too: a presigned store URL would bypass the download route
          const refused = await ctx.content.scanning
            ?.gate(repo, {
              path: `LFS object ${oid}`,
              oid: "",
              size: known,
              lfs: { sha256: oid, size: known },
            })
            .then(
              () => undefined,
              (error: unknown) => {
                if (error instanceof HttpError) return { code: error.status, message: error.message };
                throw error;
              },
            );
          if (refused) return { oid, size, error: refused };
          const download = (href: string, expiresIn: number): LfsBatchObject => ({
            oid,
            size: known,
            authenticated: true,
            actions: { download: { href, header: {}, expires_in: expiresIn } },
          });
          if (direct && stored !== undefined && !pullsThrough(repo))
            return download(
              await direct.downloadUrl(oid, { expiresSeconds: direct.downloadUrlSeconds }),
              direct.downloadUrlSeconds,
            );
          return download(objectUrl(c, repo, oid, known, "download"), LINK_SECONDS);
        }
        if (stored === size) return { oid, size };
        if (direct) {
          const multipart = (transfers ?? []).includes("multipart");
          const upload = await directUploadAction(
            ctx,
            direct,
            repo,
            oid,
            size,
            multipart,
            objectUrl(c, repo, oid, size, "complete"),
          );
          return {
            oid,
            size,
            authenticated: true,
            actions: {
              upload,
              verify: { href: objectUrl(c, repo, oid, size, "verify"), header: {}, expires_in: LINK_SECONDS },
            },
          };
        }
        if (wantsMultipart(ctx, transfers, size)) {
          const objectBase = `${hubUrl(ctx, c)}/${URL_PREFIX[repo.type]}${repo.id}.git/info/lfs/objects/${oid}/${size}`;
          const partQuery = ctx.signer.sign(`part:${repo.type}:${repo.id}:${oid}:${size}`, LINK_SECONDS);
          return {
            oid,
            size,
            authenticated: true,
            actions: {
              upload: {
                href: objectUrl(c, repo, oid, size, "complete"),
                header: multipartHeader(ctx, objectBase, partQuery, size),
                expires_in: LINK_SECONDS,
              },
              verify: { href: objectUrl(c, repo, oid, size, "verify"), header: {}, expires_in: LINK_SECONDS },
            },
          };
        }
        return {
          oid,
          size,
          authenticated: true,
          actions: {
            upload: { href: objectUrl(c, repo, oid, size, "upload"), header: {}, expires_in: LINK_SECONDS },
            verify: { href: objectUrl(c, repo, oid, size, "verify"), header: {}, expires_in: LINK_SECONDS },
          },
        };
      }),
    );
    return new Response(
      JSON.stringify({ transfer: "basic", objects: answers, hash_algo: "sha256" } satisfies LfsBatchResponse),
      {
        status: 200,
        headers: { "Content-Type": LFS_JSON },
      },
    );
  };

  /** The objects of an upload batch the client will send (valid, not stored for this repo yet). */
  const objectsToSend = async (repo: RepoRecord, objects: { oid: string; size: number }[]) => {
    const sending: { oid: string; size: number }[] = [];
    for (const object of objects)
      if (isSha256(object.oid) && (await ctx.content.hasLfsObject(repo, object.oid)) !== object.size)
        sending.push(object);
    return sending;
  };

  /** Repo of a signed object URL: the signature, or normal credentials, authorise it. */
  const signedRepo = async (
    c: Context<AppEnv>,
    subject: (repo: { type: RepoType; id: string }) => string,
    write: boolean,
  ): Promise<RepoRecord> => {
    const type = repoTypeOf(c);
    const id = `${c.req.param("owner") ?? ""}/${repoName(c)}`;
    if (ctx.signer.verify(subject({ type, id }), c.req.query("exp"), c.req.query("sig"))) {
      const repo = await ctx.access.findRepo(type, id);
      if (repo) return repo;
    }
    const viewer = viewerOf(c);
    return write
      ? contributableRepo(ctx.access, viewer, type, c.req.param("owner") ?? "", repoName(c))
      : downloadableRepo(ctx.access, viewer, type, c.req.param("owner") ?? "", repoName(c));
  };

  /** Checks a signed object URL (`{action}:{type}:{id}:{oid}:{size}`, or write access) before `run`. */
  const withObject = async (
    c: Context<AppEnv>,
    action: "part" | "complete",
    write: boolean,
    run: (repo: RepoRecord, oid: string, size: number) => Promise<Response>,
  ) => {
    const oid = c.req.param("oid") ?? "";
    const sizeText = c.req.param("size") ?? "";
    if (!isSha256(oid)) throw badRequest("oid must be a lowercase sha256 hex digest");
    if (!/^\d{1,16}$/.test(sizeText)) throw badRequest("Invalid size");
    const size = Number(sizeText);
    const repo = await signedRepo(
      c,
      (target) => `${action}:${target.type}:${target.id}:${oid}:${size}`,
      write,
    );
    return run(repo, oid, size);
  };

  const upload = async (c: Context<AppEnv>) => {
    const oid = c.req.param("oid") ?? "";
    const sizeText = c.req.param("size") ?? "";
    if (!isSha256(oid)) throw badRequest("oid must be a lowercase sha256 hex digest");
    if (!/^\d+$/.test(sizeText)) throw badRequest("Invalid size");
    const size = Number(sizeText);
    const repo = await signedRepo(c, (target) => `upload:${target.type}:${target.id}:${oid}:${size}`, true);
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && Number(declared) !== size)
      throw badRequest(`Content-Length ${declared} does not match the object size ${size}`);
    const body = requestBodyStream(c.req.raw, c.env);
    await settlingLfsUpload(ctx, repo, oid, async () => {
      try {
        await ctx.content.storeLfsObject(repo, oid, size, body);
      } catch (error) {
        if (error instanceof BlobMismatchError) throw unprocessable(error.message);
        throw error;
      }
    });
    return c.body(null, 200);
  };

  const download = async (c: Context<AppEnv>) => {
    const oid = c.req.param("oid") ?? "";
    if (!isSha256(oid)) throw badRequest("oid must be a lowercase sha256 hex digest");
    const repo = await signedRepo(c, (target) => `download:${target.type}:${target.id}:${oid}`, false);
    const stored = await ctx.content.hasLfsObject(repo, oid);
    const pull = repo.mirror ? ctx.content.pullThrough : undefined;
    const size = stored ?? (pull ? Number(c.req.param("size")) : undefined);
    if (size === undefined || !Number.isSafeInteger(size) || size < 0)
      throw new HttpError(404, "Object does not exist");
    await ctx.content.scanning?.gate(repo, {
      path: `LFS object ${oid}`,
      oid: "",
      size,
      lfs: { sha256: oid, size },
    });
    const range = parseRange(c.req.header("Range"), size);
    const headers = new Headers({
      "Content-Type": "application/octet-stream",
      "Accept-Ranges": "bytes",
      ETag: `"${oid}"`,
    });
    headers.set("Content-Length", String(range ? range.end - range.start + 1 : size));
    if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    const direct = ctx.content.blobs.direct;
    if (direct && stored !== undefined && !pullsThrough(repo)) {
      const location = await direct.downloadUrl(oid, { expiresSeconds: direct.downloadUrlSeconds });
      return new Response(null, { status: 302, headers: { Location: location, ETag: `"${oid}"` } });
    }
    if (c.req.method === "HEAD") return new Response(null, { status: range ? 206 : 200, headers });
    let stream;
    if (pull && stored === undefined) stream = await pull.open(repo, { sha256: oid, size }, range);
    else {
      if (pull) pull.served(repo, oid, range ? range.end - range.start + 1 : size);
      stream = await ctx.content.blobs.open(oid, range);
    }
    return nodeStreamResponse(c.env, stream, { status: range ? 206 : 200, headers });
  };

  const verify = async (c: Context<AppEnv>) => {
    const repo = await signedRepo(c, (target) => `verify:${target.type}:${target.id}`, false);
    const json = await readLimitedJson(c, 64 * 1024);
    const body = (typeof json === "object" && json !== null ? json : {}) as { oid?: unknown; size?: unknown };
    if (typeof body.oid !== "string" || !isSha256(body.oid)) throw unprocessable("Invalid oid");
    let stored = await ctx.content.hasLfsObject(repo, body.oid);
    if (stored === undefined && ctx.content.blobs.direct) {
      // promoting is a write: the signed verify URL of an upload action, or write access
      const writer = await signedRepo(c, (target) => `verify:${target.type}:${target.id}`, true);
      try {
        const size = typeof body.size === "number" ? body.size : undefined;
        const oid = body.oid;
        stored = await settlingLfsUpload(ctx, writer, oid, () =>
          ctx.content.promoteStagedLfsObject(writer, oid, size),
        );
      } catch (error) {
        if (error instanceof BlobMismatchError) return lfsError(422, error.message);
        throw error;
      }
    }
    if (stored === undefined) return lfsError(404, "Object does not exist");
    if (typeof body.size === "number" && body.size !== stored)
      return lfsError(422, `Object has size ${stored}, not ${String(body.size)}`);
    return new Response(JSON.stringify({ message: "ok" }), {
      status: 200,
      headers: { "Content-Type": LFS_JSON },
    });
  };

  const locksVerify = async (c: Context<AppEnv>) => {
    const viewer = viewerOf(c);
    try {
      await contributableRepo(ctx.access, viewer, repoTypeOf(c), c.req.param("owner") ?? "", repoName(c));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && !viewer.user)
        return lfsError(401, "Authentication required");
      throw error;
    }
    return new Response(JSON.stringify({ ours: [], theirs: [] }), {
      status: 200,
      headers: { "Content-Type": LFS_JSON },
    });
  };

  /** A mirrored repo's objects may still be upstream only: those downloads stay on the hub. */
  const pullsThrough = (repo: RepoRecord) => Boolean(repo.mirror) && ctx.content.pullThrough !== undefined;

  for (const prefix of ["", `/:prefix${PREFIX_PATTERN}`]) {
    const base = `${prefix}/:owner/:name/info/lfs`;
    app.post(`${base}/objects/batch`, batch);
    app.post(`${base}/objects/verify`, verify);
    app.put(`${base}/objects/:oid/:size`, upload);
    app.put(`${base}/objects/:oid/:size/part/:part`, (c) =>
      withObject(c, "part", true, (repo, oid, size) => putPart(ctx, c, repo, oid, size)),
    );
    app.on(["GET", "HEAD"], `${base}/objects/:oid/:size/part/:part`, (c) =>
      withObject(c, "part", true, (repo, oid, size) => probePart(ctx, c, repo, oid, size)),
    );
    app.post(`${base}/objects/:oid/:size/complete`, (c) =>
      withObject(c, "complete", true, (repo, oid, size) => {
        const direct = ctx.content.blobs.direct;
        return settlingLfsUpload(ctx, repo, oid, () =>
          direct && c.req.query("upload") !== undefined
            ? completeDirectParts(ctx, direct, c, repo, oid, size)
            : completeParts(ctx, c, repo, oid, size),
        );
      }),
    );
    app.on(["GET", "HEAD"], `${base}/objects/:oid/:size`, download);
    app.post(`${base}/locks/verify`, locksVerify);
  }
}

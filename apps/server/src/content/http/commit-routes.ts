import type { CommitResponse, PreuploadResponse } from "@modelhub/api-types";
import type { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { MAX_NDJSON_BODY, parseNdjsonCommit, type ParsedCommit } from "../commit/ndjson-commit.js";
import { decideUpload } from "../commit/upload-mode.js";
import { readLimitedJson } from "./limited-body.js";
import { GitAttributes } from "../paths/gitattributes.js";
import { checkRepoPath, checkRevision } from "../paths/repo-path.js";
import { type ContentContext, hubUrl } from "./content-context.js";
import { contributableRepo, pushableRepo, viewerOf } from "./repo-access.js";
import { COLLECTION_PATTERN, URL_PREFIX, typeOfCollection } from "./repo-types.js";
import { HttpError, badRequest, revisionNotFound, tooLarge } from "../../domain/errors.js";
import type { RepoRecord } from "../../domain/repo.js";
import { unclaimedLfsBytes } from "./quota-checks.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;
const MAX_PREUPLOAD_BODY = 8 * 1024 * 1024;
const preuploadBody = z.object({
  files: z
    .array(
      z.object({ path: z.string(), size: z.number().int().nonnegative(), sample: z.string().optional() }),
    )
    .max(1000),
  gitAttributes: z.string().max(1_000_000).optional(),
  gitIgnore: z.string().max(1_000_000).optional(),
});

/** Preupload (regular vs LFS) and the NDJSON commit endpoint. */
export function registerCommitRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  app.post(`/api/${TYPES}/:owner/:name/preupload/:rev`, async (c) => {
    const type = typeOfCollection(c.req.param("kind"))!;
    const repo = await contributableRepo(
      ctx.access,
      viewerOf(c),
      type,
      c.req.param("owner"),
      c.req.param("name"),
    );
    const rev = checkRevision(c.req.param("rev"));
    const json = await readLimitedJson(c, MAX_PREUPLOAD_BODY);
    const parsed = preuploadBody.safeParse(json);
    if (!parsed.success)
      throw badRequest(`Invalid preupload request: ${parsed.error.issues[0]?.message ?? ""}`);
    const commit = await ctx.content.resolve(repo, rev);
    const snapshot = commit ? await ctx.content.snapshot(repo, commit) : undefined;
    const stored = async (path: string) => {
      const entry = snapshot?.byPath.get(path);
      return entry?.type === "file" && commit
        ? ((await ctx.content.readFile(repo, commit, path))?.toString("utf8") ?? "")
        : "";
    };
    const attributes = new GitAttributes(parsed.data.gitAttributes ?? (await stored(".gitattributes")));
    const gitIgnore = parsed.data.gitIgnore ?? (await stored(".gitignore"));
    const files = parsed.data.files.map((file) => {
      const path = checkRepoPath(file.path);
      const decision = decideUpload(
        path,
        file.size,
        Buffer.from(file.sample ?? "", "base64"),
        attributes,
        gitIgnore,
      );
      const existing = snapshot?.byPath.get(path);
      const oid = existing?.type === "file" ? (existing.lfs ? existing.lfs.sha256 : existing.oid) : null;
      return { path: file.path, ...decision, oid };
    });
    // a file whose path holds one of the same size is taken for a re-upload (the LFS batch and the
    // commit still count exactly what they add)
    const announced = parsed.data.files
      .filter((file) => snapshot?.byPath.get(file.path)?.size !== file.size)
      .reduce((sum, file) => sum + file.size, 0);
    await ctx.quotas?.check(repo, announced);
    return c.json({ files, commitOid: commit ?? null } satisfies PreuploadResponse);
  });

  // Python's huggingface_hub asks for xet tokens when hf_xet is installed; say clearly what to do instead.
  app.get(`/api/${TYPES}/:owner/:name/:xet{xet-read-token|xet-write-token}/:rev`, () => {
    throw new HttpError(
      501,
      "This hub stores large files with plain git-lfs, not xet: set HF_HUB_DISABLE_XET=1",
    );
  });

  app.post(`/api/${TYPES}/:owner/:name/commit/:rev`, async (c) => {
    const type = typeOfCollection(c.req.param("kind"))!;
    const viewer = viewerOf(c);
    const branch = checkRevision(c.req.param("rev"));
    const createPr = c.req.query("create_pr") === "1" || c.req.query("create_pr") === "true";
    const [owner, name] = [c.req.param("owner"), c.req.param("name")];
    const repo = createPr
      ? await contributableRepo(ctx.access, viewer, type, owner, name)
      : await pushableRepo(ctx.access, viewer, type, owner, name, branch);
    if (Number(c.req.header("Content-Length") ?? 0) > MAX_NDJSON_BODY)
      throw tooLarge(`Commit body exceeds ${MAX_NDJSON_BODY} bytes`);
    if (!(await ctx.content.exists(repo))) await ctx.content.init(repo, viewer.user ?? repo.owner);
    const { parsed, holds } = await parseWithinQuota(ctx, repo, c.req.raw.body);
    // landed or not, the hold goes and the repo is measured again
    try {
      const request = {
        branch: branch === "HEAD" ? "main" : branch,
        title: parsed.title,
        description: parsed.description,
        author: viewer.user ?? repo.owner,
        parentCommit: parsed.parentCommit,
        operations: parsed.operations,
      };
      const repoUrl = `${hubUrl(ctx, c)}/${URL_PREFIX[type]}${repo.id}`;
      if (createPr) {
        // a pull request targets a branch: a commit id is no revision to open one against
        if (/^[0-9a-f]{40}$/.test(request.branch)) throw revisionNotFound(request.branch);
        const base = request.parentCommit ?? (await ctx.content.resolve(repo, request.branch));
        if (!base && request.branch !== "main") throw revisionNotFound(request.branch);
        if (!base)
          throw badRequest(`${request.branch} has no commit yet: commit to it before opening a pull request`);
        if (!ctx.access.openPullRequest && !ctx.access.canWrite(viewer, repo))
          throw new HttpError(403, `You don't have write access to ${type} ${repo.id}`);
        const number = await ctx.access.openPullRequest?.(viewer, repo, {
          title: parsed.title,
          description: parsed.description ?? "",
          baseCommit: base,
        });
        const result = await ctx.content.commitPullRequest(repo, { ...request, parentCommit: base }, number);
        return c.json({
          success: true,
          commitOid: result.commit,
          commitUrl: `${repoUrl}/commit/${result.commit}`,
          pullRequestUrl: `${repoUrl}/discussions/${result.pullRequest}`,
          hookOutput: "",
        } satisfies CommitResponse);
      }
      const result = await ctx.content.commit(repo, request);
      return c.json({
        success: true,
        commitOid: result.commit,
        commitUrl: `${repoUrl}/commit/${result.commit}`,
        hookOutput: "",
      } satisfies CommitResponse);
    } finally {
      await ctx.quotas?.settle(repo, holds);
    }
  });
}

/**
 * Parses a commit body with its inline files written aside; once parsed, the bytes it adds (inline
 * files and LFS objects the repo does not claim yet) are held against the owner's quota and the files
 * move into the repo. A commit that does not fit is refused (413) with nothing of it kept.
 */
async function parseWithinQuota(
  ctx: ContentContext,
  repo: RepoRecord,
  body: ReadableStream<Uint8Array> | null,
): Promise<{ parsed: ParsedCommit; holds: string[] }> {
  const quotas = ctx.quotas;
  if (!quotas || !(await quotas.limited(repo)))
    return { parsed: await parseNdjsonCommit(body, ctx.content, repo), holds: [] };
  const quarantine = await ctx.content.openBlobQuarantine(repo);
  try {
    const room = await quotas.room(repo);
    const parsed = await parseNdjsonCommit(body, ctx.content, repo, async (content) => {
      // refused as soon as the inline files alone cannot fit, before more of the body is read
      const inline = quarantine.contentBytes + content.length;
      if (inline > room) await quotas.check(repo, inline);
      return quarantine.write(content);
    });
    const needed = quarantine.contentBytes + (await unclaimedLfsBytes(ctx, repo, parsed.operations));
    const holds = await quotas.reserve(repo, [{ bytes: needed }]);
    await quarantine.accept();
    return { parsed, holds };
  } finally {
    await quarantine.discard();
  }
}

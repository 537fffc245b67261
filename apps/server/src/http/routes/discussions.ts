import type { NewDiscussionResponse } from "@modelhub/api-types";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { KIND_PATTERN, repoUrl, typeOfKind } from "../../http-kit/repo-paths.js";
import { readableRepo, requireDownload } from "../../platform/http/repo-lookup.js";
import { requestBase } from "../../http-kit/request-base.js";
import { Discussions } from "../../platform/discussions/service.js";
import { createRepoAccess } from "../../platform/repo-access.js";
import { toRepoRecord } from "../../platform/repos.js";
import { badRequest } from "../../domain/errors.js";

const MAX_TITLE = 200;
const MAX_TEXT = 65_536;

const title = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z.string().min(1, "title must not be empty").max(MAX_TITLE, `title is at most ${MAX_TITLE} characters`),
  );
const text = (field: string) =>
  z
    .string()
    .max(MAX_TEXT, `${field} is at most ${MAX_TEXT} characters`)
    .refine((value) => value.trim() !== "", `${field} must not be empty`);

const createSchema = z.object({
  title,
  description: z.string().max(MAX_TEXT).optional(),
  pullRequest: z.boolean().optional(),
});
const commentSchema = z.object({ comment: text("comment") });
const editSchema = z.object({ content: text("content") });
const titleSchema = z.object({ title });
const statusSchema = z.object({
  status: z.enum(["open", "closed"], { message: 'status must be "open" or "closed"' }),
  comment: z.string().max(MAX_TEXT).optional(),
});
const mergeSchema = z.object({ comment: z.string().max(MAX_TEXT).optional() });

function numberOf(c: Context<AppEnv>): number {
  const raw = c.req.param("num") ?? "";
  const num = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(num)) throw badRequest(`Invalid discussion number: ${raw}`);
  return num;
}

function listFilter(c: Context<AppEnv>) {
  const type = c.req.query("type") ?? "all";
  const status = c.req.query("status") ?? "all";
  const page = c.req.query("p") ?? "0";
  if (!["all", "discussion", "pull_request"].includes(type))
    throw badRequest('type must be one of "all", "discussion", "pull_request"');
  if (!["all", "open", "closed"].includes(status))
    throw badRequest('status must be one of "all", "open", "closed"');
  if (!/^[0-9]{1,6}$/.test(page)) throw badRequest("p must be a page number from 0");
  return {
    type: type === "all" ? undefined : (type as "discussion" | "pull_request"),
    status: status === "all" ? undefined : (status as "open" | "closed"),
    author: c.req.query("author") || undefined,
    page: Number(page),
  };
}

/**
 * Discussions and pull requests (Hub routes, as huggingface_hub calls them). Reading follows the repo
 * (private ones answer 404); every write needs a write token; the service applies the remaining rules.
 *
 * | route                                                        | who                          |
 * |--------------------------------------------------------------|------------------------------|
 * | GET  /api/{kind}/:owner/:name/discussions                    | readers                      |
 * | POST /api/{kind}/:owner/:name/discussions                    | readers (write token)        |
 * | GET  …/discussions/:num                                      | readers (`?diff=1`: as resolve) |
 * | POST …/discussions/:num/comment                              | readers (write token)        |
 * | POST …/discussions/:num/comment/:id/edit                     | the comment's author         |
 * | POST …/discussions/:num/comment/:id/hide                     | repo writers                 |
 * | POST …/discussions/:num/title, …/status                      | the author and repo writers  |
 * | POST …/discussions/:num/merge                                | repo writers                 |
 */
export function discussionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const discussions = new Discussions(deps.db, deps.content.pullRequests);
  const access = createRepoAccess(deps.repos, deps.db);
  const repoPath = `/api/:kind${KIND_PATTERN}/:owner/:name/discussions`;
  const one = `${repoPath}/:num`;
  const repoOf = (c: Context<AppEnv>) =>
    readableRepo(
      c,
      deps.repos,
      typeOfKind(c.req.param("kind") ?? ""),
      `${c.req.param("owner")}/${c.req.param("name")}`,
    );

  app.get(repoPath, async (c) => {
    const row = await repoOf(c);
    return c.json(await discussions.list(row, listFilter(c)));
  });

  app.post(repoPath, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const body = await jsonBody(c, createSchema);
    const created = await discussions.create(c.var.viewer, row, {
      title: body.title,
      description: body.description?.trim() ?? "",
      pullRequest: body.pullRequest === true,
    });
    const url = `${repoUrl(requestBase(c, deps.configuredPublicUrl), toRepoRecord(row).type, row.full_id)}/discussions/${created.num}`;
    return c.json({
      num: created.num,
      url,
      isPullRequest: created.is_pull_request === 1,
      ...(created.is_pull_request === 1
        ? { ref: `refs/pr/${created.num}`, baseCommit: created.base_commit }
        : {}),
    } satisfies NewDiscussionResponse);
  });

  app.get(one, async (c) => {
    const row = await repoOf(c);
    const num = numberOf(c);
    const withDiff = c.req.query("diff") === "1" || c.req.query("diff") === "true";
    // a pull request's diff shows file contents: the download rule of gated repos applies
    if (withDiff) await requireDownload(c, access, row);
    return c.json(await discussions.details(row, num, withDiff));
  });

  app.post(`${one}/comment`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const num = numberOf(c);
    const body = await jsonBody(c, commentSchema);
    return c.json(await discussions.comment(c.var.viewer, row, num, body.comment));
  });

  app.post(`${one}/comment/:id/edit`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const num = numberOf(c);
    const body = await jsonBody(c, editSchema);
    return c.json(await discussions.editComment(c.var.viewer, row, num, c.req.param("id"), body.content));
  });

  app.post(`${one}/comment/:id/hide`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const num = numberOf(c);
    return c.json(await discussions.hideComment(c.var.viewer, row, num, c.req.param("id")));
  });

  app.post(`${one}/title`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const num = numberOf(c);
    const body = await jsonBody(c, titleSchema);
    return c.json(await discussions.rename(c.var.viewer, row, num, body.title));
  });

  app.post(`${one}/status`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const num = numberOf(c);
    const body = await jsonBody(c, statusSchema);
    const comment = body.comment?.trim() || undefined;
    return c.json(await discussions.setStatus(c.var.viewer, row, num, body.status, comment));
  });

  app.post(`${one}/merge`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await repoOf(c);
    const num = numberOf(c);
    const body = await jsonBody(c, mergeSchema);
    return c.json(await discussions.merge(c.var.viewer, row, num, body.comment?.trim() || undefined));
  });

  return app;
}

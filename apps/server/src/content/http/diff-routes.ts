import type { Context, Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { commitDiff, compareText } from "../git/commit-diff.js";
import { checkRevision } from "../paths/repo-path.js";
import type { ContentContext } from "./content-context.js";
import { downloadableRepo, viewerOf } from "./repo-access.js";
import { COLLECTION_PATTERN, typeOfCollection } from "./repo-types.js";
import { badRequest } from "../../domain/errors.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;

/**
 * What changed:
 * - `GET /api/{type}s/{id}/commit/{rev}` (ModelHub's): a commit's message, author, parents and files
 *   changed with per-file patches (LFS files as their pointers' oid and size change);
 * - `GET /api/{type}s/{id}/compare/{base}..{head}`: the plain unified diff between two revisions.
 * Diffs show file content, so gated repos need granted access, as downloads do.
 */
export function registerDiffRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  const repoInPath = (c: Context<AppEnv>) =>
    downloadableRepo(
      ctx.access,
      viewerOf(c),
      typeOfCollection(c.req.param("kind") ?? "")!,
      c.req.param("owner") ?? "",
      c.req.param("name") ?? "",
    );

  app.get(`/api/${TYPES}/:owner/:name/commit/:rev{.+}`, async (c) => {
    const repo = await repoInPath(c);
    const commit = await ctx.content.resolveOrThrow(repo, checkRevision(c.req.param("rev")));
    const diff = await commitDiff(ctx.content.git(repo), commit);
    c.header("X-Repo-Commit", commit);
    return c.json(diff);
  });

  app.get(`/api/${TYPES}/:owner/:name/compare/:range{.+}`, async (c) => {
    const repo = await repoInPath(c);
    const range = c.req.param("range");
    const parts = range.split("..");
    if (parts.length !== 2 || parts.some((part) => part === ""))
      throw badRequest(`Invalid range "${range}": expected {base}..{head}`);
    const [base, head] = await Promise.all(
      parts.map((part) => ctx.content.resolveOrThrow(repo, checkRevision(part))),
    );
    const text = await compareText(ctx.content.git(repo), base, head);
    return c.body(new Uint8Array(text), 200, { "Content-Type": "text/plain; charset=utf-8" });
  });
}

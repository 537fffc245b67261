import type { CommitEntry, RepoRefs } from "@modelhub/api-types";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { DEFAULT_BRANCH } from "../git/git-repository.js";
import { writeCommit } from "../git/commit-writer.js";
import { checkRevision } from "../paths/repo-path.js";
import { type ContentContext, hubUrl } from "./content-context.js";
import { readableRepo, viewerOf, writableRepo } from "./repo-access.js";
import { readLimitedText } from "./limited-body.js";
import { COLLECTION_PATTERN, typeOfCollection } from "./repo-types.js";
import { HttpError, badRequest, conflict, revisionNotFound } from "../../domain/errors.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;
const FULL_SHA = /^[0-9a-f]{40}$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function checkRefName(name: string): string {
  const checked = checkRevision(name);
  if (FULL_SHA.test(checked) || checked.startsWith("refs/") || checked === "HEAD")
    throw badRequest(`Invalid ref name: ${name}`);
  return checked;
}

async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await readLimitedText(c, 64 * 1024);
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest("Body must be a JSON object");
}

/** Commits list, refs, branches and tags. */
export function registerHistoryRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  const repoFor = (c: Context<AppEnv>, write: boolean) => {
    const type = typeOfCollection(c.req.param("kind") ?? "")!;
    const args = [
      ctx.access,
      viewerOf(c),
      type,
      c.req.param("owner") ?? "",
      c.req.param("name") ?? "",
    ] as const;
    return write ? writableRepo(...args) : readableRepo(...args);
  };

  app.get(`/api/${TYPES}/:owner/:name/commits/:rev`, async (c) => {
    const repo = await repoFor(c, false);
    const commit = await ctx.content.resolveOrThrow(repo, c.req.param("rev"));
    const git = ctx.content.git(repo);
    const limit = Math.min(Math.max(Number(c.req.query("limit")) || 50, 1), 1000);
    const page = Math.max(Number(c.req.query("p")) || 0, 0);
    const cursor = c.req.query("cursor");
    const skip = cursor && /^\d+$/.test(cursor) ? Number(cursor) : page * limit;
    const [commits, total] = await Promise.all([git.log(commit, { skip, limit }), git.countCommits(commit)]);
    const formatted =
      c.req.queries("expand[]")?.includes("formatted") || c.req.queries("expand")?.includes("formatted");
    const body = commits.map((info): CommitEntry => ({
      id: info.id,
      title: info.title,
      message: info.message,
      authors: [{ user: info.authorName, avatar: null }],
      date: info.date.toISOString(),
      ...(formatted
        ? { formatted: { title: escapeHtml(info.title), message: escapeHtml(info.message) } }
        : {}),
    }));
    c.header("X-Total-Count", String(total));
    if (skip + limit < total) {
      const next = new URL(c.req.url);
      const base = new URL(hubUrl(ctx, c));
      next.protocol = base.protocol;
      next.host = base.host;
      next.searchParams.delete("p");
      next.searchParams.set("cursor", String(skip + limit));
      c.header("Link", `<${next.toString()}>; rel="next"`);
    }
    return c.json(body);
  });

  app.get(`/api/${TYPES}/:owner/:name/refs`, async (c) => {
    const repo = await repoFor(c, false);
    const refs = (await ctx.content.exists(repo)) ? await ctx.content.git(repo).refs() : [];
    const named = (prefix: string) =>
      refs
        .filter((ref) => ref.ref.startsWith(prefix))
        .map((ref) => ({ name: ref.ref.slice(prefix.length), ref: ref.ref, targetCommit: ref.target }));
    const body: RepoRefs = {
      branches: named("refs/heads/"),
      tags: named("refs/tags/"),
      converts: named("refs/convert/"),
    };
    if (c.req.query("include_prs") === "1" || c.req.query("include_prs") === "true")
      body.pullRequests = named("refs/pr/");
    return c.json(body);
  });

  app.post(`/api/${TYPES}/:owner/:name/branch/:branch`, async (c) => {
    const repo = await repoFor(c, true);
    const branch = checkRefName(c.req.param("branch"));
    const body = await jsonBody(c);
    const git = ctx.content.git(repo);
    await ctx.content.withRepoLock(repo, async () => {
      const existing = await git.headOf(branch);
      if (existing && body.overwrite !== true)
        throw conflict(`Reference refs/heads/${branch} already exists`);
      let target: string;
      if (body.emptyBranch === true) {
        target = await writeCommit(
          git,
          {
            base: undefined,
            changes: [],
            message: `Create empty branch ${branch}\n`,
            author: {
              name: viewerOf(c).user ?? repo.owner,
              email: `${viewerOf(c).user ?? repo.owner}@users.noreply.modelhub`,
            },
          },
          ctx.content.tmpDir,
        );
      } else {
        const start = typeof body.startingPoint === "string" ? body.startingPoint : DEFAULT_BRANCH;
        target = (await git.resolveCommit(checkRevision(start))) ?? "";
        if (!target) throw revisionNotFound(start);
      }
      if (!(await ctx.content.moveRef(git, `refs/heads/${branch}`, target, existing ?? "")))
        throw conflict(`Branch ${branch} changed concurrently`);
      ctx.content.forget(git.dir);
      if (branch === DEFAULT_BRANCH) await ctx.content.announce(repo, target);
    });
    return c.json({ success: true });
  });

  app.delete(`/api/${TYPES}/:owner/:name/branch/:branch`, async (c) => {
    const repo = await repoFor(c, true);
    const branch = checkRefName(c.req.param("branch"));
    if (branch === DEFAULT_BRANCH)
      throw new HttpError(403, `Cannot delete refs/heads/${DEFAULT_BRANCH}: it is the default branch`);
    const git = ctx.content.git(repo);
    await ctx.content.withRepoLock(repo, async () => {
      const commit = await git.headOf(branch);
      if (!commit) throw revisionNotFound(branch);
      await git.deleteRef(`refs/heads/${branch}`);
      ctx.content.forget(git.dir);
      // while the lock is held: the next change to this repo is recorded after this one
      await ctx.audit.record({
        type: "repo.delete_branch",
        namespace: repo.owner,
        data: { repo: { type: repo.type, id: repo.id }, branch, commit, via: "api" },
      });
    });
    return c.json({ success: true });
  });

  app.post(`/api/${TYPES}/:owner/:name/tag/:rev`, async (c) => {
    const repo = await repoFor(c, true);
    const body = await jsonBody(c);
    if (typeof body.tag !== "string") throw badRequest("`tag` is required");
    const git = ctx.content.git(repo);
    // the Hub judges the revision before the tag name: a missing revision is RevisionNotFound
    const rev = checkRevision(c.req.param("rev"));
    if (!(await git.resolveCommit(rev))) throw revisionNotFound(rev);
    const tag = checkRefName(body.tag);
    await ctx.content.withRepoLock(repo, async () => {
      const target = await git.resolveCommit(rev);
      if (!target) throw revisionNotFound(rev);
      if (!(await ctx.content.moveRef(git, `refs/tags/${tag}`, target, "")))
        throw conflict(`Reference refs/tags/${tag} already exists`);
      ctx.content.forget(git.dir);
    });
    return c.json({ success: true });
  });

  app.delete(`/api/${TYPES}/:owner/:name/tag/:tag`, async (c) => {
    const repo = await repoFor(c, true);
    const tag = checkRefName(c.req.param("tag"));
    const git = ctx.content.git(repo);
    await ctx.content.withRepoLock(repo, async () => {
      const refs = await git.refs();
      const found = refs.find((ref) => ref.ref === `refs/tags/${tag}`);
      if (!found) throw revisionNotFound(tag);
      await git.deleteRef(`refs/tags/${tag}`);
      ctx.content.forget(git.dir);
      await ctx.audit.record({
        type: "repo.delete_tag",
        namespace: repo.owner,
        data: { repo: { type: repo.type, id: repo.id }, tag, commit: found.target, via: "api" },
      });
    });
    return c.json({ success: true });
  });
}

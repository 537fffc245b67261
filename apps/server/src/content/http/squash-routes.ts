import type { Context, Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { DEFAULT_BRANCH } from "../git/git-repository.js";
import { checkRevision } from "../paths/repo-path.js";
import type { ContentContext } from "./content-context.js";
import { readLimitedText } from "./limited-body.js";
import { viewerOf, writableRepo } from "./repo-access.js";
import { COLLECTION_PATTERN, typeOfCollection } from "./repo-types.js";
import { badRequest, conflict, revisionNotFound } from "../../domain/errors.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;
const MAX_MESSAGE_CHARS = 64 * 1024;

async function squashMessage(c: Context<AppEnv>, branch: string): Promise<string> {
  const text = await readLimitedText(c, 2 * MAX_MESSAGE_CHARS);
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest("Body must be a JSON object");
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badRequest("Body must be a JSON object");
  const { message } = body as { message?: unknown };
  if (message === undefined || message === null || message === "") return `Super-squash branch '${branch}'\n`;
  if (typeof message !== "string") throw badRequest("`message` must be a string");
  if (message.length > MAX_MESSAGE_CHARS) throw badRequest("`message` is too long");
  if (message.includes("\0")) throw badRequest("`message` must not contain NUL characters");
  return message.endsWith("\n") ? message : `${message}\n`;
}

/**
 * `POST /api/{kind}/{id}/super-squash/{branch}` `{message}`: replaces the branch's history by one root
 * commit holding the same files (`HfApi.super_squash_history`). Tags and other branches keep theirs.
 */
export function registerSquashRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  app.post(`/api/${TYPES}/:owner/:name/super-squash/:branch`, async (c) => {
    const viewer = viewerOf(c);
    const type = typeOfCollection(c.req.param("kind") ?? "")!;
    const repo = await writableRepo(ctx.access, viewer, type, c.req.param("owner"), c.req.param("name"));
    const branch = checkRevision(c.req.param("branch"));
    const message = await squashMessage(c, branch);
    const git = ctx.content.git(repo);
    const commit = await ctx.content.withRepoLock(repo, async () => {
      // a pull request's `refs/pr/<n>` is squashed as the full ref (the dataset viewer squashes refs/convert/…)
      const ref = /^refs\/pr\/[1-9][0-9]*$/.test(branch) ? branch : `refs/heads/${branch}`;
      const head = ref === branch ? await git.resolveCommit(ref) : await git.headOf(branch);
      if (!head) throw revisionNotFound(branch);
      const who = viewer.user ?? repo.owner;
      const when = `${Math.floor(Date.now() / 1000)} +0000`;
      const identity = {
        GIT_AUTHOR_NAME: who,
        GIT_AUTHOR_EMAIL: `${who}@users.noreply.modelhub`,
        GIT_AUTHOR_DATE: when,
        GIT_COMMITTER_NAME: who,
        GIT_COMMITTER_EMAIL: `${who}@users.noreply.modelhub`,
        GIT_COMMITTER_DATE: when,
      };
      const squashed = (await git.git(["commit-tree", `${head}^{tree}`, "-F", "-"], message, identity)).stdout
        .toString("utf8")
        .trim();
      if (!(await ctx.content.moveRef(git, ref, squashed, head)))
        throw conflict(`Branch ${branch} changed during the squash; retry`);
      ctx.content.forget(git.dir);
      if (branch === DEFAULT_BRANCH) await ctx.content.announce(repo, squashed);
      await ctx.audit.record({
        type: "repo.super_squash",
        namespace: repo.owner,
        data: { repo: { type: repo.type, id: repo.id }, ref, from: head, to: squashed },
      });
      return squashed;
    });
    return c.json({ commitId: commit });
  });
}

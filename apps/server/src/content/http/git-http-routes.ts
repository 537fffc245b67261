import type { Context, Hono } from "hono";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { AppEnv } from "../../http-kit/contracts.js";
import { nodeStreamResponse } from "./node-stream-body.js";
import { DEFAULT_BRANCH } from "../git/git-repository.js";
import { runHttpBackend } from "../git/http-backend.js";
import {
  checkPushedPointers,
  parseRefUpdates,
  quarantineEnv,
  type RefUpdate,
} from "../git/lfs-push-check.js";
import { recordPushEvents } from "./push-audit.js";
import { openPushGate } from "../git/push-gate.js";
import { checkPushedPaths } from "../git/push-path-check.js";
import { clearStaleRefLocks } from "../git/stale-locks.js";
import { objectFolderBytes } from "../git/object-bytes.js";
import type { ContentContext } from "./content-context.js";
import { contributableRepo, downloadableRepo, viewerOf } from "./repo-access.js";
import { refusedPullRequestPush } from "./pull-request-push.js";
import { PREFIX_PATTERN, typeOfPrefix } from "./repo-types.js";
import { HttpError } from "../../domain/errors.js";
import type { RepoType } from "../../domain/repo.js";
import type { RepoKey } from "../repo-content.js";

/** The most commits of one push whose files are queued for scanning (the tips always are). */
const PUSHED_COMMITS_SCANNED = 100;
const REALM = { "WWW-Authenticate": 'Basic realm="ModelHub"' };

function repoTypeOf(c: Context<AppEnv>): RepoType {
  return typeOfPrefix(c.req.param("prefix"));
}

/**
 * git smart HTTP (clone, fetch, push) through `git http-backend`; pushes re-derive metadata. Before a
 * push moves any ref, a pre-receive hook asks this server to check the paths and LFS pointers it
 * introduces: a refused path (push-path-check.ts) or a pointer whose object was never uploaded refuses
 * the whole push.
 */
export function registerGitHttpRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  const handle =
    (service: "info/refs" | "git-upload-pack" | "git-receive-pack") => async (c: Context<AppEnv>) => {
      const type = repoTypeOf(c);
      const owner = c.req.param("owner") ?? "";
      const name = (c.req.param("name") ?? "").replace(/\.git$/, "");
      const push = service === "git-receive-pack" || c.req.query("service") === "git-receive-pack";
      if (
        service === "info/refs" &&
        !["git-upload-pack", "git-receive-pack"].includes(c.req.query("service") ?? "")
      ) {
        throw new HttpError(403, "Only the smart HTTP protocol is supported");
      }
      const viewer = viewerOf(c);
      let repo;
      try {
        // non-writers may push too, but only to their own open pull requests (checked per ref below)
        repo = push
          ? await contributableRepo(ctx.access, viewer, type, owner, name)
          : await downloadableRepo(ctx.access, viewer, type, owner, name);
      } catch (error) {
        // Ask git for credentials instead of revealing whether a private repo exists.
        if (error instanceof HttpError && !viewer.user && (error.status === 404 || error.status === 401)) {
          throw new HttpError(401, "Authentication required", undefined, REALM);
        }
        throw error;
      }
      // git http-backend answers any other request type with this same 415; saying it here saves
      // starting git for a request it would refuse
      const expectedType = `application/x-${service}-request`;
      if (service !== "info/refs" && c.req.header("Content-Type") !== expectedType)
        throw new HttpError(415, `Expected POST with Content-Type '${expectedType}'`);
      if (!(await ctx.content.exists(repo))) await ctx.content.init(repo);
      if (!push) {
        // a clone carries every blob its refs reach: the scan policy holds back the same files as downloads
        const refusal = await ctx.content.scanning?.gateGitRead(repo).then(
          () => undefined,
          (error: unknown) => {
            if (error instanceof HttpError && service === "info/refs") return error;
            throw error;
          },
        );
        if (refusal) return gitRemoteError(c, refusal);
      }
      const dir = ctx.content.repoDir(repo);
      const pathInfo = `${dir.slice(ctx.content.reposRoot.length)}/${service}`;
      const refsBefore = push ? await refTargets(ctx, repo) : undefined;
      const run = async (env?: Record<string, string>) => {
        const before = push ? await ctx.content.git(repo).headOf(DEFAULT_BRANCH) : undefined;
        const body = c.req.raw.body
          ? Readable.fromWeb(c.req.raw.body as WebReadableStream<Uint8Array>)
          : undefined;
        const response = await runHttpBackend({
          projectRoot: ctx.content.reposRoot,
          pathInfo,
          method: c.req.method,
          query: new URL(c.req.url).search.replace(/^\?/, ""),
          contentType: c.req.header("Content-Type"),
          contentEncoding: c.req.header("Content-Encoding"),
          gitProtocol: c.req.header("Git-Protocol"),
          remoteUser: viewer.user,
          body: c.req.method === "POST" ? body : undefined,
          env,
        });
        return { response, before };
      };
      if (service !== "git-receive-pack") {
        const { response } = await run();
        return nodeStreamResponse(c.env, response.body, {
          status: response.status,
          headers: response.headers,
        });
      }
      // A push holds the repo lock until git has updated the refs, then recomputes metadata.
      const writer = ctx.access.canWrite(viewer, repo);
      return ctx.content.withRepoLock(repo, async () => {
        await clearStaleRefLocks(dir);
        let pushed: RefUpdate[] = [];
        let holds: string[] = [];
        const gate = await openPushGate(ctx.content.tmpDir, async (request) => {
          const updates = parseRefUpdates(request.updates);
          pushed = updates;
          if (!writer) {
            const refused = await refusedPullRequestPush(ctx, viewer, repo, updates);
            if (refused) return refused;
          }
          const env = await quarantineEnv(dir, request);
          const paths = await checkPushedPaths(dir, updates, env);
          if (!paths.ok) return paths;
          const pointers = await checkPushedPointers(dir, updates, env, (oid) =>
            ctx.content.hasLfsObject(repo, oid),
          );
          if (!pointers.ok || !ctx.quotas || !(await ctx.quotas.limited(repo))) return pointers;
          // the objects the push sent wait in git's quarantine: they land only if they fit
          const sent = env.GIT_QUARANTINE_PATH ? await objectFolderBytes(env.GIT_QUARANTINE_PATH) : 0;
          try {
            holds = await ctx.quotas.reserve(repo, [{ bytes: sent }]);
          } catch (error) {
            if (error instanceof HttpError && error.status === 413)
              return { ok: false, message: `ModelHub: ${error.message}` };
            throw error;
          }
          return pointers;
        });
        const chunks: Buffer[] = [];
        let ran: Awaited<ReturnType<typeof run>>;
        try {
          ran = await run(gate.env);
          for await (const chunk of ran.response.body) chunks.push(chunk as Buffer);
          await ran.response.exited;
        } finally {
          await gate.close();
          await ctx.quotas?.settle(repo, holds);
        }
        const { response, before } = ran;
        ctx.content.forget(dir);
        // the commits the push brought (any ref) are queued for scanning
        const refsAfter = await refTargets(ctx, repo);
        const moved = [...refsAfter]
          .filter(([ref, target]) => refsBefore?.get(ref) !== target)
          .map(([, t]) => t);
        // every commit of the push, not only the tips: a file added and removed again within one push
        // is still carried by clones of the history
        const brought = await ctx.content
          .git(repo)
          .commitsBetween(
            [...new Set(moved)],
            [...new Set(refsBefore?.values() ?? [])],
            PUSHED_COMMITS_SCANNED,
          )
          .catch(() => moved);
        void ctx.content.contentAdded(repo, [...new Set([...moved, ...brought])]);
        const after = await ctx.content.git(repo).headOf(DEFAULT_BRANCH);
        if (after && after !== before) await ctx.content.announce(repo, after);
        if (pushed.length > 0) {
          const refs = new Map((await ctx.content.git(repo).refs()).map((ref) => [ref.ref, ref.target]));
          await recordPushEvents(ctx.audit, repo, dir, pushed, refs);
        }
        return new Response(Buffer.concat(chunks), { status: response.status, headers: response.headers });
      });
    };

  for (const prefix of ["", `/:prefix${PREFIX_PATTERN}`]) {
    app.get(`${prefix}/:owner/:name/info/refs`, handle("info/refs"));
    app.post(`${prefix}/:owner/:name/git-upload-pack`, handle("git-upload-pack"));
    app.post(`${prefix}/:owner/:name/git-receive-pack`, handle("git-receive-pack"));
  }
}

/** A pkt-line (four hex digits of length, then the payload). */
function pktLine(text: string): string {
  const bytes = Buffer.byteLength(text) + 4;
  return bytes.toString(16).padStart(4, "0") + text;
}

/**
 * A refusal as git's own `ERR` packet in the ref advertisement: git prints "remote error: …" with the
 * hub's message, where an HTTP error status would show only its number.
 */
function gitRemoteError(c: Context<AppEnv>, error: HttpError): Response {
  const service = c.req.query("service") ?? "git-upload-pack";
  const text = `${pktLine(`# service=${service}\n`)}0000${pktLine(`ERR ${error.message}\n`)}`;
  return new Response(text, {
    status: 200,
    headers: {
      "Content-Type": `application/x-${service}-advertisement`,
      "Cache-Control": "no-cache",
      ...(error.headers ?? {}),
    },
  });
}

/** Every ref of the repo and the commit it points at (tags peeled to nothing: only commits are read). */
async function refTargets(ctx: ContentContext, repo: RepoKey): Promise<Map<string, string>> {
  const refs = await ctx.content
    .git(repo)
    .refs()
    .catch(() => []);
  return new Map(refs.map((ref) => [ref.ref, ref.target] as const));
}

import type { Context, Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { nodeStreamResponse } from "./node-stream-body.js";
import { pathProblem } from "../paths/path-rules.js";
import { checkRevision } from "../paths/repo-path.js";
import type { Snapshot } from "../snapshot.js";
import { parseRange } from "./byte-range.js";
import type { ContentContext } from "./content-context.js";
import { downloadableRepo, viewerOf } from "./repo-access.js";
import { spaceAppPolicy, spaceFileType } from "./space-app-policy.js";
import { HttpError, entryNotFound } from "../../domain/errors.js";
import { parseCardOffThread } from "../../offload/codec.js";
import type { RepoRecord } from "../../domain/repo.js";

/** How long a space link handed to a viewer keeps working (the page asks for a new one on load). */
export const SPACE_GRANT_SECONDS = 12 * 60 * 60;
const MAX_CARD_BYTES = 1024 * 1024;
const GRANT_SEGMENT = /^([0-9a-f]{40})\.(\d{1,12}\.[A-Za-z0-9_-]{43})$/;
const SPACE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

const subjectOf = (spaceId: string, commit: string) => `space-app\n${spaceId}\n${commit}`;

/**
 * Static spaces run from these routes, never with the viewer's credentials:
 * - `/api/spaces/{id}/app[?revision=]` checks that the viewer may read the space, pins the revision to
 *   a commit and redirects to the app file under a signed, commit-bound prefix;
 * - `/api/spaces/{id}/app/{commit}.{grant}/{path}` serves that space's files at that commit to anyone
 *   holding the grant, ignores cookies and tokens, and wraps every answer in the sandbox policy.
 * Relative URLs in the app resolve under the prefix, so they reach its own files and nothing else.
 */
export function registerSpaceAppRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  app.on(["GET", "HEAD"], "/api/spaces/:owner/:name/app", async (c) => {
    const owner = c.req.param("owner");
    const name = c.req.param("name");
    const repo = await downloadableRepo(ctx.access, viewerOf(c), "space", owner, name);
    const snapshot = await ctx.content.snapshot(repo, checkRevision(c.req.query("revision") ?? "main"));
    const appFile = await appFileOf(ctx, repo, snapshot);
    const entry = snapshot.byPath.get(appFile);
    if (!entry || entry.type !== "file")
      throw new HttpError(404, `This space has no ${appFile} to run`, "EntryNotFound");
    const grant = ctx.signer.grant(subjectOf(repo.id, snapshot.commit), SPACE_GRANT_SECONDS);
    const target = `/api/spaces/${repo.id}/app/${snapshot.commit}.${grant}/${encodePath(appFile)}`;
    return new Response(null, {
      status: 302,
      headers: { Location: target, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  });

  app.on(["GET", "HEAD"], "/api/spaces/:owner/:name/app/:grant/*", async (c) => {
    const spaceId = `${c.req.param("owner")}/${c.req.param("name")}`;
    // Only a well-formed prefix can be a grant; anything else never reaches a header or the database.
    if (!SPACE_ID.test(spaceId) || !GRANT_SEGMENT.test(c.req.param("grant")))
      return c.json({ error: "This space link is not valid" }, 403);
    const ownFiles = `${new URL(c.req.url).origin}/api/spaces/${spaceId}/app/${c.req.param("grant")}/`;
    const headers = new Headers({
      "Content-Security-Policy": spaceAppPolicy(ownFiles),
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    });
    try {
      return await serveSpaceFile(ctx, c, spaceId, headers);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      headers.set("Content-Type", "application/json");
      return new Response(c.req.method === "HEAD" ? null : JSON.stringify({ error: error.message }), {
        status: error.status,
        headers,
      });
    }
  });
}

async function serveSpaceFile(
  ctx: ContentContext,
  c: Context<AppEnv>,
  spaceId: string,
  headers: Headers,
): Promise<Response> {
  const grantMatch = GRANT_SEGMENT.exec(c.req.param("grant") ?? "");
  const verdict = grantMatch
    ? ctx.signer.checkGrant(subjectOf(spaceId, grantMatch[1]), grantMatch[2])
    : "invalid";
  if (verdict === "expired") throw new HttpError(403, "This space link has expired; reload the space page");
  if (verdict !== "valid" || !grantMatch) throw new HttpError(403, "This space link is not valid");
  const repo = await ctx.access.findRepo("space", spaceId);
  if (!repo) throw new HttpError(404, "Repository not found", "RepoNotFound");
  const path = filePathOf(new URL(c.req.url).pathname, c.req.param("grant") ?? "");
  const snapshot = await ctx.content.snapshot(repo, grantMatch[1]);
  const entry = snapshot.byPath.get(path);
  if (!entry || entry.type !== "file") throw entryNotFound(path, snapshot.commit);

  await ctx.content.scanning?.gate(repo, entry);
  const size = entry.lfs ? entry.lfs.size : entry.size;
  headers.set("Content-Type", spaceFileType(path));
  headers.set("Cache-Control", "private, max-age=3600");
  headers.set("Accept-Ranges", "bytes");
  const range = parseRange(c.req.header("Range"), size);
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : size));
  const status = range ? 206 : 200;
  if (c.req.method === "HEAD") return new Response(null, { status, headers });
  const body = await ctx.content.openFile(repo, snapshot, path, range);
  return nodeStreamResponse(c.env, body, { status, headers });
}

/**
 * The repo path after the grant segment, decoded one segment at a time so an encoded slash or dot
 * segment (`x%2F..%2F..`) can never step out of the space: such paths are simply not files here.
 */
function filePathOf(rawPathname: string, grant: string): string {
  const marker = `/app/${grant}/`;
  const rest = rawPathname.slice(rawPathname.indexOf(marker) + marker.length);
  const segments: string[] = [];
  for (const raw of rest.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, "The file path is not valid percent-encoding");
    }
    if (segment === "" || segment === "." || segment === ".." || /[/\\\0]/.test(segment))
      throw new HttpError(404, "Not a file of this space", "EntryNotFound");
    segments.push(segment);
  }
  const path = segments.join("/");
  if (pathProblem(path)) throw new HttpError(404, "Not a file of this space", "EntryNotFound");
  return path;
}

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** The card's `app_file` when it names a usable path, else index.html. */
async function appFileOf(ctx: ContentContext, repo: RepoRecord, snapshot: Snapshot): Promise<string> {
  const readme = snapshot.byPath.get("README.md");
  if (!readme || readme.type !== "file" || readme.size > MAX_CARD_BYTES || readme.lfs) return "index.html";
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.content.openFile(repo, snapshot, "README.md"))
    chunks.push(Buffer.from(chunk as Uint8Array));
  const appFile = (await parseCardOffThread(Buffer.concat(chunks).toString("utf8"))).cardData?.app_file;
  return typeof appFile === "string" && appFile !== "" && !pathProblem(appFile) ? appFile : "index.html";
}

import type { Context, Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { checkFolderPath, checkRepoPath } from "../paths/repo-path.js";
import { type ContentContext, hubUrl } from "./content-context.js";
import { readableRepo, viewerOf } from "./repo-access.js";
import { readLimitedText } from "./limited-body.js";
import { COLLECTION_PATTERN, typeOfCollection } from "./repo-types.js";
import { treeEntriesJson } from "./tree-entry-json.js";
import { treeFirstEntries } from "./tree-order.js";
import { badRequest, entryNotFound } from "../../domain/errors.js";
import { trimTrailing } from "../../patterns/trim.js";

const TYPES = `:kind${COLLECTION_PATTERN}`;
const MAX_PATHS = 1000;

function flag(value: string | undefined): boolean {
  // requests (huggingface_hub 0.x) sends Python booleans as "True"/"False".
  return value?.toLowerCase() === "true" || value === "1";
}

/** Tree listing and paths-info. */
export function registerFileRoutes(app: Hono<AppEnv>, ctx: ContentContext): void {
  const tree = async (c: Context<AppEnv>) => {
    const type = typeOfCollection(c.req.param("kind") ?? "")!;
    const repo = await readableRepo(
      ctx.access,
      viewerOf(c),
      type,
      c.req.param("owner") ?? "",
      c.req.param("name") ?? "",
    );
    const folder = checkFolderPath(c.req.param("path") ?? "");
    const snapshot = await ctx.content.snapshot(repo, c.req.param("rev") ?? "");
    const recursive = flag(c.req.query("recursive"));
    const expand = flag(c.req.query("expand"));
    if (folder !== "" && snapshot.byPath.get(folder)?.type !== "directory")
      throw entryNotFound(folder, snapshot.commit);
    const prefix = folder === "" ? "" : `${folder}/`;
    const selected = treeFirstEntries(snapshot).filter((entry) => {
      if (!entry.path.startsWith(prefix)) return false;
      return recursive || !entry.path.slice(prefix.length).includes("/");
    });
    const pageSize = Math.min(
      Math.max(Number(c.req.query("limit")) || (expand ? 50 : 1000), 1),
      expand ? 1000 : 10_000,
    );
    const cursor = c.req.query("cursor");
    const offset = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const page = selected.slice(offset, offset + pageSize);
    const git = ctx.content.git(repo);
    const body = await treeEntriesJson(page, expand, git, snapshot.commit, ctx.content.scanning);
    if (offset + pageSize < selected.length) {
      const next = new URL(c.req.url);
      const base = new URL(hubUrl(ctx, c));
      next.protocol = base.protocol;
      next.host = base.host;
      next.searchParams.set("cursor", String(offset + pageSize));
      c.header("Link", `<${next.toString()}>; rel="next"`);
    }
    c.header("X-Repo-Commit", snapshot.commit);
    return c.json(body);
  };
  app.get(`/api/${TYPES}/:owner/:name/tree/:rev`, tree);
  app.get(`/api/${TYPES}/:owner/:name/tree/:rev/:path{.+}`, tree);

  app.post(`/api/${TYPES}/:owner/:name/paths-info/:rev`, async (c) => {
    const type = typeOfCollection(c.req.param("kind"))!;
    const repo = await readableRepo(ctx.access, viewerOf(c), type, c.req.param("owner"), c.req.param("name"));
    const { paths, expand } = await readPathsRequest(c);
    if (paths.length > MAX_PATHS) throw badRequest(`At most ${MAX_PATHS} paths per request`);
    const wanted = paths.map((path) => checkRepoPath(trimTrailing(path, "/")));
    const snapshot = await ctx.content.snapshot(repo, c.req.param("rev"));
    const git = ctx.content.git(repo);
    const found = wanted.flatMap((path) => snapshot.byPath.get(path) ?? []);
    const body = await treeEntriesJson(found, expand, git, snapshot.commit, ctx.content.scanning);
    c.header("X-Repo-Commit", snapshot.commit);
    return c.json(body);
  });
}

async function readPathsRequest(c: Context<AppEnv>): Promise<{ paths: string[]; expand: boolean }> {
  const contentType = c.req.header("Content-Type") ?? "";
  const text = await readLimitedText(c, 4 * 1024 * 1024);
  if (contentType.includes("application/json")) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest("Body is not valid JSON");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw badRequest("Body must be a JSON object with `paths`");
    const body = value as { paths?: unknown; expand?: unknown };
    const paths = typeof body.paths === "string" ? [body.paths] : body.paths;
    if (!Array.isArray(paths) || !paths.every((path) => typeof path === "string"))
      throw badRequest("`paths` must be a list of strings");
    return { paths: paths as string[], expand: body.expand === true || body.expand === "true" };
  }
  const form = new URLSearchParams(text);
  return { paths: form.getAll("paths"), expand: flag(form.get("expand") ?? undefined) };
}

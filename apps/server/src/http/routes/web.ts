import fs from "node:fs";
import path from "node:path";
import { Hono, type Context } from "hono";
import { isPipelineType } from "@modelhub/tasks";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { canReadRepo } from "../../platform/access-rules.js";
import { toRepoRecord } from "../../platform/repos.js";
import { renamedPath } from "../../http-kit/repo-moved.js";
import { negotiateEncoding, type Encoding } from "../content-encoding.js";
import { inlineScriptHashes, webPageHeaders } from "../web-page-policy.js";
import type { RepoType } from "../../domain/repo.js";
import { trimTrailing } from "../../patterns/trim.js";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json",
  ".wasm": "application/wasm",
};

const STATIC_PAGES = new Set([
  "/",
  "/models",
  "/datasets",
  "/spaces",
  "/kernels",
  "/tasks",
  "/login",
  "/settings/tokens",
  "/settings/security",
  "/new",
  "/organizations/new",
]);
/** First path segment of the pages of every repo type but models. */
const PREFIXED_TYPES: Record<string, RepoType> = { datasets: "dataset", spaces: "space", kernels: "kernel" };
const REPO_SUBPAGES = /^(?:tree|blob|commits|commit|upload|settings|discussions)(?:\/|$)/;

export interface WebApp {
  indexHtml: string;
  dir: string;
  /** Files of the folder the build also wrote as `<file>.br` / `<file>.gz` (absolute paths). */
  precompressed: Record<Encoding, Set<string>>;
  /** Security headers of every page (see web-page-policy.ts). */
  pageHeaders: Record<string, string>;
}

export function loadWebApp(dir: string | undefined): WebApp | undefined {
  if (!dir) return undefined;
  const index = path.join(dir, "index.html");
  if (!fs.existsSync(index)) return undefined;
  const indexHtml = fs.readFileSync(index, "utf8");
  const root = path.resolve(dir);
  return {
    dir: root,
    indexHtml,
    precompressed: precompressedFiles(root),
    pageHeaders: webPageHeaders(inlineScriptHashes(indexHtml)),
  };
}

const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** The build's compressed siblings, listed once at start (the folder is the build's output, not edited live). */
function precompressedFiles(root: string): Record<Encoding, Set<string>> {
  const found: Record<Encoding, Set<string>> = { br: new Set(), gzip: new Set() };
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const encoding of ["br", "gzip"] as const)
      if (file.endsWith(SUFFIX[encoding])) found[encoding].add(file.slice(0, -SUFFIX[encoding].length));
  }
  return found;
}

/** Which repo a page path shows, if it is a repo page. */
function repoOfPage(pathname: string): { type: RepoType; id: string; rest: string } | undefined {
  const segments = pathname.split("/").filter(Boolean);
  let type: RepoType = "model";
  const prefixed = PREFIXED_TYPES[segments[0] ?? ""];
  if (prefixed) {
    type = prefixed;
    segments.shift();
  }
  if (segments.length < 2) return undefined;
  return { type, id: `${segments[0]}/${segments[1]}`, rest: segments.slice(2).join("/") };
}

/**
 * The built web app on the same port: known pages get index.html with 200, unknown paths and missing
 * repos get index.html with 404 (the app renders its not-found page), `/assets/*` are static files.
 */
export function webRoutes(deps: AppDeps, web: WebApp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  async function pageExists(c: Context<AppEnv>, pathname: string): Promise<boolean> {
    const normalised = pathname.length > 1 ? trimTrailing(pathname, "/") : pathname;
    if (STATIC_PAGES.has(normalised)) return true;
    const task = /^\/tasks\/([^/]+)$/.exec(normalised);
    if (task) return isPipelineType(decodeURIComponent(task[1]));
    // a user's or organisation's profile, and an organisation's member settings
    const profile = /^\/([^/]+)$/.exec(normalised);
    if (profile) return deps.accounts.namespaceTaken(decodeURIComponent(profile[1]));
    const orgSettings = /^\/organizations\/([^/]+)\/settings\/(?:members|sso)$/.exec(normalised);
    if (orgSettings) return (await deps.accounts.findOrg(decodeURIComponent(orgSettings[1]))) !== undefined;
    const repo = repoOfPage(normalised);
    if (!repo || (repo.rest !== "" && !REPO_SUBPAGES.test(repo.rest))) return false;
    const row = await deps.repos.findForRead(repo.type, decodeURIComponent(repo.id)).catch(() => undefined);
    return row !== undefined && canReadRepo(c.var.viewer, toRepoRecord(row));
  }

  /** The page of a renamed repo's new name, when the path names an old one the viewer may follow. */
  async function movedPage(c: Context<AppEnv>, pathname: string): Promise<string | undefined> {
    const repo = repoOfPage(pathname);
    if (!repo || (repo.rest !== "" && !REPO_SUBPAGES.test(repo.rest))) return undefined;
    const id = decodeURIComponent(repo.id);
    if (await deps.repos.find(repo.type, id)) return undefined;
    const moved = await deps.repos.findMoved(repo.type, id);
    if (!moved || !canReadRepo(c.var.viewer, toRepoRecord(moved))) return undefined;
    return renamedPath(pathname, id, moved.full_id) + new URL(c.req.url).search;
  }

  app.get("*", async (c, next) => {
    const pathname = c.req.path;
    if (pathname.startsWith("/api/")) return next();
    const file = staticFile(web.dir, pathname);
    if (file) {
      const immutable = pathname.startsWith("/assets/");
      const headers: Record<string, string> = {
        "Content-Type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
      };
      const variants = (["br", "gzip"] as const).filter((encoding) => web.precompressed[encoding].has(file));
      if (variants.length > 0) headers.Vary = "Accept-Encoding";
      const encoding = negotiateEncoding(c, variants);
      if (!encoding) return c.body(fs.readFileSync(file), 200, headers);
      headers["Content-Encoding"] = encoding;
      return c.body(fs.readFileSync(file + SUFFIX[encoding]), 200, headers);
    }
    if (pathname.startsWith("/assets/")) return c.text("Not found", 404);
    const page = { "Cache-Control": "no-cache", ...web.pageHeaders };
    if (await pageExists(c, pathname)) return c.html(web.indexHtml, 200, page);
    const moved = await movedPage(c, pathname);
    if (moved) return c.redirect(moved, 307);
    return c.html(web.indexHtml, 404, page);
  });
  return app;
}

/** A file inside the web folder (never index.html, never outside the folder), or undefined. */
function staticFile(root: string, pathname: string): string | undefined {
  if (pathname === "/" || pathname.endsWith("/")) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const full = path.resolve(root, `.${decoded}`);
  if (!full.startsWith(root + path.sep) || path.basename(full) === "index.html") return undefined;
  try {
    return fs.statSync(full).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

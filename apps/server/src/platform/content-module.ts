import { createHash } from "node:crypto";
import type { Hono } from "hono";
import type { AppEnv, ContentDeps, ContentModuleExports, FileEntry, RepoContent } from "../http/contracts.js";

export interface LoadedContent {
  content: RepoContent;
  routes?: Hono<AppEnv>;
  /** False when the content half is not built in; repos then have metadata records but no files. */
  available: boolean;
}

/**
 * The one place that reaches into the content half. Loaded by path so the platform builds and runs
 * even before `src/content/index.ts` exists.
 */
export async function loadContent(deps: ContentDeps): Promise<LoadedContent> {
  const specifier = "../content/index.js";
  let mod: Partial<ContentModuleExports>;
  try {
    mod = (await import(specifier)) as Partial<ContentModuleExports>;
  } catch (err) {
    if (!isModuleMissing(err)) throw err;
    deps.logger.warn({}, "content module not present: repositories will have records but no files");
    return { content: recordOnlyContent(deps), available: false };
  }
  if (typeof mod.createContentRoutes !== "function" || typeof mod.createRepoContent !== "function") {
    deps.logger.warn({}, "content module lacks createContentRoutes/createRepoContent: serving records only");
    return { content: recordOnlyContent(deps), available: false };
  }
  return { content: mod.createRepoContent(deps), routes: mod.createContentRoutes(deps), available: true };
}

function isModuleMissing(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : "";
  return code === "ERR_MODULE_NOT_FOUND" || /Cannot find module|Failed to load url|does not exist/i.test(message);
}

/** Stand-in without git: a commit only reports the file list so listings and seeding still work. */
function recordOnlyContent(deps: ContentDeps): RepoContent {
  return {
    async init() {},
    async remove() {},
    async move() {},
    async commitFiles(repo, input) {
      const siblings: FileEntry[] = input.files.map((file) => {
        const bytes = typeof file.content === "string" ? Buffer.from(file.content) : Buffer.from(file.content);
        return { path: file.path, size: bytes.length, oid: createHash("sha1").update(bytes).digest("hex") };
      });
      const sha = createHash("sha1").update(JSON.stringify([repo.id, siblings, Date.now()])).digest("hex");
      const commit = { sha, date: new Date(), title: input.title };
      await deps.events.commitLanded(repo, commit, {
        tags: [],
        warnings: ["Repository content is not available on this server build."],
        usedStorage: siblings.reduce((sum, f) => sum + f.size, 0),
        siblings,
      });
      return commit;
    },
  };
}

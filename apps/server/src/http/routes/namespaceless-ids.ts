import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { KIND_PATTERN } from "../../http-kit/repo-paths.js";
import { repoNotFound } from "../../domain/errors.js";

/**
 * Ids without a namespace (`gpt2`, `squad`): huggingface.co still serves a few such legacy repos, and
 * the Python client tries them (HfFileSystem drops the first path segment when `owner/name` is not
 * found; `hf_hub_download("gpt2", …)`). Every repo here has a namespace, so these answer the Hub's
 * 404 `RepoNotFound` (RepositoryNotFoundError in the client) instead of a bare "no route".
 * Mounted after the other platform routes, so `/api/{kind}/facets` keeps its meaning.
 */
export function namespacelessIdRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const missing = () => {
    throw repoNotFound();
  };
  app.on(["GET", "HEAD"], `/api/:kind${KIND_PATTERN}/:name`, missing);
  app.on(["GET", "HEAD"], `/api/:kind${KIND_PATTERN}/:name/revision/:rev{.+}`, missing);
  app.on(["GET", "HEAD"], "/:name/resolve/:rev/:path{.+}", missing);
  return app;
}

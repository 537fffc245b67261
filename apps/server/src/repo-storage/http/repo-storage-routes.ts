import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { PlatformRouteDeps } from "../../platform/http/route-deps.js";
import { forbidden } from "../../domain/errors.js";
import { isNamespaceMember, requireUser } from "../../platform/access-rules.js";
import { namespaceRepoStorage } from "../namespace-repos.js";

/**
 * `GET /api/settings/repositories` (the signed-in user's repos) and
 * `GET /api/organizations/{org}/settings/repositories` (members and admins): `HfApi.list_user_repos`.
 */
export function repoStorageRoutes(deps: Pick<PlatformRouteDeps, "db">): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/settings/repositories", async (c) => {
    const user = requireUser(c.var.viewer);
    return c.json(await namespaceRepoStorage(deps.db, user));
  });
  app.get("/api/organizations/:org/settings/repositories", async (c) => {
    const viewer = c.var.viewer;
    requireUser(viewer);
    const org = c.req.param("org");
    if (!isNamespaceMember(viewer, org) && viewer.isAdmin !== true)
      throw forbidden(`Only members of ${org} may list its repositories' storage`);
    return c.json(await namespaceRepoStorage(deps.db, org));
  });
  return app;
}

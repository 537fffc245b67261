import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import { modelTreeOf } from "../../platform/model-tree.js";

/**
 * `GET /api/models/{owner}/{name}/model-tree`: the model's base models (with their relation and
 * whether each is on this hub) and, per relation, how many visible models name it as their base.
 * The body uses the Hub's `baseModels` / `childrenModelCount` shapes (its `expand[]` properties of
 * the model info). The last segment cannot meet the file routes: those are `/tree/{rev}[/…]`.
 */
export function modelTreeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/models/:owner/:name/model-tree", async (c) => {
    const row = await readableRepo(c, deps.repos, "model", `${c.req.param("owner")}/${c.req.param("name")}`);
    return c.json(await modelTreeOf(deps.db, row, c.var.viewer));
  });
  return app;
}

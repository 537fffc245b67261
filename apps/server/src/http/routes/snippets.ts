import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import { requestBase } from "../../http-kit/request-base.js";
import { modelDataOf } from "../../hub-api/model-data.js";
import { buildSnippets } from "../../platform/snippets.js";

/** `GET /api/models/{owner}/{name}/snippets?provider=…&streaming=…`: inference and library snippets. */
export function snippetRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/models/:owner/:name/snippets", async (c) => {
    const row = await readableRepo(c, deps.repos, "model", `${c.req.param("owner")}/${c.req.param("name")}`);
    const mappings = (await deps.repos.providerMappings([row.id])).get(row.id) ?? [];
    const streaming = ["true", "1"].includes(c.req.query("streaming") ?? c.req.query("stream") ?? "");
    const set = buildSnippets(modelDataOf(row), mappings, {
      provider: c.req.query("provider"),
      streaming,
      hubUrl: requestBase(c, deps.configuredPublicUrl),
    });
    return c.json(set);
  });
  return app;
}

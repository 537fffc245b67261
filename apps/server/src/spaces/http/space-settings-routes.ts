import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { PlatformRouteDeps } from "../../platform/http/route-deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { managedRepo } from "../../platform/http/repo-lookup.js";
import { SpaceSettings } from "../space-settings.js";

const entrySchema = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string().nullish(),
});
const keySchema = z.object({ key: z.string() });

/**
 * A Space's secrets and variables at the Hub's routes (huggingface_hub's `add_space_secret`,
 * `delete_space_secret`, `get_space_variables`, `add_space_variable`, `delete_space_variable`), for
 * the Space's writers: `GET|POST|DELETE /api/spaces/{id}/variables` answer the variables as
 * `{KEY: {value, description, updatedAt}}`; `GET|POST|DELETE /api/spaces/{id}/secrets` keep values to
 * themselves (GET lists keys, descriptions and dates).
 */
export function spaceSettingsRoutes(deps: Pick<PlatformRouteDeps, "db" | "repos">): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const settings = new SpaceSettings(deps.db);
  const space = (c: Context<AppEnv>) =>
    managedRepo(c, deps.repos, "space", `${c.req.param("owner")}/${c.req.param("name")}`);

  app.get("/api/spaces/:owner/:name/variables", async (c) => {
    const row = await space(c);
    return c.json(await settings.variables(row.id));
  });
  app.post("/api/spaces/:owner/:name/variables", async (c) => {
    const row = await space(c);
    await settings.setVariable(row, await jsonBody(c, entrySchema));
    return c.json(await settings.variables(row.id));
  });
  app.delete("/api/spaces/:owner/:name/variables", async (c) => {
    const row = await space(c);
    await settings.deleteVariable(row, (await jsonBody(c, keySchema)).key);
    return c.json(await settings.variables(row.id));
  });

  app.get("/api/spaces/:owner/:name/secrets", async (c) => {
    const row = await space(c);
    return c.json(await settings.secrets(row.id));
  });
  app.post("/api/spaces/:owner/:name/secrets", async (c) => {
    const row = await space(c);
    await settings.setSecret(row, await jsonBody(c, entrySchema));
    return c.json(await settings.secrets(row.id));
  });
  app.delete("/api/spaces/:owner/:name/secrets", async (c) => {
    const row = await space(c);
    await settings.deleteSecret(row, (await jsonBody(c, keySchema)).key);
    return c.json(await settings.secrets(row.id));
  });
  return app;
}

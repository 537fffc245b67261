import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { quickSearch } from "../../platform/quick-search.js";
import { badRequest } from "../../domain/errors.js";

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;
const MAX_QUERY = 200;

/** `GET /api/quicksearch?q=…[&limit=]`: the header typeahead (repos of each kind, users, organisations). */
export function quickSearchRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/quicksearch", async (c) => {
    const q = (c.req.query("q") ?? "").trim();
    if (q === "") throw badRequest("Give the text to search for in `q`");
    if (q.length > MAX_QUERY) throw badRequest(`\`q\` is longer than ${MAX_QUERY} characters`);
    const limitText = c.req.query("limit");
    const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw badRequest(`\`limit\` must be a whole number from 1 to ${MAX_LIMIT}`);
    c.header("Cache-Control", "no-store");
    return c.json(await quickSearch(deps.db, c.var.viewer, q, limit));
  });
  return app;
}

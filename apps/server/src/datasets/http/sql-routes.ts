import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { jsonBody } from "../../offload/json-body.js";
import { configName, convertedRecord, readableDataset, type ViewerRouteDeps } from "./viewer-context.js";
import { boundedBody } from "../../http-kit/body-limit.js";

const MAX_BODY_BYTES = 64 * 1024;

const SqlBody = z.object({
  dataset: z.string().min(1),
  config: z.string().min(1).optional(),
  query: z.string().min(1).max(20_000),
});

/** `POST /datasets-server/sql` `{dataset, config?, query}` → `{columns, rows}` (read-only, sandboxed). */
export function sqlRoutes(deps: ViewerRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    "/datasets-server/sql",
    boundedBody(MAX_BODY_BYTES, `Request body is larger than ${MAX_BODY_BYTES} bytes`),
    async (c) => {
      const body = await jsonBody(c, SqlBody);
      const repo = await readableDataset(c, deps, body.dataset);
      const record = await convertedRecord(deps, repo);
      const config = body.config ?? configName(c, record);
      const answer = await deps.viewer.sql(repo, record, config, body.query);
      return c.body(answer, 200, { "Content-Type": "application/json" });
    },
  );
  return app;
}

import type { Hono } from "hono";
import { clientGoneSignal } from "../../http-kit/client-gone.js";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { jsonBody } from "../../offload/json-body.js";
import { requireUser } from "../../platform/access-rules.js";
import { BILL_TO_HEADER } from "../bill-to.js";
import { EmbeddingsCallerGone, type EmbeddingsGateway } from "../embeddings/embeddings-gateway.js";

/** POST /v1/embeddings (OpenAI shape): `{model, input, encoding_format?, dimensions?}`. */
export function mountEmbeddingsRoutes(app: Hono<AppEnv>, gateway: EmbeddingsGateway): void {
  app.post("/v1/embeddings", async (c) => {
    requireUser(c.var.viewer);
    try {
      const answer = await gateway.embed({
        viewer: c.var.viewer,
        body: await jsonBody(c, z.unknown()),
        billToHeader: c.req.header(BILL_TO_HEADER),
        signal: clientGoneSignal(c),
      });
      return c.json(answer);
    } catch (err) {
      if (err instanceof EmbeddingsCallerGone) return c.body(null, 499 as never);
      throw err;
    }
  });
}

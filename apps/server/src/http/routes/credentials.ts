import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";

const revokeSchema = z.object({ credentials: z.array(z.string().max(500)).max(100) });

/**
 * `POST /api/credentials/revoke`: anyone who finds a leaked token (a secret scanner, a bystander)
 * switches it off. No sign-in; the answer is 202 whether or not a token matched, so it tells nothing.
 */
export function credentialRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post("/api/credentials/revoke", async (c) => {
    const body = await jsonBody(c, revokeSchema);
    await deps.accounts.revokeLeakedTokens(body.credentials);
    return c.json({}, 202);
  });
  return app;
}

import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { OrgTokens, type TokenDecision } from "../../platform/org-tokens.js";
import { parseTokenPolicy, TOKEN_POLICIES } from "../../platform/org-token-policy.js";

const policySchema = z.object({ policy: z.enum(TOKEN_POLICIES) });
const revokeSchema = z.object({ token: z.string().min(1).max(500) });

/**
 * An org's token settings (org admins): the token policy, the members' tokens that reach the org with
 * their approval state, approving/denying/revoking one, and revoking a token by its value.
 */
export function orgTokenRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const tokens = new OrgTokens(deps.db, deps.accounts);
  app.use("/api/organizations/:org/settings/tokens/*", noStore);

  app.get("/api/organizations/:org/settings/token-policy", async (c) =>
    c.json(await tokens.policy(c.req.param("org"), c.var.viewer)),
  );

  app.put("/api/organizations/:org/settings/token-policy", async (c) => {
    requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, policySchema);
    return c.json(await tokens.setPolicy(c.req.param("org"), parseTokenPolicy(body.policy), c.var.viewer));
  });

  app.get("/api/organizations/:org/settings/tokens", async (c) =>
    c.json(await tokens.list(c.req.param("org"), c.var.viewer)),
  );

  app.post("/api/organizations/:org/settings/tokens/revoke", async (c) => {
    requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, revokeSchema);
    return c.json(await tokens.revokeValue(c.req.param("org"), body.token, c.var.viewer));
  });

  app.post("/api/organizations/:org/settings/tokens/:id/:decision{(?:approve|deny|revoke)}", async (c) => {
    const decision = c.req.param("decision") as TokenDecision;
    return c.json(await tokens.decide(c.req.param("org"), c.req.param("id"), decision, c.var.viewer));
  });

  return app;
}

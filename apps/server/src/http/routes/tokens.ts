import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import type { AccessTokenInfo, CreatedAccessToken } from "@modelhub/api-types";
import type { TokenRow } from "../../platform/accounts.js";
import { notFound } from "../../domain/errors.js";

const createSchema = z.object({
  displayName: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(100).optional(),
  role: z.enum(["read", "write"]).default("read"),
});

function tokenJson(row: TokenRow): AccessTokenInfo {
  return {
    id: row.id,
    displayName: row.display_name,
    role: row.role === "write" ? "write" : "read",
    prefix: row.token_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Personal access tokens (for programs outside the browser): list, create and revoke them. */
export function tokenRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // a fresh token is shown once: no cache may keep it
  app.use("/api/settings/tokens", noStore);
  app.use("/api/settings/tokens/*", noStore);

  app.get("/api/settings/tokens", async (c) => {
    const user = requireWriteUser(c.var.viewer);
    return c.json((await deps.accounts.listTokens(user)).map(tokenJson));
  });

  app.post("/api/settings/tokens", async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, createSchema);
    const { token, row } = await deps.accounts.createToken(user, {
      displayName: body.displayName ?? body.name ?? "token",
      role: body.role,
    });
    const created: CreatedAccessToken = { ...tokenJson(row), token };
    return c.json(created);
  });

  app.delete("/api/settings/tokens/:id", async (c) => {
    const user = requireWriteUser(c.var.viewer);
    if (!(await deps.accounts.revokeToken(user, c.req.param("id")))) throw notFound("Token not found");
    return c.json({ revoked: c.req.param("id") });
  });

  return app;
}

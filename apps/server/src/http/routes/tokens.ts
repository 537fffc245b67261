import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import type { AccessTokenInfo, CreatedAccessToken, FineGrainedPermissions } from "@modelhub/api-types";
import type { TokenRow } from "../../platform/accounts.js";
import { badRequest, notFound } from "../../domain/errors.js";
import {
  expiresAtSchema,
  fineGrainedInputSchema,
  parseExpiry,
  resolveFineGrained,
} from "../../platform/fine-grained-input.js";
import { parseStoredFineGrained } from "../../platform/token-scope.js";

const createSchema = z.object({
  displayName: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(100).optional(),
  role: z.enum(["read", "write", "fineGrained"]).optional(),
  fineGrained: fineGrainedInputSchema.optional(),
  expiresAt: expiresAtSchema,
});

export function tokenJson(row: TokenRow): AccessTokenInfo {
  return {
    id: row.id,
    displayName: row.display_name,
    role: row.role === "write" || row.role === "fineGrained" ? row.role : "read",
    prefix: row.token_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    ...(row.fine_grained
      ? { fineGrained: parseStoredFineGrained(row.fine_grained) as FineGrainedPermissions }
      : {}),
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
    const role = body.role ?? (body.fineGrained ? "fineGrained" : "read");
    if (role === "fineGrained" && !body.fineGrained)
      throw badRequest(
        'A fineGrained token needs its permissions: send "fineGrained": {"global": [...], "scoped": [...]}',
      );
    if (role !== "fineGrained" && body.fineGrained)
      throw badRequest(`"fineGrained" permissions only apply to role "fineGrained", not "${role}"`);
    const expiresAt = parseExpiry(body.expiresAt);
    const owner = await deps.accounts.findUser(user);
    if (!owner) throw notFound(`User ${user} not found`);
    const fineGrained = body.fineGrained
      ? await resolveFineGrained(body.fineGrained, owner, deps)
      : undefined;
    const { token, row } = await deps.accounts.createToken(user, {
      displayName: body.displayName ?? body.name ?? "token",
      role: role === "write" ? "write" : "read",
      fineGrained,
      expiresAt,
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

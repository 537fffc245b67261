import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../contracts.js";
import type { AppDeps } from "../deps.js";
import { HttpError, notFound, unauthorized } from "../errors.js";
import { clientAddress } from "../client-address.js";
import { jsonBody } from "../json-body.js";
import { requireWriteUser } from "../middleware/auth.js";
import type { AccessTokenJson, CreatedAccessTokenJson, LoginJson } from "../../hub-api/wire.js";
import type { TokenRow } from "../../platform/accounts.js";
import { SignInThrottle } from "../../platform/sign-in-throttle.js";

const loginSchema = z.object({ username: z.string().min(1), password: z.string().min(1) });
const createSchema = z.object({
  displayName: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(100).optional(),
  role: z.enum(["read", "write"]).default("read"),
});

/** 429 with `Retry-After` (seconds), as HTTP clients expect from a rate limit. */
class TooManySignIns extends HttpError {
  readonly headers: Record<string, string>;
  constructor(retryAfterSeconds: number) {
    super(
      429,
      `Too many failed sign-ins for this user or from this address: try again in ${retryAfterSeconds} seconds`,
    );
    this.headers = { "Retry-After": String(retryAfterSeconds) };
  }
}

function tokenJson(row: TokenRow): AccessTokenJson {
  return {
    id: row.id,
    displayName: row.display_name,
    role: row.role === "write" ? "write" : "read",
    prefix: row.token_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/**
 * Web app account API: sign in with username + password (returns a fresh write token the browser keeps),
 * then list, create and revoke personal access tokens.
 */
export function tokenRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const throttle = new SignInThrottle();

  app.post("/api/login", async (c) => {
    c.header("Cache-Control", "no-store");
    const body = await jsonBody(c, loginSchema);
    const address = clientAddress(c);
    const wait = throttle.retryAfterSeconds(body.username, address);
    if (wait > 0) throw new TooManySignIns(wait);
    const user = await deps.accounts.checkPassword(body.username, body.password);
    if (!user) {
      throttle.recordFailure(body.username, address);
      throw unauthorized("Wrong username or password");
    }
    throttle.recordSuccess(body.username);
    const { token, row } = await deps.accounts.createToken(user.name, {
      displayName: "web sign-in",
      role: "write",
    });
    const answer: LoginJson = {
      accessToken: token,
      token: tokenJson(row),
      user: { name: user.name, fullname: user.fullname },
    };
    return c.json(answer);
  });

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
    const created: CreatedAccessTokenJson = { ...tokenJson(row), token };
    return c.json(created);
  });

  app.delete("/api/settings/tokens/:id", async (c) => {
    const user = requireWriteUser(c.var.viewer);
    if (!(await deps.accounts.revokeToken(user, c.req.param("id")))) throw notFound("Token not found");
    return c.json({ revoked: c.req.param("id") });
  });

  return app;
}

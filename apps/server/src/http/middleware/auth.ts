import type { MiddlewareHandler } from "hono";
import type { AppEnv, Viewer } from "../contracts.js";
import { forbidden, unauthorized } from "../errors.js";
import type { Accounts } from "../../platform/accounts.js";

const ANONYMOUS: Viewer = { orgs: [] };

/**
 * Sets `c.var.viewer` from `Authorization: Bearer <token>` (or HTTP Basic with the token as password,
 * as git and git-lfs send it). A token that is present but unknown is rejected, not ignored.
 */
export function authMiddleware(accounts: Accounts): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token === undefined) {
      c.set("viewer", ANONYMOUS);
      return next();
    }
    const resolved = await accounts.resolveToken(token);
    if (!resolved) throw unauthorized();
    await accounts.touchToken(resolved.token);
    c.set("viewer", accounts.viewerOf(resolved));
    return next();
  };
}

/** The token of a Bearer header, or the password of a Basic one. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const password = colon >= 0 ? decoded.slice(colon + 1) : decoded;
    return password || undefined;
  }
  return undefined;
}

export function requireUser(viewer: Viewer): string {
  if (!viewer.user) throw unauthorized("You must be authenticated: send `Authorization: Bearer hf_…`");
  return viewer.user;
}

export const READ_ONLY_TOKEN_MESSAGE = "This action needs a write token; this token is read-only";

/** Every state-changing route: a signed-in viewer whose credential has the write role (401 / 403). */
export function requireWriteUser(viewer: Viewer): string {
  const user = requireUser(viewer);
  if (viewer.role !== "write") throw forbidden(READ_ONLY_TOKEN_MESSAGE);
  return user;
}

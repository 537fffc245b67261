import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../contracts.js";
import type { Accounts } from "../../platform/accounts.js";
import { csrfTokenMatches, type WebSessions } from "../../platform/web-sessions.js";
import { forbidden, unauthorized } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";
import type { MemberViewer } from "../../platform/access-rules.js";
import {
  auditOrigin,
  runWithAuditContext,
  userActor,
  type AuditContext,
  type AuditCredential,
} from "../../audit/context.js";
import { clientAddress } from "../client-address.js";

const ANONYMOUS: Viewer = { orgs: [] };

/** The browser's sign-in cookie (HttpOnly: page scripts never see it). */
export const SESSION_COOKIE = "modelhub_session";
export const CSRF_HEADER = "X-CSRF-Token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Signing in needs no session; the password is the proof. */
const CSRF_FREE_PATHS = new Set(["/api/login"]);

/**
 * Sets `c.var.viewer` from `Authorization: Bearer <token>` (or HTTP Basic with the token as password,
 * as git and git-lfs send it). A token that is present but unknown is rejected, not ignored. Without a
 * token, the web session cookie signs the user in; cookie writes must carry the session's CSRF token.
 * An unknown or expired cookie is simply anonymous, so public pages keep working.
 * The rest of the request runs in its audit context: events it records name this user, token,
 * address and User-Agent.
 */
export function authMiddleware(accounts: Accounts, sessions: WebSessions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token === undefined) {
      const viewer = (await sessionViewer(c, accounts, sessions)) ?? ANONYMOUS;
      c.set("viewer", viewer);
      return runWithAuditContext(auditContextOf(c, viewer), next);
    }
    const resolved = await accounts.resolveToken(token);
    if (!resolved) throw unauthorized();
    const viewer = accounts.viewerOf(resolved);
    c.set("viewer", viewer);
    const credential: AuditCredential = {
      type: "access_token",
      id: resolved.token.id,
      role: resolved.token.role,
      last4: token.slice(-4),
    };
    return runWithAuditContext(auditContextOf(c, viewer, credential), async () => {
      await accounts.touchToken(resolved.token);
      return next();
    });
  };
}

function auditContextOf(c: Context<AppEnv>, viewer: MemberViewer, token?: AuditCredential): AuditContext {
  return {
    actor: viewer.user
      ? userActor(viewer.userId ?? null, viewer.user)
      : { id: null, name: null, type: "anonymous" },
    token,
    origin: auditOrigin(clientAddress(c), c.req.header("User-Agent")),
  };
}

async function sessionViewer(
  c: Context<AppEnv>,
  accounts: Accounts,
  sessions: WebSessions,
): Promise<Viewer | undefined> {
  const secret = getCookie(c, SESSION_COOKIE);
  if (!secret) return undefined;
  const session = await sessions.resolve(secret);
  const viewer = session ? await accounts.sessionViewer(session.user_name) : undefined;
  if (!viewer) return undefined;
  const needsCsrf = !SAFE_METHODS.has(c.req.method) && !CSRF_FREE_PATHS.has(c.req.path);
  if (needsCsrf && !csrfTokenMatches(secret, c.req.header(CSRF_HEADER))) {
    throw forbidden(
      `This request carries the sign-in cookie but not its CSRF token: send the ${CSRF_HEADER} header given by /api/session`,
    );
  }
  return viewer;
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

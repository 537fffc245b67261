import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { Accounts } from "../../platform/accounts.js";
import { csrfTokenMatches, hasSecondFactor, type WebSessions } from "../../platform/web-sessions.js";
import type { CompanySignIn } from "../../sso/company-sign-in.js";
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
import { bearerToken } from "../../http-kit/bearer-token.js";
import { clientAddress } from "../../http-kit/client-address.js";
import { SESSION_COOKIE } from "../../platform/http/session-cookie.js";
import { tokenExpired } from "../../platform/tokens.js";

const ANONYMOUS: Viewer = { orgs: [] };
const SCIM_PATH = /^\/api\/organizations\/[^/]+\/scim\/v2(?:\/|$)/;

export const CSRF_HEADER = "X-CSRF-Token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Signing in needs no session; the password is the proof. A SAML response arrives as a form POST from
 * the identity provider's page: its signature and InResponseTo are the proof.
 */
const CSRF_FREE_PATHS = new Set(["/api/login", "/auth/saml/acs"]);

/**
 * Sets `c.var.viewer` from `Authorization: Bearer <token>` (or HTTP Basic with the token as password,
 * as git and git-lfs send it). A token that is present but unknown is rejected, not ignored; with a
 * company directory configured, a Basic password that is no token is tried as the user's directory
 * password (git over HTTP). Without a token, the web session cookie signs the user in; cookie writes
 * must carry the session's CSRF token. An unknown or expired cookie is simply anonymous, so public
 * pages keep working.
 * The rest of the request runs in its audit context: events it records name this user, token,
 * address and User-Agent.
 */
export function authMiddleware(
  accounts: Accounts,
  sessions: WebSessions,
  sso?: CompanySignIn,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // SCIM's bearer is an org's SCIM token, checked by the SCIM routes themselves
    if (SCIM_PATH.test(c.req.path)) {
      c.set("viewer", ANONYMOUS);
      return next();
    }
    const header = c.req.header("Authorization");
    const token = bearerToken(header);
    if (token === undefined) {
      const viewer = (await sessionViewer(c, accounts, sessions)) ?? ANONYMOUS;
      c.set("viewer", viewer);
      return runWithAuditContext(auditContextOf(c, viewer), next);
    }
    const resolved = await accounts.resolveToken(token);
    if (!resolved) {
      const basic = basicCredentials(header);
      const directoryUser =
        sso && basic?.username ? await sso.gitPasswordUser(basic.username, basic.password) : undefined;
      const viewer = directoryUser ? await accounts.sessionViewer(directoryUser, true) : undefined;
      if (!viewer) throw unauthorized();
      const { blockedOrgs: _blocked, ...plain } = viewer;
      c.set("viewer", plain);
      return runWithAuditContext(auditContextOf(c, plain), next);
    }
    if (tokenExpired(resolved.token))
      throw unauthorized(
        `This token expired at ${resolved.token.expires_at}: create a new one at /settings/tokens`,
      );
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
  const found = session
    ? await accounts.sessionViewer(session.user_name, hasSecondFactor(session.method))
    : undefined;
  if (!found) return undefined;
  const { blockedOrgs: _blocked, ...viewer } = found;
  const needsCsrf = !SAFE_METHODS.has(c.req.method) && !CSRF_FREE_PATHS.has(c.req.path);
  if (needsCsrf && !csrfTokenMatches(secret, c.req.header(CSRF_HEADER))) {
    throw forbidden(
      `This request carries the sign-in cookie but not its CSRF token: send the ${CSRF_HEADER} header given by /api/session`,
    );
  }
  return viewer;
}

/** User name and password of a Basic header. */
export function basicCredentials(
  header: string | undefined,
): { username: string; password: string } | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value || !/^basic$/i.test(scheme)) return undefined;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

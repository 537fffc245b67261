import { Hono, type Context } from "hono";
import { tokenExpired } from "../../platform/tokens.js";
import { deleteCookie, getCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { clientAddress } from "../../http-kit/client-address.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { requestBase } from "../../http-kit/request-base.js";
import { SESSION_COOKIE, setSessionCookie } from "../../platform/http/session-cookie.js";
import type { LoginResponse, SessionState, WebSessionInfo } from "@modelhub/api-types";
import { SharedSignInThrottle } from "../../platform/shared-sign-in-throttle.js";
import { hasSecondFactor } from "../../platform/web-sessions.js";
import { csrfTokenOf, type SignInMethod, type WebSessionRow } from "../../platform/web-sessions.js";
import type { CompanySignIn } from "../../sso/company-sign-in.js";
import { AccountDisabledError } from "../../sso/identities.js";
import { LdapUnavailableError } from "../../sso/ldap.js";
import { forbidden, HttpError, notFound, unauthorized } from "../../domain/errors.js";
import { userActor, type AuditActor, type AuditCredential } from "../../audit/context.js";
import type { AuditEventInput } from "../../audit/record.js";
import type { ResolvedToken, UserRow } from "../../platform/accounts.js";

const loginSchema = z.union([
  z.object({
    username: z.string().min(1).max(256),
    password: z.string().min(1).max(1024),
    /** The authenticator app's 6-digit code, or a recovery code, for accounts with 2FA. */
    code: z.string().max(64).optional(),
  }),
  // a write token pasted on the sign-in page: the browser gets a session, never keeps the token
  z.object({ token: z.string().min(1) }),
]);

/** 429 with `Retry-After` (seconds), as HTTP clients expect from a rate limit. */
class TooManySignIns extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      `Too many failed sign-ins for this user or from this address: try again in ${retryAfterSeconds} seconds`,
      undefined,
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}

function sessionJson(row: WebSessionRow, current: boolean): WebSessionInfo {
  return {
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
    method: row.method,
    current,
  };
}

type PasswordOutcome =
  { user: UserRow; method: SignInMethod } | { failure: string; secondFactorMissing?: boolean };

/**
 * Browser sign-in with a password: a web session in an HttpOnly cookie plus a CSRF token for the
 * page (never a personal access token). Sign out, the current session, and the user's session list.
 */
export function sessionRoutes(deps: AppDeps & { sso: CompanySignIn }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const sso = deps.sso;
  const sessions = sso.sessions;
  // in the database: replicas behind a load balancer share one count
  const throttle = new SharedSignInThrottle(deps.db);

  // credentials and CSRF tokens must never sit in a shared or browser cache
  app.use("/api/login", noStore);
  app.use("/api/logout", noStore);
  app.use("/api/session", noStore);
  app.use("/api/settings/sessions/*", noStore);
  app.use("/api/settings/sessions", noStore);
  app.use("/api/admin/users/*", noStore);

  const credentialOf = (resolved: ResolvedToken, token: string): AuditCredential => ({
    type: "access_token",
    id: resolved.token.id,
    role: resolved.token.role,
    last4: token.slice(-4),
  });

  /** The `user.login_failed` event: attributed to the claimed user when the attempt names one. */
  const failure = async (
    provider: "password" | "token",
    claimed: string | undefined,
    resolved: ResolvedToken | undefined,
    token: string | undefined,
  ): Promise<AuditEventInput> => {
    const known =
      resolved?.user ?? (claimed !== undefined ? await deps.accounts.findUser(claimed) : undefined);
    const actor: AuditActor = known
      ? userActor(known.id, known.name)
      : claimed !== undefined
        ? userActor(null, claimed.slice(0, 100))
        : { id: null, name: null, type: "anonymous" };
    const reason =
      provider === "token"
        ? resolved
          ? "read_token"
          : "invalid_token"
        : known
          ? "wrong_password"
          : "unknown_user";
    return {
      type: "user.login_failed",
      namespace: known?.name ?? null,
      actor,
      token: resolved && token ? credentialOf(resolved, token) : null,
      data: { provider, reason, ...(claimed !== undefined ? { user: claimed.slice(0, 100) } : {}) },
    };
  };

  const currentSession = async (c: Context<AppEnv>) => {
    const secret = getCookie(c, SESSION_COOKIE);
    const row = secret ? await sessions.resolve(secret) : undefined;
    return row && secret ? { row, secret } : undefined;
  };

  /**
   * A user name and password: the company directory first (when configured), then the hub's own
   * passwords (unless MODELHUB_PASSWORD_LOGIN=0), then the account's second factor.
   */
  const passwordSignIn = async (body: {
    username: string;
    password: string;
    code?: string;
  }): Promise<PasswordOutcome> => {
    let directoryDown = false;
    try {
      const outcome = await sso.ldapSignIn(body.username, body.password);
      if (outcome?.ok) return { user: await sso.accountFor(outcome.profile), method: "ldap" };
      if (outcome?.reason === "disabled") return { failure: "directory account disabled" };
    } catch (err) {
      if (err instanceof AccountDisabledError) throw forbidden(err.message);
      if (!(err instanceof LdapUnavailableError)) throw err;
      deps.logger.warn({ err }, "the LDAP directory could not be asked");
      directoryDown = true;
    }
    if (!sso.settings.passwordLogin) {
      if (directoryDown) throw new HttpError(503, "The company directory does not answer: try again shortly");
      if (!sso.ldap)
        throw forbidden(
          "Password sign-in is turned off on this hub: use the company sign-in button (or an access token)",
        );
      return { failure: "wrong directory password" };
    }
    const user = await deps.accounts.checkPassword(body.username, body.password);
    if (!user) return { failure: "wrong password" };
    if (!sso.twoFactor.enabled(user)) return { user, method: "password" };
    if (!body.code) return { failure: "second factor missing", secondFactorMissing: true };
    const checked = await sso.twoFactor.check(user, body.code);
    if (!checked) return { failure: "wrong second factor" };
    if (checked === "recovery")
      sso.events.record({
        type: "recovery-code-used",
        user: user.name,
        remaining: await sso.twoFactor.remainingRecoveryCodes(user),
      });
    return { user, method: checked === "totp" ? "password+totp" : "password+recovery" };
  };

  app.post("/api/login", async (c) => {
    const body = await jsonBody(c, loginSchema);
    const address = clientAddress(c);
    // token attempts are throttled per address only (the user name is what they try to find)
    const claimedUser = "username" in body ? body.username : undefined;
    const wait = await throttle.retryAfterSeconds(claimedUser, address);
    if (wait > 0) throw new TooManySignIns(wait);
    let user: UserRow | undefined;
    let method: SignInMethod = "token";
    let resolved: ResolvedToken | undefined;
    if ("username" in body) {
      const outcome = await passwordSignIn(body);
      if ("failure" in outcome) {
        if (outcome.secondFactorMissing)
          throw new HttpError(
            401,
            "Enter the 6-digit code from your authenticator app (or one of your recovery codes)",
            "TwoFactorRequired",
          );
        const event = await failure("password", claimedUser, undefined, undefined);
        const detail = outcome.failure === "wrong password" ? {} : { detail: outcome.failure };
        await throttle.recordFailure(claimedUser, address, { ...event, data: { ...event.data, ...detail } });
        sso.events.record({
          type: "sign-in-failed",
          user: claimedUser,
          method: "password",
          reason: outcome.failure,
          address,
        });
        throw unauthorized(
          outcome.failure === "wrong second factor"
            ? "Wrong or already used two-factor code"
            : "Wrong username or password",
        );
      }
      ({ user, method } = outcome);
    } else {
      resolved = await deps.accounts.resolveToken(body.token);
      if (resolved && tokenExpired(resolved.token)) resolved = undefined;
      if (resolved && resolved.token.role !== "write") {
        await throttle.recordFailure(
          undefined,
          address,
          await failure("token", undefined, resolved, body.token),
        );
        throw forbidden(
          "Only a classic write token can sign in to the web app (a session may write): not a read or fine-grained token",
        );
      }
      user = resolved?.user;
      if (!user) {
        await throttle.recordFailure(
          undefined,
          address,
          await failure("token", undefined, undefined, body.token),
        );
        sso.events.record({ type: "sign-in-failed", method: "token", reason: "unknown token", address });
        throw unauthorized("This token is not valid on this hub");
      }
    }
    await throttle.recordSuccess(claimedUser);
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await sessions.end(previous);
    const { secret } = await sso.openSession(
      user,
      method,
      c.req.header("User-Agent"),
      address,
      undefined,
      resolved && "token" in body ? credentialOf(resolved, body.token) : undefined,
    );
    setSessionCookie(c, secret, deps.configuredPublicUrl);
    const answer: LoginResponse = {
      user: { name: user.name, fullname: user.fullname },
      csrfToken: csrfTokenOf(secret),
    };
    return c.json(answer);
  });

  app.post("/api/logout", async (c) => {
    const current = await currentSession(c);
    let idpLogoutUrl: string | undefined;
    if (current) {
      await sessions.end(current.secret, true);
      sso.events.record({ type: "sign-out", user: current.row.user_name });
      if (current.row.method === "oidc" && sso.oidc) {
        const hint = current.row.idp_logout
          ? (JSON.parse(current.row.idp_logout) as { idToken?: string })
          : {};
        const back = `${requestBase(c, deps.configuredPublicUrl)}/`;
        idpLogoutUrl = await sso.oidc.logoutUrl(hint.idToken, back);
      }
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ signedOut: current !== undefined, ...(idpLogoutUrl ? { idpLogoutUrl } : {}) });
  });

  app.get("/api/session", async (c) => {
    const current = await currentSession(c);
    if (!current) return c.json({ signedIn: false } satisfies SessionState);
    const viewer = await deps.accounts.sessionViewer(
      current.row.user_name,
      hasSecondFactor(current.row.method),
    );
    return c.json({
      signedIn: true,
      user: current.row.user_name,
      csrfToken: csrfTokenOf(current.secret),
      expiresAt: current.row.expires_at,
      method: current.row.method,
      blockedOrgs: viewer?.blockedOrgs ?? [],
    } satisfies SessionState);
  });

  app.get("/api/settings/sessions", async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const currentId = (await currentSession(c))?.row.id;
    return c.json((await sessions.list(user)).map((row) => sessionJson(row, row.id === currentId)));
  });

  app.delete("/api/settings/sessions/:id", async (c) => {
    const user = requireWriteUser(c.var.viewer);
    if (!(await sessions.revoke(user, c.req.param("id")))) throw notFound("Session not found");
    sso.events.record({ type: "session-revoked", user, by: user, sessions: 1 });
    return c.json({ revoked: c.req.param("id") });
  });

  // site admins: a user's sessions, and ending all of them (a lost laptop, a leaver)
  const adminTarget = async (c: Context<AppEnv>) => {
    requireWriteUser(c.var.viewer);
    if (!c.var.viewer.isAdmin) throw forbidden("Only site admins can see or end another user's sessions");
    const target = await deps.accounts.findUser(c.req.param("user") ?? "");
    if (!target) throw notFound(`User ${c.req.param("user")} not found`);
    return target;
  };

  app.get("/api/admin/users/:user/sessions", async (c) => {
    const target = await adminTarget(c);
    return c.json((await sessions.list(target.name)).map((row) => sessionJson(row, false)));
  });

  app.delete("/api/admin/users/:user/sessions", async (c) => {
    const target = await adminTarget(c);
    const ended = await sessions.revokeAll(target.name);
    sso.events.record({
      type: "session-revoked",
      user: target.name,
      by: c.var.viewer.user ?? "",
      sessions: ended,
    });
    return c.json({ user: target.name, ended });
  });

  return app;
}

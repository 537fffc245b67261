import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../contracts.js";
import type { AppDeps } from "../deps.js";
import { clientAddress } from "../client-address.js";
import { jsonBody } from "../json-body.js";
import { noStore } from "../middleware/no-store.js";
import { SESSION_COOKIE } from "../middleware/auth.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { requestBase } from "../request-base.js";
import type { LoginResponse, SessionState, WebSessionInfo } from "@modelhub/api-types";
import { SharedSignInThrottle } from "../../platform/shared-sign-in-throttle.js";
import {
  csrfTokenOf,
  DEFAULT_WEB_SESSION_LIMITS,
  WebSessions,
  type WebSessionRow,
} from "../../platform/web-sessions.js";
import { forbidden, HttpError, notFound, unauthorized } from "../../domain/errors.js";
import { userActor, type AuditActor, type AuditCredential } from "../../audit/context.js";
import type { AuditEventInput } from "../../audit/record.js";
import type { ResolvedToken, UserRow } from "../../platform/accounts.js";

const loginSchema = z.union([
  z.object({ username: z.string().min(1), password: z.string().min(1) }),
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
    current,
  };
}

/**
 * Browser sign-in with a password: a web session in an HttpOnly cookie plus a CSRF token for the
 * page (never a personal access token). Sign out, the current session, and the user's session list.
 */
export function sessionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const sessions = new WebSessions(deps.db);
  // in the database: replicas behind a load balancer share one count
  const throttle = new SharedSignInThrottle(deps.db);

  // credentials and CSRF tokens must never sit in a shared or browser cache
  app.use("/api/login", noStore);
  app.use("/api/logout", noStore);
  app.use("/api/session", noStore);
  app.use("/api/settings/sessions/*", noStore);
  app.use("/api/settings/sessions", noStore);

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

  app.post("/api/login", async (c) => {
    const body = await jsonBody(c, loginSchema);
    const address = clientAddress(c);
    // token attempts are throttled per address only (the user name is what they try to find)
    const claimedUser = "username" in body ? body.username : undefined;
    const wait = await throttle.retryAfterSeconds(claimedUser, address);
    if (wait > 0) throw new TooManySignIns(wait);
    let user: UserRow | undefined;
    let resolved: ResolvedToken | undefined;
    if ("username" in body) user = await deps.accounts.checkPassword(body.username, body.password);
    else {
      resolved = await deps.accounts.resolveToken(body.token);
      if (resolved && resolved.token.role !== "write") {
        await throttle.recordFailure(
          undefined,
          address,
          await failure("token", undefined, resolved, body.token),
        );
        throw forbidden(
          "A read token cannot sign in to the web app (a session may write): use a write token",
        );
      }
      user = resolved?.user;
    }
    const provider = "username" in body ? "password" : "token";
    if (!user) {
      const token = "token" in body ? body.token : undefined;
      await throttle.recordFailure(
        claimedUser,
        address,
        await failure(provider, claimedUser, resolved, token),
      );
      throw unauthorized(
        "username" in body ? "Wrong username or password" : "This token is not valid on this hub",
      );
    }
    await throttle.recordSuccess(claimedUser);
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await sessions.end(previous);
    const { secret } = await sessions.create(user.name, c.req.header("User-Agent"), {
      type: "user.login",
      namespace: user.name,
      actor: userActor(user.id, user.name),
      token: resolved && "token" in body ? credentialOf(resolved, body.token) : null,
      data: { user: user.name, provider },
    });
    setCookie(c, SESSION_COOKIE, secret, {
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
      secure: requestBase(c, deps.configuredPublicUrl).startsWith("https:"),
      maxAge: Math.floor(DEFAULT_WEB_SESSION_LIMITS.maxAgeMs / 1000),
    });
    const answer: LoginResponse = {
      user: { name: user.name, fullname: user.fullname },
      csrfToken: csrfTokenOf(secret),
    };
    return c.json(answer);
  });

  app.post("/api/logout", async (c) => {
    const current = await currentSession(c);
    if (current) await sessions.end(current.secret, true);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ signedOut: current !== undefined });
  });

  app.get("/api/session", async (c) => {
    const current = await currentSession(c);
    if (!current) return c.json({ signedIn: false } satisfies SessionState);
    return c.json({
      signedIn: true,
      user: current.row.user_name,
      csrfToken: csrfTokenOf(current.secret),
      expiresAt: current.row.expires_at,
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
    return c.json({ revoked: c.req.param("id") });
  });

  return app;
}

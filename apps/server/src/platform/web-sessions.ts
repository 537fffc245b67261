import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, WebSessionTable } from "../db/schema.js";
import { newId } from "../domain/ids.js";
import { hashToken } from "./tokens.js";
import { recordAuditEvent, type AuditEventInput } from "../audit/record.js";

export type WebSessionRow = Selectable<WebSessionTable>;

/** How a browser session's sign-in was proven. */
export type SignInMethod =
  "password" | "password+totp" | "password+recovery" | "token" | "oidc" | "saml" | "ldap";

/** Sessions that count as "2FA or company sign-in" for orgs that require it. */
export function hasSecondFactor(method: string | null): boolean {
  return method !== null && method !== "password";
}

export interface WebSessionLimits {
  /** A session unused this long ends (each use slides it). */
  idleMs: number;
  /** No session lives longer than this, however often it is used. */
  maxAgeMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_WEB_SESSION_LIMITS: WebSessionLimits = { idleMs: 30 * DAY_MS, maxAgeMs: 90 * DAY_MS };
/** last_seen_at is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;
const MAX_USER_AGENT = 300;

/**
 * The CSRF token of a session: derived from its secret, so it needs no storage and changes with the
 * session. Only pages of this origin can read it (from /api/login or /api/session), never another site.
 */
export function csrfTokenOf(secret: string): string {
  return createHash("sha256").update(`csrf:${secret}`).digest("base64url");
}

export function csrfTokenMatches(secret: string, sent: string | undefined): boolean {
  if (!sent) return false;
  const expected = Buffer.from(csrfTokenOf(secret));
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Browser sign-ins, kept apart from personal access tokens: expiring, listed and revocable. */
export class WebSessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: WebSessionLimits = DEFAULT_WEB_SESSION_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `method` says how the sign-in was proven (password, password+totp, token, oidc, saml, ldap); it
   * decides whether orgs that require 2FA or company sign-in count the session. `idpLogout` keeps what
   * RP-initiated logout at the identity provider needs. `login` is the sign-in's audit event
   * (`user.login`), recorded with the session row; the session's id is added to its data.
   */
  async create(
    user: string,
    userAgent: string | undefined,
    method: SignInMethod = "password",
    idpLogout?: string,
    login?: AuditEventInput,
  ): Promise<{ secret: string; row: WebSessionRow }> {
    const secret = randomBytes(32).toString("base64url");
    const now = this.now();
    const row: WebSessionRow = {
      id: newId(),
      user_name: user,
      secret_hash: hashToken(secret),
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(this.expiry(now, now)).toISOString(),
      user_agent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
      method,
      idp_logout: idpLogout ?? null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("web_sessions").values(row).execute();
      if (login) await recordAuditEvent(trx, { ...login, data: { ...login.data, sessionId: row.id } });
    });
    // sessions that ran out without being used again would otherwise stay forever
    await this.db
      .deleteFrom("web_sessions")
      .where("user_name", "=", user)
      .where("expires_at", "<=", row.created_at)
      .execute();
    return { secret, row };
  }

  /** The live session of a cookie secret (sliding its expiry), or undefined; expired ones are deleted. */
  async resolve(secret: string): Promise<WebSessionRow | undefined> {
    const row = await this.db
      .selectFrom("web_sessions")
      .selectAll()
      .where("secret_hash", "=", hashToken(secret))
      .executeTakeFirst();
    if (!row) return undefined;
    const now = this.now();
    if (Date.parse(row.expires_at) <= now) {
      await this.db.deleteFrom("web_sessions").where("id", "=", row.id).execute();
      return undefined;
    }
    if (now - Date.parse(row.last_seen_at) < TOUCH_EVERY_MS) return row;
    const touched = {
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(this.expiry(Date.parse(row.created_at), now)).toISOString(),
    };
    await this.db.updateTable("web_sessions").set(touched).where("id", "=", row.id).execute();
    return { ...row, ...touched };
  }

  async list(user: string): Promise<WebSessionRow[]> {
    const rows = await this.db
      .selectFrom("web_sessions")
      .selectAll()
      .where("user_name", "=", user)
      .orderBy("last_seen_at", "desc")
      .execute();
    const now = this.now();
    return rows.filter((row) => Date.parse(row.expires_at) > now);
  }

  /** Signs one of the user's sessions out (`user.session_revoke`); false when it is not theirs or gone. */
  async revoke(user: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom("web_sessions")
        .where("id", "=", id)
        .where("user_name", "=", user)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await recordAuditEvent(trx, {
        type: "user.session_revoke",
        namespace: user,
        data: { user, sessionId: id },
      });
      return true;
    });
  }

  /** Ends every session of the user (an admin's "sign out everywhere"); returns how many ended. */
  async revokeAll(user: string): Promise<number> {
    const result = await this.db.deleteFrom("web_sessions").where("user_name", "=", user).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Ends the session of a cookie; `signOut` records it as the user's sign-out (`user.logout`). */
  async end(secret: string, signOut = false): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("web_sessions")
        .select(["id", "user_name"])
        .where("secret_hash", "=", hashToken(secret))
        .executeTakeFirst();
      if (!row) return;
      await trx.deleteFrom("web_sessions").where("id", "=", row.id).execute();
      if (signOut)
        await recordAuditEvent(trx, {
          type: "user.logout",
          namespace: row.user_name,
          data: { user: row.user_name, sessionId: row.id },
        });
    });
  }

  private expiry(createdAt: number, lastSeen: number): number {
    return Math.min(lastSeen + this.limits.idleMs, createdAt + this.limits.maxAgeMs);
  }
}

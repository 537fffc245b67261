import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * Short-lived sign-in state kept in the database, so any replica can finish a flow another one began:
 * OIDC state (PKCE verifier, nonce), SAML request ids, and SAML assertion ids already used. Each row is
 * taken once (`take` deletes it); expired rows are removed as new ones are written.
 */
export class SignInFlows {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  newId(): string {
    return randomBytes(24).toString("base64url");
  }

  async put(kind: string, id: string, data: unknown, ttlMs: number): Promise<void> {
    const now = this.now();
    await this.db.deleteFrom("sign_in_flows").where("expires_at", "<=", now).execute();
    await this.db
      .insertInto("sign_in_flows")
      .values({ id: `${kind}:${id}`, kind, data: JSON.stringify(data), expires_at: now + ttlMs })
      .execute();
  }

  /** Reads without removing (SAML's cache provider asks before it removes). */
  async peek<T>(kind: string, id: string): Promise<T | undefined> {
    const row = await this.db
      .selectFrom("sign_in_flows")
      .selectAll()
      .where("id", "=", `${kind}:${id}`)
      .executeTakeFirst();
    if (!row || row.expires_at <= this.now()) return undefined;
    return JSON.parse(row.data) as T;
  }

  /** The flow's data, removed so it can serve once; undefined when unknown, used or expired. */
  async take<T>(kind: string, id: string): Promise<T | undefined> {
    const key = `${kind}:${id}`;
    const row = await this.db
      .selectFrom("sign_in_flows")
      .selectAll()
      .where("id", "=", key)
      .executeTakeFirst();
    if (!row) return undefined;
    const removed = await this.db.deleteFrom("sign_in_flows").where("id", "=", key).executeTakeFirst();
    // a concurrent take of the same row lost the race: only one caller gets the data
    if (Number(removed.numDeletedRows) === 0 || row.expires_at <= this.now()) return undefined;
    return JSON.parse(row.data) as T;
  }

  /** Records an id once; false when it was already recorded (a replay). */
  async claimOnce(kind: string, id: string, ttlMs: number): Promise<boolean> {
    if (await this.peek(kind, id)) return false;
    try {
      await this.put(kind, id, true, ttlMs);
      return true;
    } catch {
      return false;
    }
  }
}

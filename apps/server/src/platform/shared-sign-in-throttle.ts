import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { DEFAULT_SIGN_IN_LIMITS, type SignInThrottleLimits } from "./sign-in-throttle.js";
import { recordAuditEvent, type AuditEventInput } from "../audit/record.js";

/**
 * The sign-in throttle of `SignInThrottle` (fixed windows per user name and per client address), kept
 * in the database so every replica behind a load balancer counts the same failures: without it each
 * replica would grant an attacker its own allowance.
 */
export class SharedSignInThrottle {
  private writes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: Omit<SignInThrottleLimits, "maxEntries"> = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when one may try now. */
  async retryAfterSeconds(user: string | undefined, address: string): Promise<number> {
    const limits = new Map([[addressKey(address), this.limits.perAddress]]);
    if (user !== undefined) limits.set(userKey(user), this.limits.perUser);
    const now = this.now();
    const rows = await this.db
      .selectFrom("sign_in_failures")
      .selectAll()
      .where("key", "in", [...limits.keys()])
      .where("reset_at", ">", now)
      .execute();
    const waits = rows.map((row) =>
      row.count >= (limits.get(row.key) ?? Infinity) ? row.reset_at - now : 0,
    );
    return Math.ceil(Math.max(0, ...waits) / 1000);
  }

  /** Counts a failed sign-in; `event` (the `user.login_failed` audit event) is recorded with the counts. */
  async recordFailure(user: string | undefined, address: string, event?: AuditEventInput): Promise<void> {
    const now = this.now();
    const resetAt = now + this.limits.windowMs;
    const keys = user === undefined ? [addressKey(address)] : [userKey(user), addressKey(address)];
    await this.db.transaction().execute(async (trx) => {
      for (const key of keys) {
        // a window that ended starts again at 1; a live one counts up (one statement: replicas race here)
        await trx
          .insertInto("sign_in_failures")
          .values({ key, count: 1, reset_at: resetAt })
          .onConflict((oc) =>
            oc.column("key").doUpdateSet({
              count: sql<number>`CASE WHEN sign_in_failures.reset_at <= ${now} THEN 1 ELSE sign_in_failures.count + 1 END`,
              reset_at: sql<number>`CASE WHEN sign_in_failures.reset_at <= ${now} THEN ${resetAt} ELSE sign_in_failures.reset_at END`,
            }),
          )
          .execute();
      }
      if (event) await recordAuditEvent(trx, event);
    });
    // now and then, drop ended windows so the table stays small
    if (++this.writes % 100 === 0)
      await this.db.deleteFrom("sign_in_failures").where("reset_at", "<=", now).execute();
  }

  /** A right password clears the user's count (the address keeps its count). */
  async recordSuccess(user: string | undefined): Promise<void> {
    if (user !== undefined)
      await this.db.deleteFrom("sign_in_failures").where("key", "=", userKey(user)).execute();
  }
}

const userKey = (user: string) => `user:${user.toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;

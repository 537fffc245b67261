import type { InferenceLimits } from "./settings.js";
import type { UsageStore } from "./usage-store.js";
import { HttpError } from "../domain/errors.js";

const WINDOW_MS = 60_000;
/** Above this many tracked users, idle ones are swept on the next check. */
const SWEEP_ABOVE = 10_000;

/** 429 with `Retry-After` (seconds), which the error handler copies into the response headers. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/**
 * Per-user limits: a sliding one-minute window of request times, kept in memory (per hub process,
 * reset on restart), and the monthly token quota, summed from the usage table.
 */
export class InferenceLimiter {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly limits: InferenceLimits,
    private readonly usage: UsageStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws a 429 when the user is over a limit; otherwise counts the request. */
  async admit(user: string): Promise<void> {
    const now = this.now();
    await this.checkQuota(user, new Date(now));
    const times = this.windowOf(user, now);
    if (times.length >= this.limits.requestsPerMinute) {
      const retryAfter = (times[0] + WINDOW_MS - now) / 1000;
      throw new TooManyRequestsError(
        `Rate limit reached: at most ${this.limits.requestsPerMinute} inference requests per minute per user; retry in ${Math.ceil(retryAfter)} s`,
        retryAfter,
      );
    }
    times.push(now);
  }

  private windowOf(user: string, now: number): number[] {
    if (this.recent.size > SWEEP_ABOVE) this.sweep(now);
    const times = this.recent.get(user) ?? [];
    while (times.length > 0 && times[0] <= now - WINDOW_MS) times.shift();
    this.recent.set(user, times);
    return times;
  }

  private sweep(now: number): void {
    for (const [user, times] of this.recent)
      if (times.length === 0 || times[times.length - 1] <= now - WINDOW_MS) this.recent.delete(user);
  }

  private async checkQuota(user: string, now: Date): Promise<void> {
    const quota = this.limits.monthlyTokenQuota;
    if (quota === undefined) return;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const spent = await this.usage.tokensOfUserSince(user, monthStart);
    if (spent < quota) return;
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    throw new TooManyRequestsError(
      `Monthly token quota reached: ${spent} of ${quota} tokens used this month; it resets on ${nextMonth.toISOString().slice(0, 10)}`,
      (nextMonth.getTime() - now.getTime()) / 1000,
    );
  }
}

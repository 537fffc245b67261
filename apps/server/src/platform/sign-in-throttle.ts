export interface SignInThrottleLimits {
  /** Failed sign-ins allowed per user name within one window. */
  perUser: number;
  /** Failed sign-ins allowed per client address within one window. */
  perAddress: number;
  windowMs: number;
  /** Most keys remembered; beyond it expired keys go first, then the oldest. */
  maxEntries: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInThrottleLimits = {
  perUser: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  maxEntries: 10_000,
};

interface Failures {
  count: number;
  resetAt: number;
}

/**
 * Counts failed password sign-ins per user name and per client address in fixed windows that start
 * at the first failure. In memory: a restart forgets it, which only gives an attacker one fresh window.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly limits: SignInThrottleLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when one may try now. */
  /** `user` is undefined for attempts that name no user (a pasted token). */
  retryAfterSeconds(user: string | undefined, address: string): number {
    const waits = [
      user === undefined ? 0 : this.waitMs(userKey(user), this.limits.perUser),
      this.waitMs(addressKey(address), this.limits.perAddress),
    ];
    return Math.ceil(Math.max(...waits) / 1000);
  }

  recordFailure(user: string | undefined, address: string): void {
    if (user !== undefined) this.bump(userKey(user));
    this.bump(addressKey(address));
  }

  /** A right password clears the user's count (the address keeps its count). */
  recordSuccess(user: string | undefined): void {
    if (user !== undefined) this.failures.delete(userKey(user));
  }

  get size(): number {
    return this.failures.size;
  }

  private waitMs(key: string, limit: number): number {
    const entry = this.current(key);
    return entry && entry.count >= limit ? entry.resetAt - this.now() : 0;
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private bump(key: string): void {
    const entry = this.current(key);
    if (entry) {
      entry.count += 1;
      return;
    }
    this.makeRoom();
    this.failures.set(key, { count: 1, resetAt: this.now() + this.limits.windowMs });
  }

  private makeRoom(): void {
    if (this.failures.size < this.limits.maxEntries) return;
    const now = this.now();
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
    // Map order is insertion order: the first keys are the oldest windows
    for (const key of this.failures.keys()) {
      if (this.failures.size < this.limits.maxEntries) break;
      this.failures.delete(key);
    }
  }
}

const userKey = (user: string) => `user:${user.toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;

import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** The counters kept in `mirror_stats`, by their column-friendly names. */
const COUNTERS = [
  "hits",
  "misses",
  "bytesSaved",
  "bytesFetched",
  "evictions",
  "verificationFailures",
  "upstreamErrors",
] as const;
type Counter = (typeof COUNTERS)[number];

/** How often counted events are written to the database (and on close). */
const FLUSH_EVERY_MS = 5_000;

/**
 * Counters of the mirror (the admin page and `GET /api/admin/mirror`), kept across restarts: events
 * add to in-memory deltas, written to `mirror_stats` every few seconds and when the hub stops, so a
 * download costs no extra database write.
 */
export class MirrorStats {
  /** Downloads of mirrored files served from this hub's store. */
  hits = 0;
  /** Downloads of mirrored files that had to come from the upstream. */
  misses = 0;
  /** Bytes of mirrored files served from the store instead of the upstream. */
  bytesSaved = 0;
  /** Bytes fetched from the upstream and kept. */
  bytesFetched = 0;
  /** Objects dropped under the cache cap. */
  evictions = 0;
  /** Upstream transfers whose bytes did not match the pointer (never kept). */
  verificationFailures = 0;
  /** Failed upstream calls (network errors, timeouts, 5xx). */
  upstreamErrors = 0;
  /** The last upstream problems, newest first (since start). */
  readonly recentErrors: { at: string; message: string }[] = [];

  private readonly written = new Map<Counter, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db?: Kysely<Database>) {}

  error(message: string): void {
    this.recentErrors.unshift({ at: new Date().toISOString(), message });
    this.recentErrors.length = Math.min(this.recentErrors.length, 20);
  }

  /** Adds the stored totals of earlier runs and starts writing new counts. */
  async load(): Promise<void> {
    if (!this.db) return;
    for (const row of await this.db.selectFrom("mirror_stats").select(["name", "value"]).execute()) {
      const name = COUNTERS.find((counter) => counter === row.name);
      if (!name) continue;
      this[name] += Number(row.value);
      this.written.set(name, Number(row.value));
    }
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Writes what changed since the last write (one statement per changed counter). */
  flush(): Promise<void> {
    const db = this.db;
    if (!db) return Promise.resolve();
    this.flushing = this.flushing
      .then(async () => {
        for (const name of COUNTERS) {
          const value = this[name];
          const before = this.written.get(name);
          if (value === (before ?? 0) && before !== undefined) continue;
          if (before === undefined) {
            await db
              .insertInto("mirror_stats")
              .values({ name, value })
              .onConflict((oc) => oc.column("name").doUpdateSet({ value: sql`excluded.value` }))
              .execute();
          } else {
            await db.updateTable("mirror_stats").set({ value }).where("name", "=", name).execute();
          }
          this.written.set(name, value);
        }
      })
      .catch(() => undefined);
    return this.flushing;
  }

  /** Stops the timer and writes the last counts. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

import { sql, type Kysely } from "kysely";
import { pgLibrary } from "../db/pg-library.js";
import type { Database } from "../db/schema.js";
import type { ContentLogger } from "../domain/ports.js";
import { advisoryKey } from "./advisory-key.js";
import type { Coordination } from "./coordination.js";
import { PgCacheSignals } from "./pg-cache-signals.js";
import { PgKeyedLock } from "./pg-keyed-lock.js";
import { PgLeadership } from "./pg-leadership.js";

/**
 * Background jobs that must run on one replica only. Inference health checks are not among them: each
 * replica routes by what it can reach itself.
 */
export const SINGLETON_JOBS = [
  "gc",
  "rolling-counts",
  "parameter-backfill",
  "audit-stream",
  "audit-retention",
] as const;

export interface PgCoordinationOptions {
  url: string;
  /** The hub's schema (public when absent): locks and notices of hubs on other schemas never mix. */
  schema?: string;
  db: Kysely<Database>;
  logger: ContentLogger;
  /** How long a commit waits for another replica's commit to the same repository (ms). */
  lockWaitMs: number;
  leaderRetryMs: number;
}

/** Replicas on one PostgreSQL database: advisory locks, LISTEN/NOTIFY, leader election per job. */
export async function postgresCoordination(options: PgCoordinationOptions): Promise<Coordination> {
  const schema = options.schema ?? "public";
  const postgres = await pgLibrary();
  const lockPool = new postgres.Pool({
    connectionString: options.url,
    max: 20,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    options: `-c lock_timeout=${options.lockWaitMs}`,
  });
  // a dropped connection releases its locks; the work holding one goes on (the next write takes it anew)
  lockPool.on("error", () => undefined);
  lockPool.on("connect", (client) => client.on("error", () => undefined));
  const signals = new PgCacheSignals(
    options.url,
    `modelhub_${schema}`.slice(0, 63),
    (channel, payload) => sql`SELECT pg_notify(${channel}, ${payload})`.execute(options.db),
    options.logger,
  );
  const leadership = new PgLeadership(
    options.url,
    schema,
    SINGLETON_JOBS,
    options.logger,
    options.leaderRetryMs,
  );
  try {
    await signals.start();
    await leadership.start();
  } catch (err) {
    await Promise.allSettled([signals.close(), leadership.close(), lockPool.end()]);
    throw err;
  }
  return {
    mode: "postgres",
    repoLocks: new PgKeyedLock(lockPool, schema, "repo"),
    signals,
    leadership,
    async exclusive(name, work) {
      const client = await lockPool.connect();
      const [high, low] = advisoryKey(schema, `exclusive:${name}`);
      try {
        await client.query("SET lock_timeout = 0");
        await client.query("SELECT pg_advisory_lock($1, $2)", [high, low]);
        return await work();
      } finally {
        // a connection that broke took the lock with it: drop it rather than return it to the pool
        await client
          .query("SELECT pg_advisory_unlock($1, $2)", [high, low])
          .then(() => client.query(`SET lock_timeout = ${options.lockWaitMs}`))
          .then(
            () => client.release(),
            (err: Error) => client.release(err),
          );
      }
    },
    hearsNotices: () => signals.listening,
    async close() {
      await Promise.allSettled([signals.close(), leadership.close()]);
      await lockPool.end().catch(() => undefined);
    },
  };
}

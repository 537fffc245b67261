import type pg from "pg";
import { KeyedMutex } from "../content/git/keyed-mutex.js";
import { HttpError } from "../domain/errors.js";
import type { KeyedLock } from "../domain/ports.js";
import { advisoryKey } from "./advisory-key.js";

/**
 * A per-key lock every replica honours: a PostgreSQL session advisory lock held on a connection of its
 * own for the duration of the work. Waiters of this process queue in memory first, so one busy
 * repository ties up one connection, not one per waiting request. A replica that dies mid-work loses
 * its connection, and PostgreSQL releases its locks with it.
 */
export class PgKeyedLock implements KeyedLock {
  private readonly local = new KeyedMutex();

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly namespace: string,
  ) {}

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const [high, low] = advisoryKey(this.schema, `${this.namespace}:${key}`);
      const client = await this.pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1, $2)", [high, low]);
      } catch (err) {
        client.release(true);
        throw new HttpError(503, `Could not take the write lock of ${key}: ${(err as Error).message}`);
      }
      try {
        return await work();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1, $2)", [high, low]).then(
          () => client.release(),
          // a broken connection released the lock with itself
          (err: Error) => client.release(err),
        );
      }
    });
  }
}

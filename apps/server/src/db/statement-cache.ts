import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

const DEFAULT_CAPACITY = 256;

/**
 * What `rollback` runs when SQLite already ended the transaction itself: on SQLITE_FULL (and a few
 * other errors) it rolls back on its own, and a second ROLLBACK would fail with "no transaction is
 * active", hiding the real error (a full disk must answer 507, not 500).
 */
const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * Hands kysely a better-sqlite3 database whose `prepare` reuses compiled statements by SQL text:
 * kysely prepares on every query, and compiling the same SQL again costs more than running it.
 * A statement that is still being iterated (a streamed query) is never handed out twice.
 */
export function cachingSqliteDatabase(sqlite: SQLite.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sqlText: string): SqliteStatement {
      if (!sqlite.inTransaction && /^\s*rollback\s*$/i.test(sqlText)) return NOTHING_TO_ROLL_BACK;
      // Transactions take the write lock when they begin: one that read first and wrote later would
      // fail at once (SQLITE_BUSY, no waiting) when another process (a command beside the hub) wrote in
      // between; this way it waits its turn (busy_timeout) like any other writer.
      const text = /^\s*begin\s*$/i.test(sqlText) ? "begin immediate" : sqlText;
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        // re-insert so the Map's order doubles as least-recently-used order
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (cached) return statement;
      cache.set(text, statement);
      if (cache.size > capacity) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

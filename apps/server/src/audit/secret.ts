import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";

const SECRET_FILE = "audit-secret";

/**
 * The hub's audit key: `audit-secret` in the data folder (32 random bytes, created 0600 on first use,
 * copied by `modelhub backup`). It signs the chain head and the retention summary, so whoever can edit
 * the database but not the data folder cannot hide a truncation or a pruned range. Replicas share it
 * through the shared data folder.
 */
export function loadAuditSecret(dataDir: string): Buffer {
  const file = join(dataDir, SECRET_FILE);
  try {
    const secret = readFileSync(file);
    if (secret.length >= 32) return secret;
  } catch {
    // first use: create it below
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32), { mode: 0o600, flag: "wx" });
  } catch (err) {
    // another process (a replica, a command) created it first: use theirs
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return readFileSync(file);
}

/**
 * Keys by database. A transaction (and `withTables`) shares its database's dialect adapter, so the key
 * registered for a database is found from any handle on it; several hubs in one process (tests) keep
 * their own keys.
 */
const keys = new WeakMap<object, Buffer>();

type AnyDatabase = Pick<Kysely<unknown>, "getExecutor">;

function identity(db: AnyDatabase): object {
  return db.getExecutor().adapter;
}

export function registerAuditSecret(db: AnyDatabase, secret: Buffer): void {
  keys.set(identity(db), secret);
}

/** The key registered for `db`; the hub's databases are opened through `openHubDatabase`, which registers it. */
export function auditSecretOf(db: AnyDatabase): Buffer {
  const key = keys.get(identity(db));
  if (!key)
    throw new Error("The audit log has no key for this database: open it with openHubDatabase (compose/)");
  return key;
}

import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import type pg from "pg";
import type { DialectName } from "./dialect.js";
import { OwnSchemaPostgresDialect } from "./own-schema-dialect.js";
import { migrationProvider } from "./migrations/index.js";
import type { Database } from "./schema.js";
import { cachingSqliteDatabase } from "./statement-cache.js";
import { pgLibrary } from "./pg-library.js";
import { refreshPlannerStatistics } from "./statistics.js";

export interface HubDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable location for logs (never includes a password). */
  location: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (created when missing); tests pass a fresh one per run. */
  schema?: string;
}

export class DatabaseUnreachableError extends Error {}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

export async function openDatabase(options: OpenDatabaseOptions): Promise<HubDatabase> {
  const hub = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.schema)
    : openSqlite(options.dataDir);
  // the bookkeeping tables live in the hub's own schema (its introspection sees no other: own-schema-dialect.ts)
  const migrator = new Migrator({
    db: hub.db,
    provider: migrationProvider,
    // numbers were handed out to parallel features: a hub that already ran a later one still runs an earlier
    allowUnorderedMigrations: true,
    ...(options.databaseUrl && options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await hub.close();
    throw error instanceof Error ? error : new Error(String(error));
  }
  // Without statistics SQLite picks badly among the many (type, …) indexes once a catalogue is large.
  if (hub.dialect === "sqlite") await refreshPlannerStatistics(hub.db, "sqlite", "full");
  // A migration may have rewritten a filled table (0005 adds a stored column): vacuum so index-only
  // scans work again at once, rather than whenever autovacuum (if on) gets to it.
  else if ((results ?? []).length > 0 && (await hasRepos(hub))) {
    await refreshPlannerStatistics(hub.db, "postgres", "full");
  }
  return hub;
}

async function hasRepos(hub: HubDatabase): Promise<boolean> {
  return (await hub.db.selectFrom("repos").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** The SQLite database file of a data folder. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "modelhub.sqlite");
}

function openSqlite(dataDir: string): HubDatabase {
  const file = sqliteFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingSqliteDatabase(sqlite) }),
  });
  return { db, dialect: "sqlite", location: file, close: () => db.destroy() };
}

async function openPostgres(url: string, schema: string | undefined): Promise<HubDatabase> {
  const location = redact(url);
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`invalid schema name ${schema}`);
  const postgres = await pgLibrary();
  const probe = new postgres.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    if (schema) await probe.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (err) {
    throw new DatabaseUnreachableError(`cannot reach the database at ${location}: ${(err as Error).message}`);
  } finally {
    await probe.end().catch(() => undefined);
  }
  const pool = new postgres.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: schema ? `-c search_path=${schema}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === PG_INT8 || oid === PG_NUMERIC
          ? Number
          : postgres.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server or network dropped: the pool discards it and the next query reconnects; a
  // query under way fails on its own. Without these listeners the event would end the process (pg emits
  // it on a checked-out connection between queries, e.g. inside a transaction).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    location: schema ? `${location} (schema ${schema})` : location,
    close: () => db.destroy(),
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}

/** Drops a schema created for a test run. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const postgres = await pgLibrary();
  const client = new postgres.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

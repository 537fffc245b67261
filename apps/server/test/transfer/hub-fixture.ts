import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { resolveConfig } from "../../src/config/config.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { startHub, type RunningHub } from "../../src/server.js";
import type { TransferIO } from "../../src/transfer/index.js";

export interface TransferHub {
  hub: RunningHub;
  url: string;
  dataDir: string;
  writeToken(user: string): Promise<string>;
  stop(): Promise<void>;
}

export type Dialect = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** The real hub on 127.0.0.1, random port, empty database (SQLite in a temp folder or a fresh PostgreSQL schema). */
export async function startTransferHub(dialect: Dialect = "sqlite"): Promise<TransferHub> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-transfer-"));
  const env: Record<string, string> = { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: path.join(dataDir, "no-web") };
  const databaseUrl = dialect === "postgres" ? process.env.DATABASE_URL : undefined;
  const schema = databaseUrl ? `mh_transfer_${randomBytes(6).toString("hex")}` : undefined;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, env);
  const hub = await startHub(config, { logger: pino({ level: "silent" }), databaseSchema: schema });
  return {
    hub,
    url: hub.url,
    dataDir,
    async writeToken(user) {
      await hub.services.accounts.ensureUser({ name: user });
      return (await hub.services.accounts.createToken(user, { displayName: "transfer test", role: "write" }))
        .token;
    },
    async stop() {
      await hub.close();
      if (databaseUrl && schema) await dropPostgresSchema(databaseUrl, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CapturedIO extends TransferIO {
  out: string[];
  err: string[];
}

/** A non-terminal io that records what the command printed. */
export function captureIO(extra: Partial<TransferIO> = {}): CapturedIO {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    isTTY: false,
    env: {},
    ...extra,
  };
}

/** Deterministic pseudo-random bytes (xorshift), so a failure is reproducible. */
export function patternBytes(size: number, seed: number): Buffer {
  const buffer = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buffer.writeUInt32LE(x >>> 0, Math.min(i, size - 4));
  }
  return buffer;
}

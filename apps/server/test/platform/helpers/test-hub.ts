import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { resolveConfig, type Config } from "../../../src/config/config.js";
import { dropPostgresSchema } from "../../../src/db/open-database.js";
import type { TokenRole } from "../../../src/platform/accounts.js";
import { createApp } from "../../../src/http/app.js";
import { startHub, type RunningHub } from "../../../src/server.js";

export type Dialect = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestHub extends RunningHub {
  dataDir: string;
  config: Config;
  /** The PostgreSQL schema of this hub (commands run against it need MODELHUB_DATABASE_SCHEMA). */
  schema?: string;
  /** Creates a user (if missing) and returns a fresh token of that user. */
  tokenFor(user: string, role?: TokenRole): Promise<string>;
  stop(): Promise<void>;
}

export interface TestHubOptions {
  dialect?: Dialect;
  seed?: boolean;
  env?: Record<string, string>;
  /** A fixed port (an identity provider registered the hub's redirect URL in advance); any free one when absent. */
  port?: number;
}

export async function startTestHub(options: TestHubOptions = {}): Promise<TestHub> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-test-"));
  const dialect = options.dialect ?? "sqlite";
  const databaseUrl = dialect === "postgres" ? process.env.DATABASE_URL : undefined;
  if (dialect === "postgres" && !databaseUrl)
    throw new Error("DATABASE_URL is required for the postgres suite");
  const schema = dialect === "postgres" ? `mh_test_${randomBytes(6).toString("hex")}` : undefined;
  const env: Record<string, string> = {
    MODELHUB_SEED: options.seed ? "1" : "0",
    MODELHUB_WEB_DIR: path.join(dataDir, "no-web"),
    ...options.env,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const config = resolveConfig({ port: String(options.port ?? 0), host: "127.0.0.1", data: dataDir }, env);
  const hub = await startHub(config, { logger: pino({ level: "silent" }), databaseSchema: schema });
  return {
    ...hub,
    dataDir,
    config,
    schema,
    async tokenFor(user, role = "write") {
      await hub.services.accounts.ensureUser({ name: user });
      return (await hub.services.accounts.createToken(user, { displayName: "test", role })).token;
    },
    async stop() {
      await hub.close();
      if (schema && databaseUrl) await dropPostgresSchema(databaseUrl, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export async function postJson(
  url: string,
  body: unknown,
  token?: string,
  method = "POST",
): Promise<Response> {
  return fetch(url, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });
}

/** A second app over the test hub's services with a small JSON body limit (413 tests). */
export function appWithJsonLimit(hub: TestHub, maxJsonBytes: number): ReturnType<typeof createApp> {
  return createApp({
    db: hub.services.hub.db,
    accounts: hub.services.accounts,
    repos: hub.services.repos,
    content: hub.content,
    publicUrl: hub.url,
    logger: hub.logger,
    maxJsonBytes,
  });
}

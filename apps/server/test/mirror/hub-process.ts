import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

export interface HubProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Access-log lines (JSON) seen so far. */
  log: { method?: string; path?: string; status?: number; msg?: string }[];
  stop(): Promise<void>;
}

/** A PostgreSQL schema name derived from the hub's data folder (so a restart finds its data). */
function schemaFor(dataDir: string): string {
  return `mirror_${path
    .basename(dataDir)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "_")}`;
}

/** The environment of a one-shot CLI command on a hub's data (its PostgreSQL schema too). */
export function cliEnvFor(dataDir: string): NodeJS.ProcessEnv {
  return process.env.DATABASE_URL
    ? { ...process.env, MODELHUB_DATABASE_SCHEMA: schemaFor(dataDir) }
    : { ...process.env };
}

/** Starts the built hub (`dist/cli/main.js serve`) on a free port with its own data folder. */
export async function startHubProcess(env: Record<string, string>, dataDir?: string): Promise<HubProcess> {
  if (!fs.existsSync(MAIN)) throw new Error(`build the server first (npm run build): ${MAIN} is missing`);
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-mirror-"));
  const child = spawn(process.execPath, [MAIN, "serve", "--port", "0", "--data", dir], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      MODELHUB_SEED: "0",
      MODELHUB_EMBEDDED_INFERENCE: "0",
      MODELHUB_WEB_DIR: path.join(dir, "no-web"),
      MODELHUB_LOG_LEVEL: "debug",
      // with DATABASE_URL (the PostgreSQL run) every hub gets its own schema, kept across its restarts
      ...(process.env.DATABASE_URL
        ? { DATABASE_URL: process.env.DATABASE_URL, MODELHUB_DATABASE_SCHEMA: schemaFor(dir) }
        : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: HubProcess["log"] = [];
  let buffered = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hub did not start: ${stderr}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as HubProcess["log"][number] & { url?: string };
          log.push(entry);
          if (entry.msg === "modelhub is listening" && entry.url) {
            clearTimeout(timer);
            resolve(entry.url);
          }
        } catch {
          // not a log line
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hub exited early (${code}): ${stderr}`));
    });
  });
  return {
    url,
    dataDir: dir,
    child,
    log,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export async function api(
  url: string,
  token: string | undefined,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined && typeof init.body !== "string"
        ? { "Content-Type": "application/json" }
        : {}),
      ...init.headers,
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === "string"
          ? init.body
          : JSON.stringify(init.body),
  });
}

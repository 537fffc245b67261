import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { sharedService } from "@modelhub/testkit/run-services";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { REPO_ROOT, SERVER_CLI } from "./paths.js";

const run = promisify(execFile);
const START_TIMEOUT_MS = 60_000;

export interface RunningHub {
  url: string;
  /** Settles when the demo catalogue import has finished (the hub imports it after it starts listening). */
  seeded: Promise<void>;
  dataDir: string;
  /** Process id of the hub (to watch its memory). */
  pid: number;
  stop: () => Promise<void>;
  /** Creates (or reuses) a user and returns a new write token; also sets the web password. */
  createUser: (name: string, password: string) => Promise<string>;
}

/**
 * The environment of the hub under test: the embedded defaults a user gets from `npm start` (SQLite in
 * its own data folder). DATABASE_URL is dropped: a shared PostgreSQL database would carry repos from
 * earlier runs whose git folders are not in this run's data folder.
 */
function hubEnv(seed: boolean, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MODELHUB_LOG_LEVEL: "info", ...extra };
  delete env.DATABASE_URL;
  if (!seed) env.MODELHUB_SEED = "0";
  return env;
}

/** A hub seeded to copy must be ready within this long (the first start imports ~970 repos). */
const SEED_TEMPLATE_TIMEOUT_MS = 300_000;

/**
 * A data folder holding the demo catalogue, made once per test run by a real first start of the hub
 * (the import of ~970 repos takes 10–30 s) and copied by every seeded hub after it (about a second).
 */
async function seededTemplate(): Promise<{ dataDir: string; release: () => Promise<void> }> {
  const { info, release } = await sharedService<{ dataDir: string }>(
    "seeded-hub-data",
    async (dir) => {
      const dataDir = path.join(dir, "data");
      const hub = await launchHub({ seed: true, dataDir, keepData: true });
      try {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          hub.seeded,
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error("the demo catalogue was not imported in time")),
              SEED_TEMPLATE_TIMEOUT_MS,
            );
          }),
        ]).finally(() => clearTimeout(timer));
      } finally {
        await hub.stop();
      }
      // nothing runs on it: the run's folder (and the template in it) is removed when the run ends
      return { info: { dataDir }, stop: { command: "true" } };
    },
    { timeoutMs: SEED_TEMPLATE_TIMEOUT_MS + 60_000 },
  );
  return { dataDir: info.dataDir, release };
}

/**
 * Starts the real hub (built CLI) on a random port with a data folder of its own. By default it holds
 * the demo catalogue: a copy of the run's seeded folder (see `seededTemplate`), so `seeded` is already
 * settled. `seed: false` starts an empty hub (ready in a second) for flows that bring their own repos.
 * `env` adds variables (e.g. MODELHUB_INFERENCE_CONFIG); `dataDir` restarts on a folder the caller
 * keeps (stop then leaves it in place).
 */
export async function startHub(
  options: { seed?: boolean; env?: NodeJS.ProcessEnv; dataDir?: string; port?: number } = {},
): Promise<RunningHub> {
  const seed = options.seed ?? true;
  if (!seed || options.dataDir !== undefined) return launchHub({ ...options, seed });
  const dataDir = mkdtempSync(path.join(tmpdir(), "modelhub-web-e2e-"));
  const template = await seededTemplate();
  try {
    // `cp -a` keeps the folder as the hub left it (modes, times); the hub finds its catalogue imported
    await run("cp", ["-a", `${template.dataDir}/.`, dataDir]);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    // a template made for this file alone (no run setup) goes once copied; a shared one stays for the run
    await template.release();
  }
  // seeding stays on, as for a user restarting a seeded hub: it finds the catalogue there and keeps it
  return launchHub({ ...options, seed: true, dataDir, keepData: false, seededAlready: true });
}

/** Starts the hub process; `seed: true` lets it import the catalogue on its first start. */
async function launchHub(options: {
  seed: boolean;
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
  port?: number;
  /** Leave `dataDir` in place on stop (default: only when the caller named it). */
  keepData?: boolean;
  /** The folder holds the imported catalogue already: `seeded` is settled from the start. */
  seededAlready?: boolean;
}): Promise<RunningHub> {
  const ownsData = options.dataDir === undefined || options.keepData === false;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "modelhub-web-e2e-"));
  const env = hubEnv(options.seed, options.env);
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVER_CLI, "serve", "--port", String(options.port ?? 0), "--host", "127.0.0.1", "--data", dataDir],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  let markSeeded: () => void = () => {};
  const seeded = new Promise<void>((resolve) => (markSeeded = resolve));
  if (options.seededAlready) markSeeded();
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));

  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hub did not start within ${START_TIMEOUT_MS} ms:\n${output.join("")}`)),
      START_TIMEOUT_MS,
    );
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hub exited with ${code}:\n${output.join("")}`));
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      output.push(`${line}\n`);
      try {
        const record = JSON.parse(line) as { msg?: string; listen?: string; url?: string };
        if (record.msg === "demo catalogue imported") markSeeded();
        if (record.msg === "modelhub is listening") {
          clearTimeout(timer);
          resolve((record.listen ?? record.url ?? "").replace(/\/$/, ""));
        }
      } catch {
        // Not a JSON log line.
      }
    });
  });

  let url: string;
  try {
    url = await listening;
  } catch (error) {
    // A hub that never came up must not outlive the test run.
    child.kill("SIGKILL");
    if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    seeded,
    dataDir,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    },
    async createUser(name, password) {
      const { stdout } = await run(
        process.execPath,
        [SERVER_CLI, "token", "create", name, "--write", "--password", password, "--data", dataDir],
        { cwd: REPO_ROOT, env },
      );
      const token = stdout.trim().split("\n").pop() ?? "";
      if (!token.startsWith("hf_")) throw new Error(`token create printed no token: ${stdout}`);
      return token;
    },
  };
}

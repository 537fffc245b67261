// Starts `modelhub serve` as its own process against a prepared data folder / database and samples its memory.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import pg from "pg";
import { fileURLToPath } from "node:url";

// BENCH_HUB_MAIN=<path to cli/main.js> runs another build (e.g. a copy of the previous dist) for comparisons.
const MAIN = process.env.BENCH_HUB_MAIN ?? fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

function hubEnv({ dataDir, databaseUrl }, extraEnv = {}) {
  const env = {
    ...process.env,
    ...extraEnv,
    MODELHUB_DATA: dataDir,
    MODELHUB_SEED: "0",
    MODELHUB_LOG_LEVEL: "warn",
    MODELHUB_WEB_DIR: `${dataDir}/no-web`,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** `modelhub token create <user> --write` against the same database; returns the token. */
export function createWriteToken(target, user) {
  const res = spawnSync(process.execPath, [MAIN, "token", "create", user, "--write"], {
    env: hubEnv(target),
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`token create failed: ${res.stderr}`);
  return res.stdout.trim().split("\n").pop();
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Reads the resident set size (current and peak) of a process from /proc, in bytes. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Samples VmRSS every 50 ms until stopped; returns the peak seen. */
export function sampleRss(pid) {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).rss);
  };
}

/** `extraEnv` adds settings, e.g. `{ MODELHUB_LISTING_CACHE_MS: "0" }`. */
export async function startHubProcess(target, extraEnv = {}) {
  const port = await freePort();
  // SCALE_CPU_PROF=<dir> writes a V8 CPU profile of the hub on exit (open it in Chrome DevTools).
  const profile = process.env.SCALE_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SCALE_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, MAIN, "serve", "--port", String(port), "--host", "127.0.0.1"],
    { env: hubEnv(target, extraEnv), stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr.on("data", (d) => (output = (output + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/models?limit=1`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
    if (i === 599) throw new Error(`hub did not answer within 60 s:\n${output}`);
  }
  return {
    url,
    pid: child.pid,
    startSeconds: (performance.now() - started) / 1000,
    /** The last few kB the hub printed (errors are logged at level warn and above). */
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The hub recomputes rolling download counts right after it starts (chunks of 500 repos, only
 * changed rows written). Measuring during it would measure the refresh.
 */
export async function waitForStartupRefresh(target, pid) {
  if (!target.databaseUrl) {
    await waitUntilIdle(pid);
    return;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await new Promise((r) => setTimeout(r, 1000));
    // the refresh runs in chunks: done once no UPDATE has been seen for a second
    let idle = 0;
    for (let i = 0; i < 600 && idle < 5; i++) {
      const { rows } = await client.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query ILIKE '%UPDATE repos%' AND pid <> pg_backend_pid()",
      );
      idle = rows[0].n === 0 ? idle + 1 : 0;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

/** CPU time (clock ticks) the process has used so far. */
function cpuTicks(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * SQLite refreshes inside the hub process, in steps: wait until the process has used almost no CPU
 * for a second (or at most a minute) before measuring.
 */
async function waitUntilIdle(pid) {
  let previous = cpuTicks(pid);
  let quiet = 0;
  for (let i = 0; i < 240 && quiet < 4; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuTicks(pid);
    quiet = now - previous <= 2 ? quiet + 1 : 0;
    previous = now;
  }
}

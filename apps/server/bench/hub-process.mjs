// Starts the built hub CLI as a child process (its RSS is then the hub's alone) on 127.0.0.1, and reads
// a process's CPU time and memory from Linux /proc. Shared by the benches.
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

/** This build's hub CLI, or another build's (BENCH_HUB_MAIN=<older dist>/cli/main.js) for before/after comparisons. */
export const CLI =
  process.env.BENCH_HUB_MAIN ?? fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const run = promisify(execFile);

/**
 * `modelhub serve --data dataDir` on a free port, started once it logs that it listens; SQLite unless
 * `extraEnv` names a DATABASE_URL. Options: `cli`, another build's dist/cli/main.js (to compare builds in
 * one run); `writeToken` (default true), create a write token of user `bench` first (`.token`).
 */
export async function startHubProcess(dataDir, extraEnv = {}, { cli = CLI, writeToken = true } = {}) {
  const env = { ...process.env, MODELHUB_SEED: "0", MODELHUB_LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const token = writeToken
    ? (
        await run(process.execPath, [cli, "token", "create", "bench", "--write", "--data", dataDir], { env })
      ).stdout
        .trim()
        .split("\n")
        .pop()
    : undefined;
  env.MODELHUB_LOG_LEVEL = "info";
  const child = spawn(
    process.execPath,
    [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--data", dataDir],
    {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("hub did not start in 60 s")), 60_000);
    child.once("exit", (code) => reject(new Error(`hub exited with ${code}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        const record = JSON.parse(line);
        if (record.msg === "modelhub is listening") {
          clearTimeout(timer);
          resolve(record.listen);
        }
      } catch {
        // not a log line
      }
    });
  });
  return {
    url,
    token,
    pid: child.pid,
    /** CPU time the hub process has used so far, ms (user + system). */
    cpuMs() {
      return (cpuTicks(child.pid) * 1000) / 100;
    },
    /** The same for its main thread alone (the event loop every request waits on). */
    mainThreadCpuMs() {
      return (mainThreadTicks(child.pid) * 1000) / 100;
    },
    /** Resident memory of the hub process, MiB. */
    rssMiB() {
      const { rss } = memoryOf(child.pid);
      return rss > 0 ? rss / 1048576 : Number.NaN;
    },
    stop: () => stopProcess(child, 5000),
  };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
export async function stopProcess(child, graceMs) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** CPU time (user + system, clock ticks: 100 a second on Linux) the process has used so far. */
export function cpuTicks(pid) {
  return statTicks(`/proc/${pid}/stat`);
}

/** CPU ticks of a process's main thread alone (its event loop), without its worker threads. */
export function mainThreadTicks(pid) {
  return statTicks(`/proc/${pid}/task/${pid}/stat`);
}

function statTicks(file) {
  const fields = readFileSync(file, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of the stat line.
  return Number(fields[11]) + Number(fields[12]);
}

/** The resident set size (current and peak) of a process, in bytes; zeros once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
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

// Starts the built hub CLI as a child process (its RSS is then the hub's alone) on 127.0.0.1.
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const run = promisify(execFile);

/** `cli`: another build's dist/cli/main.js (to compare builds in one run); this build's by default. */
export async function startHubProcess(dataDir, extraEnv, cli = CLI) {
  const env = { ...process.env, MODELHUB_SEED: "0", MODELHUB_LOG_LEVEL: "warn", ...extraEnv };
  delete env.DATABASE_URL;
  const token = (
    await run(process.execPath, [cli, "token", "create", "bench", "--write", "--data", dataDir], { env })
  ).stdout
    .trim()
    .split("\n")
    .pop();
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
    /** CPU time the hub process has used so far, ms (user + system, Linux /proc). */
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
      // utime and stime are fields 14 and 15 of the stat line, in clock ticks (100 a second on Linux).
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    /** Resident memory of the hub process, MiB (Linux /proc). */
    rssMiB() {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return match ? Number(match[1]) / 1024 : Number.NaN;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

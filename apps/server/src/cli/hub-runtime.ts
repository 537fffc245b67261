import fs from "node:fs";
import path from "node:path";

/** What `modelhub serve` leaves in its data folder while it runs, so other commands find it. */
export interface HubRuntime {
  url: string;
  pid: number;
  startedAt: string;
}

const RUNTIME_FILE = "hub.json";

export function runtimeFile(dataDir: string): string {
  return path.join(dataDir, RUNTIME_FILE);
}

export function writeHubRuntime(dataDir: string, runtime: HubRuntime): void {
  const file = runtimeFile(dataDir);
  const temp = `${file}.${runtime.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(runtime, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/** Removes the file unless another process has written its own since (a second hub on this folder). */
export function removeHubRuntime(dataDir: string, pid: number): void {
  if (readHubRuntime(dataDir)?.pid === pid) fs.rmSync(runtimeFile(dataDir), { force: true });
}

/** The hub serving this data folder right now; undefined when none (or its process is gone). */
export function runningHub(dataDir: string): HubRuntime | undefined {
  const runtime = readHubRuntime(dataDir);
  return runtime && processAlive(runtime.pid) ? runtime : undefined;
}

function readHubRuntime(dataDir: string): HubRuntime | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(runtimeFile(dataDir), "utf8"));
  } catch {
    return undefined;
  }
  const { url, pid, startedAt } = (parsed ?? {}) as Partial<HubRuntime>;
  if (typeof url !== "string" || typeof pid !== "number" || !Number.isInteger(pid)) return undefined;
  return { url, pid, startedAt: typeof startedAt === "string" ? startedAt : "" };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but owned by another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

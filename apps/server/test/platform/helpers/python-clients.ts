import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** MODELHUB_PY_CLIENTS: comma-separated PYTHONPATHs, one per huggingface_hub version to try (its `src/`). */
export const PY_CLIENTS: string[] = (process.env.MODELHUB_PY_CLIENTS ?? "")
  .split(",")
  .map((entry) => entry.trim())
  .filter((entry) => entry !== "");

export interface PythonRun {
  code: number | null;
  /** stdout and stderr as they came. */
  output: string;
}

/** Runs `script` with /usr/bin/python3 and only PATH plus `env`; killed after `timeoutMs` when given. */
export function runPython(
  script: string,
  env: Record<string, string>,
  timeoutMs?: number,
): Promise<PythonRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/python3", [script], { env: { PATH: process.env.PATH ?? "", ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Fresh HOME folders for client runs (cache, token, temporary files), removed together after the tests. */
export class ClientHomes {
  private readonly dirs: string[] = [];

  constructor(private readonly prefix: string) {}

  /** huggingface_hub (PYTHONPATH `client`) pointed at `hubUrl`, in a new HOME, quiet and without telemetry. */
  env(client: string, hubUrl: string): Record<string, string> {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), this.prefix));
    this.dirs.push(home);
    return {
      PYTHONPATH: client,
      HOME: home,
      HF_HOME: path.join(home, "hf"),
      HF_ENDPOINT: hubUrl,
      HF_HUB_DISABLE_TELEMETRY: "1",
      HF_HUB_DISABLE_PROGRESS_BARS: "1",
      TMPDIR: home,
    };
  }

  removeAll(): void {
    for (const dir of this.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

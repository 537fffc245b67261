import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(fileURLToPath(new URL("../../../..", import.meta.url)));
/** The built CLI (the run's global setup brings the build up to date): a third of tsx's start-up CPU. */
const cliMain = path.join(repoRoot, "apps/server/dist/cli/main.js");

export const ADMIN_TOKEN = "hf_reliabilityadmintoken0000000001";
export const AUTH = { Authorization: `Bearer ${ADMIN_TOKEN}` };

export interface HubProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The environment a real `modelhub` process gets in these tests (no seed, no inference, an admin). */
export function hubEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/root",
    MODELHUB_DATA: dataDir,
    MODELHUB_SEED: "0",
    MODELHUB_EMBEDDED_INFERENCE: "0",
    MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN,
    MODELHUB_LOG_LEVEL: "info",
    ...extra,
  };
}

/** Runs a one-shot `modelhub` command (gc, fsck, …) to its end. */
export function runModelhub(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliMain, ...args], {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Starts `modelhub serve --port 0` in its own process and waits until it answers API requests. */
export async function startHubProcess(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<HubProcess> {
  fs.mkdirSync(dataDir, { recursive: true });
  const runtime = path.join(dataDir, "hub.json");
  fs.rmSync(runtime, { force: true });
  const child = spawn(process.execPath, [cliMain, "serve", "--port", "0"], {
    cwd: repoRoot,
    env: hubEnv(dataDir, extra),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let url = "";
  for (let i = 0; i < 600 && !url; i++) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const match = /"url":"(http:\/\/[^"]+)"[^\n]*modelhub is listening/.exec(out);
    if (match) url = match[1]!;
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!url) {
    child.kill("SIGKILL");
    throw new Error(`hub did not start:\n${out}`);
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    kill: async (signal = "SIGKILL") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** An NDJSON commit body: a header and small files given as text. */
export function ndjsonCommit(summary: string, files: Record<string, string>, parentCommit?: string): string {
  const lines: object[] = [{ key: "header", value: { summary, ...(parentCommit ? { parentCommit } : {}) } }];
  for (const [file, content] of Object.entries(files))
    lines.push({
      key: "file",
      value: { path: file, content: Buffer.from(content).toString("base64"), encoding: "base64" },
    });
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

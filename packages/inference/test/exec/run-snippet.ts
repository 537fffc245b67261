import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { InferenceSnippet } from "../../src/index.js";

/** Sample files the snippets read, with recognisable bytes. */
export const SAMPLE_FILES: Record<string, Buffer> = {
  "sample1.flac": Buffer.from("fLaC\u0000fake-audio-bytes\u00ff", "latin1"),
  "cats.jpg": Buffer.from("\u00ff\u00d8\u00ffjpeg-bytes", "latin1"),
  "cat.png": Buffer.from("\u0089PNG\r\n\u001a\nfake-png", "latin1"),
};

// Inside the package, so node resolves `openai` and `@huggingface/inference` from the workspace.
const WORK_ROOT = fileURLToPath(new URL("../../.exec-tmp/", import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  dir: string;
}

/** The first python3 on this machine that can import `requests` (pyenv's, else Debian's python3-requests). */
function pythonWithRequests(): string {
  for (const candidate of ["python3", "/usr/bin/python3"]) {
    if (spawnSync(candidate, ["-c", "import requests"]).status === 0) return candidate;
  }
  throw new Error("No python3 with the requests package: install python3-requests");
}

const COMMANDS: Record<InferenceSnippet["language"], [string, string]> = {
  sh: ["bash", "snippet.sh"],
  python: [pythonWithRequests(), "snippet.py"],
  js: ["node", "snippet.mjs"],
};

/** Writes the snippet and the sample files to a fresh folder and runs it there (asynchronously, so the test server keeps serving). */
export function runSnippet(snippet: InferenceSnippet, env: Record<string, string>): Promise<RunResult> {
  mkdirSync(WORK_ROOT, { recursive: true });
  const dir = mkdtempSync(join(WORK_ROOT, "run-"));
  for (const [name, data] of Object.entries(SAMPLE_FILES)) writeFileSync(join(dir, name), data);
  const [command, file] = COMMANDS[snippet.language];
  writeFileSync(join(dir, file), snippet.content);
  return new Promise((resolve) => {
    execFile(
      command,
      [file],
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, dir });
      },
    );
  });
}

export function cleanRuns(): void {
  rmSync(WORK_ROOT, { recursive: true, force: true });
}

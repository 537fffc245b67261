import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

export interface GitOptions {
  /** The bare repository (passed as --git-dir). */
  gitDir?: string;
  env?: Record<string, string>;
  /** Bytes written to stdin, or a stream piped into it. */
  input?: Buffer | string | Readable;
  /** Exit codes that are not errors (stdout is still returned). */
  okCodes?: number[];
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

export class GitError extends Error {
  constructor(
    readonly args: string[],
    readonly code: number,
    readonly stderr: string,
  ) {
    super(`git ${args.join(" ")} exited with ${code}: ${stderr.trim()}`);
  }
}

const BASE_ENV: Record<string, string> = {
  GIT_TERMINAL_PROMPT: "0",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  LC_ALL: "C",
};

export function gitEnv(extra?: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/tmp",
    ...BASE_ENV,
    ...extra,
  };
}

/** Runs git with an argument vector (never a shell string) and collects its output. */
export function runGit(args: string[], options: GitOptions = {}): Promise<GitResult> {
  const fullArgs = options.gitDir ? [`--git-dir=${options.gitDir}`, ...args] : args;
  return new Promise((resolve, reject) => {
    const child = spawn("git", fullArgs, { env: gitEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.stdin.on("error", () => undefined);
    child.on("close", (code) => {
      const result = {
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString("utf8"),
        code: code ?? -1,
      };
      if (result.code === 0 || options.okCodes?.includes(result.code)) resolve(result);
      else reject(new GitError(fullArgs, result.code, result.stderr));
    });
    const input = options.input;
    if (input === undefined) child.stdin.end();
    else if (typeof input === "string" || Buffer.isBuffer(input)) child.stdin.end(input);
    else input.pipe(child.stdin);
  });
}

export async function gitText(args: string[], options: GitOptions = {}): Promise<string> {
  return (await runGit(args, options)).stdout.toString("utf8");
}

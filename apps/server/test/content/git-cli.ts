import { spawn, spawnSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Runs the stock git client for tests with an isolated HOME (credentials only through URLs). */
export function gitCli(
  args: string[],
  cwd: string,
  home: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("git", args, {
      cwd,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_TERMINAL_PROMPT: "0",
        LC_ALL: "C",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

export function hasGitLfs(): boolean {
  return spawnSync("git", ["lfs", "version"], { encoding: "utf8" }).status === 0;
}

/**
 * A fresh temporary HOME for the git client: the author's name and email, `main` as the default
 * branch, and the git-lfs filters when git-lfs is installed. The caller removes it.
 */
export async function makeGitHome(prefix: string, name: string, email: string): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), prefix));
  for (const [key, value] of [
    ["user.name", name],
    ["user.email", email],
    ["init.defaultBranch", "main"],
  ]) {
    await gitCli(["config", "--global", key, value], home, home);
  }
  if (hasGitLfs()) await gitCli(["lfs", "install"], home, home);
  return home;
}

import { spawnSync } from "node:child_process";

/** Runs the stock git client for tests with an isolated HOME (credentials only through URLs). */
export function gitCli(args: string[], cwd: string, home: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync("git", args, {
    cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0", GIT_LFS_SKIP_PUSH_LOCKS: "0", LC_ALL: "C" },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function hasGitLfs(): boolean {
  return spawnSync("git", ["lfs", "version"], { encoding: "utf8" }).status === 0;
}

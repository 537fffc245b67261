import { spawn } from "node:child_process";
import { gitEnv } from "./run-git.js";

const RECORD = "\x1e";

/** Whether a changed file path falls under `path` (the path itself, or a file inside that folder). */
function touches(changed: string, path: string): boolean {
  return changed === path || changed.startsWith(`${path}/`);
}

/**
 * The newest commit reachable from `commit` that changed each of `paths` (files or folders), from one
 * `git log` over all of them instead of one per path: a tree page of 50 entries cost 50 processes.
 * git stops as soon as every path has its commit. Paths are literal (no pathspec globbing).
 */
export function lastCommitIds(gitDir: string, commit: string, paths: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (paths.length === 0) return Promise.resolve(found);
  const waiting = new Set(paths);
  const args = [
    `--git-dir=${gitDir}`,
    "--literal-pathspecs",
    "-c",
    "core.quotePath=false",
    "log",
    `--format=${RECORD}%H`,
    "--name-only",
    "--no-renames",
    "-z",
    commit,
    "--",
    ...paths,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { env: gitEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let pending = "";
    let stderr = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      child.kill();
      resolve(found);
    };
    // A record is `\x1e<sha>\0\n<file>\0<file>\0…`; it is complete once the next one starts.
    const take = (record: string) => {
      const [sha, ...files] = record.split("\0").map((part) => part.replace(/^\n/, ""));
      if (!sha) return;
      for (const file of files) {
        if (file === "") continue;
        for (const path of waiting) {
          if (!touches(file, path)) continue;
          found.set(path, sha);
          waiting.delete(path);
        }
      }
      if (waiting.size === 0) finish();
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (done) return;
      pending += chunk;
      const records = pending.split(RECORD);
      pending = records.pop() ?? "";
      for (const record of records) if (!done) take(record);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error) => {
      if (!done) reject(error);
      done = true;
    });
    child.on("close", (code) => {
      if (done) return;
      if (pending !== "") take(pending);
      if (done) return;
      done = true;
      if (code === 0) resolve(found);
      else reject(new Error(`git log for last commits exited with ${code}: ${stderr.trim()}`));
    });
  });
}

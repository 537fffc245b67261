import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The settings `git init --bare` plus this server's `git config` calls leave behind: pushes over HTTP
 * allowed, no reflogs (refs move only by compare-and-swap), force pushes accepted, pushed objects
 * checked by git's fsck (names git treats as `.git` on any platform, malformed trees).
 */
const CONFIG = [
  "[core]",
  "\trepositoryformatversion = 0",
  "\tfilemode = true",
  "\tbare = true",
  "\tlogAllRefUpdates = false",
  "[http]",
  "\treceivepack = true",
  "[receive]",
  "\tdenyNonFastForwards = false",
  "\tfsckObjects = true",
  "",
].join("\n");

/**
 * Lays out an empty bare repository whose HEAD names `branch`, without spawning `git init` (a few
 * tiny files and folders, written inline).
 */
export async function createBareLayout(dir: string, branch: string): Promise<void> {
  for (const folder of ["objects/info", "objects/pack", "refs/heads", "refs/tags", "info"])
    mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, "config"), CONFIG);
  writeFileSync(join(dir, "HEAD"), `ref: refs/heads/${branch}\n`);
}

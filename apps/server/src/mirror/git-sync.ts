import { mkdir, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { createBareLayout } from "../content/git/bare-layout.js";
import { DEFAULT_BRANCH } from "../content/git/git-repository.js";
import { GitError, runGit } from "../content/git/run-git.js";
import type { RepoContent } from "../content/repo-content.js";
import type { RepoKey } from "../content/repo-content.js";
import { HttpError } from "../domain/errors.js";
import { upstreamUnavailable, type UpstreamClient } from "./upstream-client.js";

/**
 * Brings a mirrored repo's branches and tags up to the upstream's with the stock git client over the
 * upstream's smart HTTP, so commit ids, trees and history are the upstream's own (LFS files are
 * pointers in git; their bytes come through the file cache). A stalled transfer is given up.
 */
export async function syncGit(content: RepoContent, upstream: UpstreamClient, repo: RepoKey): Promise<void> {
  const reason = upstream.unavailableReason();
  if (reason) throw upstreamUnavailable(upstream.url, reason);
  const dir = content.repoDir(repo);
  await content.withRepoLock(repo, async () => {
    if (!(await content.exists(repo))) {
      await mkdir(dirname(dir), { recursive: true });
      const staging = `${dir}.mirror-${process.pid}-${Date.now()}`;
      await createBareLayout(staging, DEFAULT_BRANCH);
      await rename(staging, dir).catch(async (error: unknown) => {
        await rm(staging, { recursive: true, force: true });
        throw error;
      });
    }
    try {
      await runGit(
        [
          "-c",
          "http.lowSpeedLimit=1",
          "-c",
          "http.lowSpeedTime=30",
          "fetch",
          "--prune",
          "--no-auto-gc",
          "--quiet",
          upstream.gitUrl(repo.type, repo.id),
          "+refs/heads/*:refs/heads/*",
          "+refs/tags/*:refs/tags/*",
        ],
        { gitDir: dir, env: upstream.gitEnv() },
      );
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      const stderr = error.stderr.trim().split("\n").slice(-1)[0] ?? "";
      if (
        /could not resolve|connection refused|couldn't connect|timed out|operation too slow|HTTP 5\d\d/i.test(
          stderr,
        )
      ) {
        upstream.markDown(`git fetch: ${stderr}`);
        throw upstreamUnavailable(upstream.url, stderr);
      }
      upstream.countError();
      throw new HttpError(
        502,
        `Fetching the git history of ${repo.id} from ${upstream.url} failed: ${stderr}`,
      );
    } finally {
      content.forget(dir);
    }
  });
}

import type { Repos } from "./repos.js";
import type { RepoEvents } from "../domain/ports.js";

export function createRepoEvents(repos: Repos): RepoEvents {
  return {
    commitLanded: (repo, commit, derived) => repos.applyCommit(repo, commit, derived),
    downloadCounted: (repo) => repos.countDownload(repo),
  };
}

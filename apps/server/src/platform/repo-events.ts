import type { RepoEvents } from "../http/contracts.js";
import type { Repos } from "./repos.js";

export function createRepoEvents(repos: Repos): RepoEvents {
  return {
    commitLanded: (repo, commit, derived) => repos.applyCommit(repo, commit, derived),
    downloadCounted: (repo) => repos.countDownload(repo),
  };
}

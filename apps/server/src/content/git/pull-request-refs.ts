import type { RepoContent } from "../repo-content.js";
import { DEFAULT_BRANCH } from "./git-repository.js";
import { LOG_FORMAT, parseLog } from "./commit-log.js";
import { runGit } from "./run-git.js";
import { conflict, revisionNotFound } from "../../domain/errors.js";
import type { PullRequestRefs } from "../../domain/ports.js";
import type { PullRequestCommit, PullRequestMerge, RepoRecord } from "../../domain/repo.js";

const MAIN_REF = `refs/heads/${DEFAULT_BRANCH}`;
const MAX_LISTED_COMMITS = 500;
const MAX_DIFF_BYTES = 1024 * 1024;

function prRef(num: number): string {
  if (!Number.isSafeInteger(num) || num < 1) throw revisionNotFound(`refs/pr/${num}`);
  return `refs/pr/${num}`;
}

/**
 * `refs/pr/<n>` of one content service. Refs move with compare-and-swap (the same lock protocol as
 * commits), and every move drops the service's cached revisions so file routes see the new heads.
 */
export function createPullRequestRefs(content: RepoContent): PullRequestRefs {
  return {
    async create(repo, num, base) {
      const git = content.git(repo);
      const start = base ?? (await content.resolve(repo, DEFAULT_BRANCH));
      if (!start) throw revisionNotFound(DEFAULT_BRANCH);
      if (!(await content.moveRef(git, prRef(num), start, "")))
        throw conflict(`refs/pr/${num} already exists in ${repo.id}`);
      content.forget(git.dir);
      return start;
    },

    async head(repo, num) {
      if (!(await content.exists(repo))) return undefined;
      return content.git(repo).resolveCommit(prRef(num));
    },

    async commitsBetween(repo, base, head): Promise<PullRequestCommit[]> {
      const result = await runGit(
        [
          "log",
          LOG_FORMAT,
          "--no-color",
          "--reverse",
          `--max-count=${MAX_LISTED_COMMITS}`,
          `${base}..${head}`,
          "--",
        ],
        { gitDir: content.repoDir(repo), okCodes: [128] },
      );
      if (result.code !== 0) return [];
      return parseLog(result.stdout.toString("utf8")).map((info) => ({
        oid: info.id,
        title: info.title,
        author: info.authorName,
        date: info.date,
      }));
    },

    async diff(repo, base, head) {
      const result = await runGit(["diff", "--no-color", "--no-ext-diff", base, head, "--"], {
        gitDir: content.repoDir(repo),
        okCodes: [128],
      });
      if (result.code !== 0) return "";
      const text = result.stdout.subarray(0, MAX_DIFF_BYTES).toString("utf8");
      return result.stdout.length > MAX_DIFF_BYTES
        ? `${text}\n[diff cut at ${MAX_DIFF_BYTES} bytes]\n`
        : text;
    },

    async conflicts(repo, num) {
      const git = content.git(repo);
      const [head, main] = [await git.resolveCommit(prRef(num)), await git.headOf(DEFAULT_BRANCH)];
      if (!head || !main) return [];
      const tree = await mergeTree(git.dir, main, head);
      return "conflicts" in tree ? tree.conflicts : [];
    },

    merge: (repo, num, input) => mergeIntoMain(content, repo, num, input),
  };
}

async function mergeIntoMain(
  content: RepoContent,
  repo: RepoRecord,
  num: number,
  input: { title: string; author: string },
): Promise<PullRequestMerge> {
  const git = content.git(repo);
  const gitDir = git.dir;
  const head = await git.resolveCommit(prRef(num));
  if (!head) throw revisionNotFound(`refs/pr/${num}`);
  const main = await git.headOf(DEFAULT_BRANCH);
  if (!main) throw revisionNotFound(DEFAULT_BRANCH);
  const isAncestor = async (a: string, b: string) =>
    (await runGit(["merge-base", "--is-ancestor", a, b], { gitDir, okCodes: [1] })).code === 0;

  if (await isAncestor(head, main)) return { merged: true, commit: main, fastForward: true };
  let next: string;
  let fastForward = false;
  if (await isAncestor(main, head)) {
    next = head;
    fastForward = true;
  } else {
    const tree = await mergeTree(gitDir, main, head);
    if ("conflicts" in tree) return { merged: false, conflicts: tree.conflicts };
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    const email = `${input.author}@users.noreply.modelhub`;
    const created = await runGit(["commit-tree", tree.tree, "-p", main, "-p", head, "-F", "-"], {
      gitDir,
      input: `${input.title}\n`,
      env: {
        GIT_AUTHOR_NAME: input.author,
        GIT_AUTHOR_EMAIL: email,
        GIT_AUTHOR_DATE: when,
        GIT_COMMITTER_NAME: input.author,
        GIT_COMMITTER_EMAIL: email,
        GIT_COMMITTER_DATE: when,
      },
    });
    next = created.stdout.toString("utf8").trim();
  }
  if (!(await content.moveRef(git, MAIN_REF, next, main)))
    throw conflict(`${DEFAULT_BRANCH} moved during the merge; retry`);
  content.forget(gitDir);
  await content.announce(repo, next);
  return { merged: true, commit: next, fastForward };
}

/** The merged tree of two commits, or the files that conflict (git's merge-ort, nothing is written to refs). */
async function mergeTree(
  gitDir: string,
  ours: string,
  theirs: string,
): Promise<{ tree: string } | { conflicts: string[] }> {
  const result = await runGit(["merge-tree", "--write-tree", "--name-only", "--no-messages", ours, theirs], {
    gitDir,
    okCodes: [1],
  });
  const lines = result.stdout.toString("utf8").split("\n").filter(Boolean);
  return result.code === 1 ? { conflicts: [...new Set(lines.slice(1))] } : { tree: lines[0] };
}

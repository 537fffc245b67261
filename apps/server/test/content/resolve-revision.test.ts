import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GitRepository } from "../../src/content/git/git-repository.js";

/** The stock git client in `cwd`, failing the test on a non-zero exit. */
function git(cwd: string, args: string[]): string {
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GIT_CONFIG_NOSYSTEM: "1",
      HOME: cwd,
      LC_ALL: "C",
      GIT_AUTHOR_NAME: "a",
      GIT_AUTHOR_EMAIL: "a@example.com",
      GIT_COMMITTER_NAME: "a",
      GIT_COMMITTER_EMAIL: "a@example.com",
    },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Revisions are resolved as git resolves them, but a name that no ref has (a typo, a hostile path
 * segment such as `__proto__` or 3,000 `a`s) is answered without starting a git process: each start
 * costs the hub's event loop milliseconds, and a walk over hostile URLs started thousands.
 */
describe("resolving a revision", () => {
  const root = mkdtempSync(join(tmpdir(), "mh-resolve-rev-"));
  const work = join(root, "work");
  const bare = join(root, "repo.git");
  const calls = join(root, "git-calls.log");
  const savedPath = process.env.PATH;
  let repo: GitRepository;
  let first = "";
  let second = "";

  beforeAll(() => {
    git(root, ["init", "-q", "-b", "main", work]);
    writeFileSync(join(work, "a.txt"), "one\n");
    git(work, ["add", "a.txt"]);
    git(work, ["commit", "-q", "-m", "one"]);
    first = git(work, ["rev-parse", "HEAD"]);
    writeFileSync(join(work, "a.txt"), "two\n");
    git(work, ["commit", "-q", "-am", "two"]);
    second = git(work, ["rev-parse", "HEAD"]);
    git(work, ["tag", "v1", first]);
    git(work, ["tag", "-a", "-m", "annotated", "v2", second]);
    git(root, ["clone", "-q", "--bare", work, bare]);
    git(bare, ["update-ref", "refs/pr/1", first]);
    git(bare, ["update-ref", "refs/convert/parquet", second]);
    git(bare, ["update-ref", "refs/heads/loose-branch", first]);
    // everything but loose-branch packed, as after `git gc`
    git(bare, ["pack-refs", "--all"]);
    git(bare, ["update-ref", "refs/heads/loose-branch", second]);
    // a `git` first on PATH that logs each start, then runs the real one
    const realGit = spawnSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).stdout.trim();
    const bin = join(root, "bin");
    spawnSync("mkdir", [bin]);
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${realGit}' "$@"\n`);
    chmodSync(join(bin, "git"), 0o755);
    process.env.PATH = `${bin}:${savedPath ?? "/usr/bin:/bin"}`;
    repo = new GitRepository(bare);
  });
  afterAll(() => {
    process.env.PATH = savedPath;
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => writeFileSync(calls, ""));
  const gitStarts = () => readFileSync(calls, "utf8").split("\n").filter(Boolean).length;

  it.each([
    ["no-such-branch", "no-such-branch"],
    ["__proto__", "__proto__"],
    ["constructor", "constructor"],
    ["3,000 a's", "a".repeat(3000)],
    ["-rf", "-rf"],
    ["refs/heads/nope", "refs/heads/nope"],
    ["pr/9", "pr/9"],
    ["..", ".."],
    ["../../api", "../../api"],
    ["main..v1", "main..v1"],
  ])("answers that %s does not exist without starting git", async (_label, rev) => {
    expect(await repo.resolveCommit(rev)).toBeUndefined();
    expect(gitStarts()).toBe(0);
  });

  it("still resolves what git resolves: packed and loose branches, tags, refs/…, short names, ids, expressions", async () => {
    const cases: [string, string][] = [
      ["main", second],
      ["HEAD", second],
      ["loose-branch", second],
      ["v1", first],
      ["v2", second],
      ["refs/pr/1", first],
      ["pr/1", first],
      ["refs/convert/parquet", second],
      ["convert/parquet", second],
      [first, first],
      [first.slice(0, 8), first],
      [second.slice(0, 12).toUpperCase(), second],
      ["main~1", first],
      ["v2^{commit}", second],
    ];
    for (const [rev, want] of cases) expect(await repo.resolveCommit(rev), rev).toBe(want);
  });

  it("leaves names outside the plain ref syntax to git", async () => {
    expect(await repo.resolveCommit("名前😀")).toBeUndefined();
    expect(await repo.resolveCommit(":/two")).toBe(second);
    expect(gitStarts()).toBeGreaterThan(0);
  });
});

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRefSnapshot } from "../../src/webhooks/ref-snapshot.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-refs-"));
const git = (...args: string[]) =>
  execFileSync("git", args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "a",
      GIT_AUTHOR_EMAIL: "a@example.com",
      GIT_COMMITTER_NAME: "a",
      GIT_COMMITTER_EMAIL: "a@example.com",
    },
    encoding: "utf8",
  });

function gitRefs(): Map<string, string> {
  const lines = git("for-each-ref", "--format=%(refname) %(objectname) %(*objectname)").trim().split("\n");
  return new Map(
    lines.map((line) => {
      const [ref, target, peeled] = line.split(" ");
      return [ref, peeled || target] as const;
    }),
  );
}

describe("ref snapshot read from files", () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("equals git for-each-ref with packed, loose, nested and deleted refs", async () => {
    git("init", "--quiet", "--bare", "-b", "main", ".");
    const tree = git("mktree").trim();
    const first = git("commit-tree", tree, "-m", "one").trim();
    const second = git("commit-tree", tree, "-p", first, "-m", "two").trim();
    git("update-ref", "refs/heads/main", first);
    git("update-ref", "refs/tags/v1", first);
    git("update-ref", "refs/pr/1", first);
    git("update-ref", "refs/heads/feature/deep", first);
    git("pack-refs", "--all");
    git("update-ref", "refs/heads/main", second);
    git("update-ref", "refs/heads/loose", second);
    git("update-ref", "-d", "refs/pr/1");
    expect(await readRefSnapshot(dir)).toEqual(gitRefs());
    expect((await readRefSnapshot(dir))?.get("refs/heads/main")).toBe(second);
  });
});

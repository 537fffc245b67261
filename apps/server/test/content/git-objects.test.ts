import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBareLayout } from "../../src/content/git/bare-layout.js";
import type { CommitDraft, IndexChange } from "../../src/content/git/commit-draft.js";
import { writeCommitInProcess } from "../../src/content/git/commit-writer.js";
import { GitRepository } from "../../src/content/git/git-repository.js";
import { writeCommitThroughIndex } from "../../src/content/git/index-commit-writer.js";
import { parseLsTree } from "../../src/content/git/tree-entries.js";
import { auth, createTestHub, ndjson } from "./fixtures.js";

/** The stock git client on a bare repo, failing the test on a non-zero exit. */
function git(dir: string, args: string[], input?: string): string {
  const result = spawnSync("git", [`--git-dir=${dir}`, ...args], {
    input,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", GIT_CONFIG_NOSYSTEM: "1", HOME: tmpdir(), LC_ALL: "C" },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

function fsck(dir: string): void {
  git(dir, ["fsck", "--strict", "--no-progress", "--no-dangling"]);
}

const WHEN = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));

describe("in-process git objects and refs", () => {
  let root: string;
  let dir: string;
  let repo: GitRepository;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "mh-git-objects-"));
    dir = join(root, "repo.git");
    await createBareLayout(dir, "main");
    repo = new GitRepository(dir);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const blob = (text: string) => repo.objects.write("blob", Buffer.from(text, "utf8"));
  const draft = (base: string | undefined, changes: IndexChange[], name = "alice"): CommitDraft => ({
    base,
    changes,
    message: "Add things\n\nWith a body line.\n",
    author: { name, email: `${name}@users.noreply.modelhub`, date: WHEN },
  });

  /** Builds the same commit both ways and checks git agrees on every id. */
  async function sameAsGit(commit: CommitDraft): Promise<string> {
    const fast = await writeCommitInProcess(repo, commit);
    const slow = await writeCommitThroughIndex(repo, commit, join(root, "tmp"));
    expect(fast).toBe(slow);
    return slow;
  }

  it("writes blobs with the ids and bytes git reads back", async () => {
    for (const text of ["", "hello\n", "ünïcødé ✓\n", "x".repeat(200_000)]) {
      const oid = await blob(text);
      expect(oid).toBe(git(dir, ["hash-object", "--stdin"], text).trim());
      expect(git(dir, ["cat-file", "-p", oid])).toBe(text);
    }
    fsck(dir);
  });

  it("builds trees and commits identical to git's index path, then fsck is clean", async () => {
    const names = ["a.txt", "a/b.txt", "a0", "a-b/c", "a/b/c/d.json", "é.md", "with space.txt", "Z", "_x"];
    const changes: IndexChange[] = [];
    for (const [i, path] of names.entries())
      changes.push({ kind: "put", path, blob: await blob(`file ${i}\n`) });
    const first = await sameAsGit(draft(undefined, changes));
    git(dir, ["update-ref", "refs/heads/main", first]);

    const second = await sameAsGit(
      draft(first, [
        { kind: "remove", path: "a0" },
        { kind: "remove", path: "not-there" },
        { kind: "put", path: "a.txt/inside", blob: await blob("file under a former file\n") },
        { kind: "put", path: "a/b", blob: await blob("a file where a folder was\n") },
        { kind: "put", path: "new/deep/file.bin", blob: await blob("deep\n") },
      ]),
    );
    git(dir, ["update-ref", "refs/heads/main", second, first]);
    expect(git(dir, ["ls-tree", "-r", "--name-only", "main"]).split("\n").filter(Boolean)).toEqual([
      "Z",
      "_x",
      "a-b/c",
      "a.txt/inside",
      "a/b",
      "a/b.txt",
      "new/deep/file.bin",
      "with space.txt",
      '"\\303\\251.md"',
    ]);
    for (const name of ["Ana María", "j.doe", "user_1-x"]) await sameAsGit(draft(second, [], name));
    fsck(dir);
  });

  it("leaves identities and paths git would rewrite or guard to git itself", async () => {
    const readme = await blob("readme\n");
    expect(await writeCommitInProcess(repo, draft(undefined, [], "alice."))).toBeUndefined();
    expect(await writeCommitInProcess(repo, draft(undefined, [], " bob"))).toBeUndefined();
    const early = { ...draft(undefined, []), author: { name: "carol", email: "c@x", date: new Date(5_000) } };
    expect(await writeCommitInProcess(repo, early)).toBeUndefined();
    expect(
      await writeCommitInProcess(
        repo,
        draft(undefined, [{ kind: "put", path: ".GIT/config", blob: readme }]),
      ),
    ).toBeUndefined();
    expect(
      await writeCommitInProcess(
        repo,
        draft(undefined, [{ kind: "put", path: ".github/x.yml", blob: readme }]),
      ),
    ).toMatch(/^[0-9a-f]{40}$/);
  });

  it("lists trees and reads commits like the CLI, also once objects are packed", async () => {
    const first = await sameAsGit(
      draft(undefined, [
        { kind: "put", path: "README.md", blob: await blob("# hi\n") },
        { kind: "put", path: "sub/dir/weights.txt", blob: await blob("w".repeat(5000)) },
      ]),
    );
    expect(await repo.updateRef("refs/heads/main", first, "")).toBe(true);
    const cli = parseLsTree(Buffer.from(git(dir, ["ls-tree", "-r", "-t", "-l", "-z", "--full-tree", first])));
    expect(await repo.treeEntries(first)).toEqual(cli);
    const [info] = await repo.log(first, { limit: 1 });
    expect(info).toMatchObject({ id: first, title: "Add things", message: "With a body line.", date: WHEN });

    git(dir, ["gc", "--quiet", "--prune=now"]);
    expect(await repo.objects.read(first)).toBeUndefined();
    expect(await repo.headOf("main")).toBe(first);
    expect(await repo.treeEntries(first)).toEqual(cli);
    expect(await repo.resolveCommit("main")).toBe(first);
    // A commit on a packed base goes through git's index and still lands with a compare-and-swap.
    const next = (await writeCommitInProcess(repo, draft(first, []))) ?? "";
    expect(next).toBe("");
    const viaIndex = await writeCommitThroughIndex(
      repo,
      draft(first, [{ kind: "put", path: "more.txt", blob: await blob("more\n") }]),
      join(root, "tmp"),
    );
    expect(await repo.updateRef("refs/heads/main", viaIndex, first)).toBe(true);
    expect(git(dir, ["rev-parse", "main"]).trim()).toBe(viaIndex);
    fsck(dir);
  });

  it("moves refs only from the expected value, honouring git's lock file", async () => {
    const one = await sameAsGit(draft(undefined, [{ kind: "put", path: "a", blob: await blob("1\n") }]));
    const two = await sameAsGit(draft(one, [{ kind: "put", path: "a", blob: await blob("2\n") }]));
    expect(await repo.updateRef("refs/heads/main", one, "")).toBe(true);
    expect(await repo.updateRef("refs/heads/main", two, "")).toBe(false);
    expect(await repo.updateRef("refs/heads/main", two, two)).toBe(false);
    expect(git(dir, ["rev-parse", "refs/heads/main"]).trim()).toBe(one);

    await writeFile(join(dir, "refs/heads/main.lock"), "");
    expect(await repo.updateRef("refs/heads/main", two, one)).toBe(false);
    await rm(join(dir, "refs/heads/main.lock"));
    expect(await repo.updateRef("refs/heads/main", two, one)).toBe(true);

    git(dir, ["pack-refs", "--all"]);
    expect(await repo.headOf("main")).toBe(two);
    expect(await repo.updateRef("refs/heads/main", one, two)).toBe(true);
    expect(git(dir, ["rev-parse", "main"]).trim()).toBe(one);
    expect(await repo.updateRef("refs/pr/1", two, "")).toBe(true);
    expect(git(dir, ["rev-parse", "refs/pr/1"]).trim()).toBe(two);
    expect(git(dir, ["config", "--get", "http.receivepack"]).trim()).toBe("true");
    fsck(dir);
  });
});

describe("the commit path leaves repositories the stock git client accepts", () => {
  it("seeding-style commits, API commits and folder deletions keep `git fsck --strict` clean", async () => {
    const hub = await createTestHub();
    try {
      const record = hub.platform.add("model", "alice/checked");
      const seeded = await hub.content.commitFiles(record, {
        files: [
          { path: "README.md", content: "---\nlicense: mit\n---\n# Checked\n" },
          { path: "config.json", content: '{"model_type":"bert"}' },
          { path: "onnx/model.txt", content: Buffer.from([0x66, 0x6f, 0x6f]) },
          { path: "onnx/sub/extra.txt", content: "extra" },
        ],
        title: "Import",
        author: "alice",
      });
      const api = await hub.app.request("/api/models/alice/checked/commit/main", {
        method: "POST",
        headers: { ...auth("alice"), "Content-Type": "application/x-ndjson" },
        body: ndjson([
          { key: "header", value: { summary: "Tidy", parentCommit: seeded.commit } },
          { key: "deletedFolder", value: { path: "onnx" } },
          {
            key: "file",
            value: { path: "notes/a.txt", content: Buffer.from("a").toString("base64"), encoding: "base64" },
          },
        ]),
      });
      expect(api.status).toBe(200);
      const { commitOid } = (await api.json()) as { commitOid: string };
      const dir = hub.content.repoDir(record);
      expect(git(dir, ["rev-parse", "main"]).trim()).toBe(commitOid);
      expect(git(dir, ["rev-list", "--count", "main"]).trim()).toBe("3");
      expect(git(dir, ["ls-tree", "-r", "--name-only", "main"]).split("\n").filter(Boolean)).toEqual([
        ".gitattributes",
        "README.md",
        "config.json",
        "notes/a.txt",
      ]);
      fsck(dir);
    } finally {
      await hub.close();
    }
  });
});

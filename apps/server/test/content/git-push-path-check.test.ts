import { spawnSync } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { createBareLayout } from "../../src/content/git/bare-layout.js";
import { checkPushedPaths } from "../../src/content/git/push-path-check.js";
import { gitCli, makeGitHome } from "./git-cli.js";

/** One hostile tree entry, as `git mktree` input lines (nested folders are built bottom-up). */
interface HostileCase {
  title: string;
  /** Path of the entry; folders on the way are created as trees. */
  path: string;
  mode?: "100644" | "120000";
  content?: string;
  /** What git's stderr must show (the hub's `remote:` lines or git's fsck report). */
  expected: RegExp;
}

const HOSTILE: HostileCase[] = [
  { title: ".GIT folder", path: ".GIT/config", expected: /hasDotgit|git's own folder/ },
  { title: ".Git/hooks", path: ".Git/hooks/post-checkout", expected: /hasDotgit|git's own folder/ },
  { title: "NTFS short name", path: "git~1/config", expected: /hasDotgit|git's own folder/ },
  { title: "trailing dot", path: ".git./config", expected: /hasDotgit|git's own folder/ },
  { title: "HFS ignorable", path: ".g\u200cit/config", expected: /hasDotgit|git's own folder/ },
  { title: "dot-dot folder", path: "../escape", expected: /hasDotdot|"\.\." segment/ },
  { title: "leading backslash", path: "\\abs.txt", expected: /starts with a backslash/ },
  { title: "backslash .git piece", path: "a\\.git\\config", expected: /hasDotgit|git's own folder/ },
  { title: "backslash climbing out", path: "..\\escape", expected: /climbs out of the repository/ },
  { title: "control character", path: "bad\u0001name", expected: /control character/ },
  {
    title: "absolute symlink",
    path: "link",
    mode: "120000",
    content: "/etc/passwd",
    expected: /link: is a symbolic link/,
  },
  {
    title: "escaping symlink",
    path: "docs/up",
    mode: "120000",
    content: "../../..",
    expected: /docs\/up: is a symbolic link/,
  },
  {
    title: ".gitmodules symlink",
    path: ".gitmodules",
    mode: "120000",
    content: "x",
    expected: /gitmodulesSymlink|symbolic link/,
  },
  { title: "70 folders deep", path: `${"d/".repeat(70)}f`, expected: /70 folders deep/ },
];

describe("git push refuses trees with paths the hub does not accept", () => {
  let hub: TestHub;
  let token: string;
  let home: string;
  let clone: string;
  let start: string;
  const remote = () => `${hub.url}/erin/paths`.replace("http://", `http://erin:${token}@`);
  const git = (args: string[], cwd = clone) => gitCli(args, cwd, home);
  /** git with stdin (mktree, hash-object), in the scratch clone. */
  const gitIn = (args: string[], input: string | Buffer): string => {
    const run = spawnSync("git", args, {
      cwd: clone,
      input,
      env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1", LC_ALL: "C" },
    });
    expect(run.status, run.stderr.toString()).toBe(0);
    return run.stdout.toString().trim();
  };
  /** A commit on top of `start` whose root holds README.md plus `path` (modes as given). */
  const hostileCommit = (path: string, mode: string, content: string): string => {
    const blob = gitIn(["hash-object", "-w", "--stdin"], content);
    const readme = gitIn(["hash-object", "-w", "--stdin"], "# paths\n");
    const names = path.split("/");
    let entry = `${mode} blob ${blob}\t${names.pop()}\n`;
    while (names.length > 0) entry = `040000 tree ${gitIn(["mktree"], entry)}\t${names.pop()}\n`;
    const root = gitIn(["mktree"], `100644 blob ${readme}\tREADME.md\n${entry}`);
    return gitIn(["commit-tree", root, "-p", start, "-m", `add ${path}`], "");
  };
  const remoteHead = async () =>
    (await git(["ls-remote", "origin", "refs/heads/main"])).stdout.split("\t")[0];

  beforeAll(async () => {
    hub = await startTestHub({ seed: false });
    token = await hub.tokenFor("erin");
    home = await makeGitHome("push-paths-", "Erin", "erin@example.com");
    const created = await postJson(`${hub.url}/api/repos/create`, { name: "paths", type: "model" }, token);
    expect(created.status).toBe(200);
    clone = join(home, "paths");
    expect((await git(["clone", "--quiet", remote(), clone], home)).code).toBe(0);
    start = (await git(["rev-parse", "HEAD"])).stdout.trim();
  });
  afterAll(async () => {
    await hub?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it.each(HOSTILE)("refuses $title: message in git's stderr, no ref moves", async (hostile) => {
    const commit = hostileCommit(hostile.path, hostile.mode ?? "100644", hostile.content ?? "x\n");
    const push = await git(["push", "origin", `${commit}:refs/heads/main`]);
    expect(push.code, push.stderr).not.toBe(0);
    expect(push.stderr).toMatch(hostile.expected);
    expect(await remoteHead()).toBe(start);
    const side = await git(["push", "origin", `${commit}:refs/heads/side`]);
    expect(side.code).not.toBe(0);
    expect((await git(["ls-remote", "origin"])).stdout).not.toContain("refs/heads/side");
  });

  it.each(HOSTILE)("the hub's own gate names $title without relying on fsck", async (hostile) => {
    const commit = hostileCommit(hostile.path, hostile.mode ?? "100644", hostile.content ?? "x\n");
    const updates = [{ oldOid: start, newOid: commit, ref: "refs/heads/main" }];
    const verdict = await checkPushedPaths(join(clone, ".git"), updates, {});
    expect(verdict.ok).toBe(false);
    // Messages escape backslashes and control characters as JSON does.
    expect(verdict.message).toContain(JSON.stringify(hostile.path.split("/")[0]).slice(1, -1));
  });

  it("accepts names holding a backslash (the Hub stores them) and serves them back", async () => {
    const commit = hostileCommit("dir/a\\b.txt", "100644", "kept\n");
    const push = await git(["push", "origin", `${commit}:refs/heads/main`]);
    expect(push.code, push.stderr).toBe(0);
    const resolved = await fetch(`${hub.url}/erin/paths/resolve/main/dir/a%5Cb.txt`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await resolved.text()).toBe("kept\n");
    start = commit;
  });

  it("runs git's fsck on pushes to repos created before fsck was in their config", async () => {
    const config = join(hub.dataDir, "repos", "models", "erin", "paths.git", "config");
    const original = await readFile(config, "utf8");
    await writeFile(config, original.replace(/\s*fsckObjects = true/, ""));
    try {
      const commit = hostileCommit(".GIT/config", "100644", "x\n");
      const push = await git(["push", "origin", `${commit}:refs/heads/main`]);
      expect(push.code).not.toBe(0);
      expect(push.stderr).toMatch(/hasDotgit/);
      expect(await remoteHead()).toBe(start);
    } finally {
      await writeFile(config, original);
    }
  });

  it("creates bare repos with fsck on receive turned on", async () => {
    const dir = join(home, "layout.git");
    await createBareLayout(dir, "main");
    const value = spawnSync("git", [`--git-dir=${dir}`, "config", "--get", "receive.fsckObjects"], {
      env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
    });
    expect(value.stdout.toString().trim()).toBe("true");
  });

  it("refuses a name that is not UTF-8", async () => {
    const blob = gitIn(["hash-object", "-w", "--stdin"], "x");
    const root = gitIn(
      ["mktree"],
      Buffer.concat([Buffer.from(`100644 blob ${blob}\t`), Buffer.from([0xff, 0x41]), Buffer.from("\n")]),
    );
    const commit = gitIn(["commit-tree", root, "-p", start, "-m", "latin1"], "");
    const push = await git(["push", "origin", `${commit}:refs/heads/main`]);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toMatch(/not valid UTF-8/);
    expect(await remoteHead()).toBe(start);
  });

  it("measures depth on the pushed tree, not where git first saw a shared folder", async () => {
    const blob = gitIn(["hash-object", "-w", "--stdin"], "x");
    let chain = gitIn(["mktree"], `100644 blob ${blob}\tf\n`);
    for (let i = 0; i < 10; i++) chain = gitIn(["mktree"], `040000 tree ${chain}\tc\n`);
    // The same 10-deep folder at the top ("a") and again under 60 more folders.
    let deep = chain;
    for (let i = 0; i < 60; i++) deep = gitIn(["mktree"], `040000 tree ${deep}\td\n`);
    const root = gitIn(["mktree"], `040000 tree ${chain}\ta\n040000 tree ${deep}\tz\n`);
    const commit = gitIn(["commit-tree", root, "-p", start, "-m", "shared folder"], "");
    const push = await git(["push", "origin", `${commit}:refs/heads/main`]);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toMatch(/z\/(d\/){60}(c\/){10}f: is 71 folders deep/);
    expect(await remoteHead()).toBe(start);
  });

  it("still clones, takes NDJSON commits and accepts a normal push with nested folders and unicode names", async () => {
    const copy = join(home, "copy");
    const cloned = await git(["clone", "--quiet", remote(), copy], home);
    expect(cloned.code, cloned.stderr).toBe(0);
    const ndjson = [
      { key: "header", value: { summary: "api commit" } },
      {
        key: "file",
        value: { path: "api.txt", content: Buffer.from("api").toString("base64"), encoding: "base64" },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const committed = await fetch(`${hub.url}/api/models/erin/paths/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: ndjson,
    });
    expect(committed.status).toBe(200);

    expect((await git(["pull", "--quiet", "--no-rebase", "origin", "main"], copy)).code).toBe(0);
    const nested = join(copy, "données", "模型", ...Array.from({ length: 10 }, (_, i) => `level${i}`));
    await mkdir(nested, { recursive: true });
    await writeFile(join(nested, "ファイル.txt"), "deep\n");
    await writeFile(join(copy, ".gitignore"), "*.tmp\n");
    expect((await git(["add", "-A"], copy)).code).toBe(0);
    expect((await git(["commit", "-qm", "nested"], copy)).code).toBe(0);
    const push = await git(["push", "origin", "main"], copy);
    expect(push.code, push.stderr).toBe(0);
    const head = (await git(["rev-parse", "HEAD"], copy)).stdout.trim();
    expect(await remoteHead()).toBe(head);
    const tree = await fetch(`${hub.url}/api/models/erin/paths/tree/main?recursive=true`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(tree.status).toBe(200);
    const paths = ((await tree.json()) as { path: string }[]).map((entry) => entry.path);
    expect(paths).toContain(
      `données/模型/${Array.from({ length: 10 }, (_, i) => `level${i}`).join("/")}/ファイル.txt`,
    );
    expect(paths).toContain("api.txt");
  });
});

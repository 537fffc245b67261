import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runGit } from "../../src/content/git/run-git.js";
import { auth, createTestHub, ndjson, type TestHub } from "./fixtures.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");
const header = { key: "header", value: { summary: "test", description: "" } };
const file = (path: string, text = "x") => ({
  key: "file",
  value: { path, content: b64(text), encoding: "base64" },
});

describe("NDJSON commits refuse unsafe paths before anything is written", () => {
  let hub: TestHub;
  let base: string;
  beforeEach(async () => {
    hub = await createTestHub();
    const repo = hub.platform.add("model", "alice/paths");
    await hub.content.init(repo);
    const first = await commit([header, file("a", "file a"), file("dir/b.txt")]);
    expect(first.status).toBe(200);
    base = await head();
  });
  afterEach(() => hub.close());

  function commit(lines: object[]) {
    return hub.app.request(`/api/models/alice/paths/commit/main`, {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/x-ndjson" },
      body: ndjson(lines),
    });
  }
  /** Uploads bytes through the LFS batch API of the repo; returns the oid. */
  async function uploadLfs(data: Buffer): Promise<string> {
    const oid = createHash("sha256").update(data).digest("hex");
    const batch = await hub.app.request("/alice/paths.git/info/lfs/objects/batch", {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [{ oid, size: data.length }] }),
    });
    const body = (await batch.json()) as { objects: { actions: { upload: { href: string } } }[] };
    const href = new URL(body.objects[0].actions.upload.href);
    const put = await hub.app.request(href.pathname + href.search, { method: "PUT", body: data });
    expect(put.status).toBe(200);
    return oid;
  }
  async function head(): Promise<string> {
    const repo = hub.platform.repos.get("model:alice/paths")!;
    return (await hub.content.resolve(repo, "main"))!;
  }
  /** The branch is where it was and still takes reads and commits. */
  async function expectBranchIntact() {
    expect(await head()).toBe(base);
    const tree = await hub.app.request(`/api/models/alice/paths/tree/main?recursive=true`, {
      headers: auth("alice"),
    });
    expect(tree.status).toBe(200);
    const resolved = await hub.app.request(`/alice/paths/resolve/main/a`, { headers: auth("alice") });
    expect(resolved.status).toBe(200);
    expect(await resolved.text()).toBe("file a");
  }

  it("refuses a file 400 folders deep with a 400 naming the path; the branch stays usable", async () => {
    const deep = `${"d/".repeat(400)}f.txt`;
    const response = await commit([header, file(deep)]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain("d/d/d/");
    await expectBranchIntact();
  });

  it.each([
    [".GIT/config", "git's own folder"],
    [".Git/hooks/x", "git's own folder"],
    ["x/.GIT", "git's own folder"],
    ["git~1/x", "git's own folder"],
    ["GIT~2/x", "git's own folder"],
    [".git./x", "git's own folder"],
    [".git . ./x", "git's own folder"],
    [".git::$INDEX_ALLOCATION/x", "git's own folder"],
    [".g\u200cit/x", "git's own folder"],
    ["\ufeff.GIT/config", "git's own folder"],
    ["a/../b", '".." segment'],
    ["./b", '"." segment'],
    ["a//b", "empty folder name"],
    ["a/", "empty folder name"],
    ["/etc/passwd", "absolute"],
    [".git\\config", "git's own folder"],
    ["x/.GIT\\hooks", "git's own folder"],
    ["a\\.GIT\\config", "git's own folder"],
    ["a\u0001b", "control character"],
    ["a\u007fb", "control character"],
    ["x\ud800y", "not valid UTF-8"],
    [`${"n".repeat(256)}`, "longer than 255 bytes"],
    [`${"é".repeat(128)}`, "longer than 255 bytes"],
    [`${"abcdefghi/".repeat(103)}f`, "longer than 1024 bytes"],
    [`${"d/".repeat(65)}f`, "65 folders deep"],
  ])("refuses %j with a 400 naming the problem", async (path, reason) => {
    const response = await commit([header, file("ok.txt"), file(path)]);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: string }).error;
    expect(error).toContain(reason);
    expect(error).toContain("Invalid path");
    await expectBranchIntact();
  });

  it.each([
    ["..\\x", "climbs out of the repository"],
    ["\\etc\\passwd", "starts with a backslash"],
    ["C:\\Windows\\x", "starts with a Windows drive"],
  ])(
    "refuses %j, which starts outside the repo where \\ separates folders, with a 422",
    async (path, reason) => {
      const response = await commit([header, file("ok.txt"), file(path)]);
      expect(response.status).toBe(422);
      const error = ((await response.json()) as { error: string }).error;
      expect(error).toContain(reason);
      expect(error).toContain("Invalid path");
      await expectBranchIntact();
    },
  );

  it("stores names holding a backslash and serves them back (tree, paths-info, resolve, deletion)", async () => {
    const paths = [
      "a\\b.txt",
      "dir/x\\y\\z.txt",
      "trailing\\",
      "..x\\y..",
      "c:d\\e",
      "folder/..\\..\\..\\file",
    ];
    const response = await commit([header, ...paths.map((path) => file(path, `content of ${path}`))]);
    expect(response.status).toBe(200);
    const tree = await hub.app.request(`/api/models/alice/paths/tree/main?recursive=true`, {
      headers: auth("alice"),
    });
    const listed = ((await tree.json()) as { path: string }[]).map((entry) => entry.path);
    for (const path of paths) expect(listed).toContain(path);
    const info = await hub.app.request(`/api/models/alice/paths/paths-info/main`, {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/json" },
      body: JSON.stringify({ paths: ["a\\b.txt"] }),
    });
    expect(((await info.json()) as { path: string }[]).map((entry) => entry.path)).toEqual(["a\\b.txt"]);
    for (const path of paths) {
      const url = `/alice/paths/resolve/main/${path.split("/").map(encodeURIComponent).join("/")}`;
      const resolved = await hub.app.request(url, { headers: auth("alice") });
      expect(resolved.status, path).toBe(200);
      expect(await resolved.text()).toBe(`content of ${path}`);
    }
    const traversal = await hub.app.request(`/alice/paths/resolve/main/..%5Ca`, { headers: auth("alice") });
    expect(traversal.status).toBe(422);
    const removed = await commit([header, { key: "deletedFile", value: { path: "a\\b.txt" } }]);
    expect(removed.status).toBe(200);
    const gone = await hub.app.request(`/alice/paths/resolve/main/a%5Cb.txt`, { headers: auth("alice") });
    expect(gone.status).toBe(404);
  });

  it("applies the same rules to deletions, folder deletions and LFS files", async () => {
    const oid = "a".repeat(64);
    for (const line of [
      { key: "deletedFile", value: { path: ".GIT/config" } },
      { key: "deletedFolder", value: { path: "a/../dir" } },
      { key: "lfsFile", value: { path: "git~1/w.bin", algo: "sha256", oid, size: 3 } },
    ]) {
      const response = await commit([header, line]);
      expect(response.status, JSON.stringify(line)).toBe(400);
    }
    await expectBranchIntact();
  });

  it("accepts names that only look close: 64 folders, 255-byte names, .gitattributes, .github, git~1.txt, unicode", async () => {
    const paths = [
      `${"d/".repeat(64)}f`,
      "n".repeat(255),
      ".github/workflows/ci.yml",
      ".gitignore",
      "git~1.txt",
      ".git.bak/x",
      "x.git",
      "données/模型/ファイル.txt",
      "sp ace/a:b",
      "back\\slash.txt",
      "folder/..\\..\\..\\file",
    ];
    const response = await commit([header, ...paths.map((path) => file(path))]);
    expect(response.status).toBe(200);
    const tree = await hub.app.request(`/api/models/alice/paths/tree/main?recursive=true`, {
      headers: auth("alice"),
    });
    const listed = ((await tree.json()) as { path: string; type: string }[]).map((entry) => entry.path);
    for (const path of paths) expect(listed).toContain(path);
  });

  it("refuses a file under an existing file and a file over an existing folder with a 409", async () => {
    const under = await commit([header, file("a/b")]);
    expect(under.status).toBe(409);
    expect(((await under.json()) as { error: string }).error).toContain('"a" is a file');
    const over = await commit([header, file("dir")]);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: string }).error).toContain("a folder of that name exists");
    const inOneCommit = await commit([header, file("new/x"), file("new")]);
    expect(inOneCommit.status).toBe(409);
    await expectBranchIntact();
  });

  it("lets a commit replace a file by a folder when it deletes the file first", async () => {
    const response = await commit([
      header,
      { key: "deletedFile", value: { path: "a" } },
      file("a/b", "inside"),
    ]);
    expect(response.status).toBe(200);
    const resolved = await hub.app.request(`/alice/paths/resolve/main/a/b`, { headers: auth("alice") });
    expect(await resolved.text()).toBe("inside");
  });

  it("serves and repairs a branch that already holds a file 400 folders deep (landed before the rules)", async () => {
    const repo = hub.platform.repos.get("model:alice/paths")!;
    const gitDir = hub.content.repoDir(repo);
    const blob = (await runGit(["hash-object", "-w", "--stdin"], { gitDir, input: "deep" })).stdout
      .toString()
      .trim();
    let tree = (await runGit(["mktree"], { gitDir, input: `100644 blob ${blob}\tf\n` })).stdout
      .toString()
      .trim();
    for (let i = 0; i < 400; i++)
      tree = (await runGit(["mktree"], { gitDir, input: `040000 tree ${tree}\td\n` })).stdout
        .toString()
        .trim();
    // The base's entries (a, dir, .gitattributes) plus the deep folder "d".
    const listing = (await runGit(["ls-tree", base], { gitDir })).stdout.toString();
    const root = (await runGit(["mktree"], { gitDir, input: `${listing}040000 tree ${tree}\td\n` })).stdout
      .toString()
      .trim();
    const env = {
      GIT_AUTHOR_NAME: "a",
      GIT_AUTHOR_EMAIL: "a@x",
      GIT_COMMITTER_NAME: "a",
      GIT_COMMITTER_EMAIL: "a@x",
    };
    const legacy = (await runGit(["commit-tree", root, "-p", base, "-m", "legacy"], { gitDir, env })).stdout
      .toString()
      .trim();
    await runGit(["update-ref", "refs/heads/main", legacy, base], { gitDir });
    hub.content.forget(gitDir);

    const listed = await hub.app.request(`/api/models/alice/paths/tree/main?recursive=true`, {
      headers: auth("alice"),
    });
    expect(listed.status).toBe(200);
    const resolved = await hub.app.request(`/alice/paths/resolve/main/a`, { headers: auth("alice") });
    expect(await resolved.text()).toBe("file a");
    expect((await commit([header, file("more.txt")])).status).toBe(200);
    const repaired = await commit([header, { key: "deletedFolder", value: { path: "d" } }]);
    expect(repaired.status).toBe(200);
  });

  it("keeps committing after a folder named .gitattributes replaced the file", async () => {
    const folder = await commit([
      header,
      { key: "deletedFile", value: { path: ".gitattributes" } },
      file(".gitattributes/notes.txt"),
    ]);
    expect(folder.status).toBe(200);
    const later = await commit([header, file("weights.bin", "w"), file("README.md", "# r")]);
    expect(later.status).toBe(200);
    // An LFS file would need a rule in .gitattributes: refused instead of replacing the folder.
    const oid = await uploadLfs(Buffer.from("lfs"));
    const lfs = await commit([
      header,
      { key: "lfsFile", value: { path: "big.safetensors", algo: "sha256", oid, size: 3 } },
    ]);
    expect(lfs.status).toBe(409);
    expect(((await lfs.json()) as { error: string }).error).toContain(".gitattributes is a folder");
  });

  it("keeps the last of duplicate paths in one commit, and keeps paths differing only in case apart", async () => {
    const response = await commit([
      header,
      file("dup.txt", "one"),
      file("dup.txt", "two"),
      file("A", "upper"),
    ]);
    expect(response.status).toBe(200);
    const dup = await hub.app.request(`/alice/paths/resolve/main/dup.txt`, { headers: auth("alice") });
    expect(await dup.text()).toBe("two");
    const upper = await hub.app.request(`/alice/paths/resolve/main/A`, { headers: auth("alice") });
    expect(await upper.text()).toBe("upper");
    const lower = await hub.app.request(`/alice/paths/resolve/main/a`, { headers: auth("alice") });
    expect(await lower.text()).toBe("file a");
  });

  it("answers reads of unsafe names with 4xx, never 500", async () => {
    for (const url of [
      "/alice/paths/resolve/main/.GIT/config",
      "/alice/paths/resolve/main/git~1/x",
      "/api/models/alice/paths/tree/main/.Git",
      `/api/models/alice/paths/tree/main/${"d/".repeat(400)}`,
      "/alice/paths/resolve/main/a%5Cb",
    ]) {
      const response = await hub.app.request(url, { headers: auth("alice") });
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
    }
    const info = await hub.app.request(`/api/models/alice/paths/paths-info/main`, {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/json" },
      body: JSON.stringify({ paths: [".GIT/config", "a/../a"] }),
    });
    expect(info.status).toBeLessThan(500);
  });

  it("answers each path of the README's backslash table as the README says", async () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, "../../../../README.md"), "utf8");
    const table = /<!-- path-rules:start -->([\s\S]*?)<!-- path-rules:end -->/.exec(readme)?.[1] ?? "";
    const rows = [...table.matchAll(/^\| `([^`]+)` \| (\d{3}) \|$/gm)].map(
      (m) => [m[1], Number(m[2])] as const,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    // the README's own example of a name the Hub stores as written
    expect(rows).toContainEqual(["a\\..\\..\\x", 200]);
    for (const [name, status] of rows) {
      const response = await commit([header, file(name, `content of ${name}`)]);
      expect(response.status, `${name}: ${await response.clone().text()}`).toBe(status);
    }
  });

  it("checks preupload paths the same way", async () => {
    const response = await hub.app.request(`/api/models/alice/paths/preupload/main`, {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/json" },
      body: JSON.stringify({ files: [{ path: ".GIT/config", size: 3, sample: "" }] }),
    });
    expect(response.status).toBe(400);
  });
});

import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, createTestHub, ndjson, type TestHub } from "./fixtures.js";

interface FileChange {
  path: string;
  oldPath?: string;
  status: string;
  additions: number;
  deletions: number;
  binary: boolean;
  lfs?: { before?: { oid: string; size: number }; after?: { oid: string; size: number } };
  patch?: string;
}
interface CommitDiff {
  id: string;
  parents: string[];
  title: string;
  message: string;
  authorName: string;
  files: FileChange[];
}

describe("commit diffs and compare", () => {
  let hub: TestHub;
  const commits: string[] = [];
  const weightsV1 = Buffer.alloc(3000, 1);
  const weightsV2 = Buffer.alloc(5000, 2);
  const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

  const commit = async (lines: { key: string; value: unknown }[]) => {
    const res = await hub.app.request("/api/models/alice/diffs/commit/main", {
      method: "POST",
      headers: auth("alice"),
      body: ndjson(lines),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    commits.push(((await res.json()) as { commitOid: string }).commitOid);
  };
  const file = (path: string, content: string | Buffer) => ({
    key: "file",
    value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
  });
  const lfsFile = (path: string, data: Buffer) => ({
    key: "lfsFile",
    value: { path, algo: "sha256", oid: sha256(data), size: data.length },
  });

  beforeAll(async () => {
    hub = await createTestHub();
    const repo = hub.platform.add("model", "alice/diffs");
    await hub.content.init(repo);
    for (const data of [weightsV1, weightsV2])
      await hub.content.storeLfsObject(repo, sha256(data), data.length, Readable.from([data]));
    await commit([
      { key: "header", value: { summary: "First files", description: "Card, config, weights" } },
      file("README.md", "# Diffs\n\nline one\nline two\n"),
      file("config.json", '{"hidden_size": 8}\n'),
      file("old-name.txt", "stays the same\n".repeat(20)),
      file("blob.xyz", Buffer.from([0, 1, 2, 0, 255, 0])),
      lfsFile("model.safetensors", weightsV1),
    ]);
    await commit([
      { key: "header", value: { summary: "Second: edit, rename, delete, new weights" } },
      file("README.md", "# Diffs\n\nline one\nline 2 <b>bold</b>\nline three\n"),
      { key: "deletedFile", value: { path: "config.json" } },
      { key: "deletedFile", value: { path: "old-name.txt" } },
      file("new-name.txt", "stays the same\n".repeat(20)),
      file("blob.xyz", Buffer.from([0, 9, 9, 0, 255, 0])),
      lfsFile("model.safetensors", weightsV2),
    ]);
  });
  afterAll(() => hub?.close());

  const details = async (rev: string) => {
    const res = await hub.app.request(`/api/models/alice/diffs/commit/${rev}`);
    expect(res.status).toBe(200);
    return (await res.json()) as CommitDiff;
  };

  it("describes a commit against its parent, and the repo's first commit against the empty tree", async () => {
    const first = await details(commits[0]);
    expect(first).toMatchObject({ id: commits[0], title: "First files", authorName: "alice" });
    const initial = await details(first.parents[0]);
    expect(initial.parents).toEqual([]);
    expect(initial.files.every((f) => f.status === "added")).toBe(true);
    expect(first.message).toContain("Card, config, weights");
    expect(first.files.map((f) => [f.path, f.status])).toEqual([
      ["README.md", "added"],
      ["blob.xyz", "added"],
      ["config.json", "added"],
      ["model.safetensors", "added"],
      ["old-name.txt", "added"],
    ]);
    const weights = first.files.find((f) => f.path === "model.safetensors");
    expect(weights?.lfs).toEqual({ after: { oid: sha256(weightsV1), size: 3000 } });
  });

  it("gives edits as hunks, renames as renames, binaries without patches and LFS as oid/size changes", async () => {
    const second = await details("main");
    expect(second.parents).toEqual([commits[0]]);
    const byPath = new Map(second.files.map((f) => [f.path, f]));
    const readme = byPath.get("README.md");
    expect(readme).toMatchObject({ status: "modified", additions: 2, deletions: 1, binary: false });
    expect(readme?.patch).toMatch(/^@@ /);
    expect(readme?.patch).toContain("-line two\n+line 2 <b>bold</b>\n+line three");
    expect(byPath.get("config.json")).toMatchObject({ status: "deleted", deletions: 1 });
    expect(byPath.get("new-name.txt")).toMatchObject({
      status: "renamed",
      oldPath: "old-name.txt",
      additions: 0,
    });
    expect(byPath.get("blob.xyz")).toMatchObject({ status: "modified", binary: true });
    expect(byPath.get("blob.xyz")?.patch).toBeUndefined();
    expect(byPath.get("model.safetensors")?.lfs).toEqual({
      before: { oid: sha256(weightsV1), size: 3000 },
      after: { oid: sha256(weightsV2), size: 5000 },
    });
  });

  it("serves the unified diff between two revisions", async () => {
    const res = await hub.app.request(`/api/models/alice/diffs/compare/${commits[0]}..main`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("diff --git a/README.md b/README.md");
    expect(text).toContain("rename from old-name.txt");
    expect(text).toContain(`+oid sha256:${sha256(weightsV2)}`);
  });

  it("answers 4xx for bad revisions, ranges and private repos", async () => {
    expect((await hub.app.request("/api/models/alice/diffs/commit/nope")).status).toBe(404);
    expect((await hub.app.request("/api/models/alice/diffs/commit/..%2Fx")).status).toBe(400);
    expect((await hub.app.request("/api/models/alice/diffs/compare/main")).status).toBe(400);
    expect((await hub.app.request("/api/models/alice/diffs/compare/main..")).status).toBe(400);
    expect((await hub.app.request("/api/models/alice/diffs/compare/main..nope")).status).toBe(404);
    // anonymous callers get 401 for a missing or private repo, like the Hub (signed-in ones get 404)
    expect((await hub.app.request("/api/models/alice/missing/commit/main")).status).toBe(401);
    const hidden = hub.platform.add("model", "alice/hidden", { private: true });
    await hub.content.init(hidden);
    expect((await hub.app.request("/api/models/alice/hidden/commit/main")).status).toBe(401);
    expect(
      (await hub.app.request("/api/models/alice/hidden/commit/main", { headers: auth("alice") })).status,
    ).toBe(200);
  });
});

import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auth, createTestHub, ndjson, type TestHub } from "./fixtures.js";

const b64 = (text: string | Buffer) => Buffer.from(text).toString("base64");
const gitBlobId = (data: Buffer) =>
  createHash("sha1").update(`blob ${data.length}\0`).update(data).digest("hex");

describe("NDJSON commit, resolve, tree and paths-info", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
    const repo = hub.platform.add("model", "alice/tiny");
    await hub.content.init(repo);
  });
  afterEach(() => hub.close());

  const commit = (body: string, headers: Record<string, string> = auth("alice"), rev = "main") =>
    hub.app.request(`/api/models/alice/tiny/commit/${rev}`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-ndjson" },
      body,
    });

  it("lands a commit and serves the file with Hub headers", async () => {
    const readme = "---\nlicense: mit\nlanguage: [en, fr]\npipeline_tag: text-classification\n---\n# Tiny\n";
    const response = await commit(
      ndjson([
        { key: "header", value: { summary: "Add files", description: "" } },
        { key: "file", value: { path: "README.md", content: b64(readme), encoding: "base64" } },
        {
          key: "file",
          value: { path: "sub/dir/notes.txt", content: b64("hello world"), encoding: "base64" },
        },
      ]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { commitOid: string; commitUrl: string };
    expect(body.commitOid).toMatch(/^[0-9a-f]{40}$/);
    expect(body.commitUrl).toBe(`http://hub.test/alice/tiny/commit/${body.commitOid}`);

    const file = await hub.app.request("/alice/tiny/resolve/main/sub/dir/notes.txt");
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("hello world");
    expect(file.headers.get("X-Repo-Commit")).toBe(body.commitOid);
    expect(file.headers.get("ETag")).toBe(`"${gitBlobId(Buffer.from("hello world"))}"`);
    expect(file.headers.get("Content-Length")).toBe("11");

    const head = await hub.app.request("/alice/tiny/resolve/main/sub/dir/notes.txt", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe("11");

    const ranged = await hub.app.request("/alice/tiny/resolve/main/sub/dir/notes.txt", {
      headers: { Range: "bytes=6-" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe("bytes 6-10/11");
    expect(await ranged.text()).toBe("world");

    const bad = await hub.app.request("/alice/tiny/resolve/main/sub/dir/notes.txt", {
      headers: { Range: "bytes=50-" },
    });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("Content-Range")).toBe("bytes */11");

    const missing = await hub.app.request("/alice/tiny/resolve/main/nope.txt");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Error-Code")).toBe("EntryNotFound");

    const derived = hub.platform.lastDerived("alice/tiny");
    expect(derived?.tags).toEqual(expect.arrayContaining(["text-classification", "en", "fr", "license:mit"]));
    expect(derived?.cardData).toMatchObject({ license: "mit" });
    expect(hub.platform.landed.at(-1)?.commit.title).toBe("Add files");
  });

  it("lists the tree and paths-info", async () => {
    await commit(
      ndjson([
        { key: "header", value: { summary: "Add" } },
        { key: "file", value: { path: "a/b/c.txt", content: b64("c"), encoding: "base64" } },
        { key: "file", value: { path: "a/d.txt", content: b64("dd"), encoding: "base64" } },
      ]),
    );
    const top = (await (await hub.app.request("/api/models/alice/tiny/tree/main")).json()) as {
      path: string;
      type: string;
    }[];
    // folders come before files, as on the Hub
    expect(top.map((entry) => `${entry.type}:${entry.path}`)).toEqual(["directory:a", "file:.gitattributes"]);
    const all = (await (
      await hub.app.request("/api/models/alice/tiny/tree/main/a?recursive=true")
    ).json()) as { path: string; size: number; oid: string }[];
    expect(all.map((entry) => entry.path).sort()).toEqual(["a/b", "a/b/c.txt", "a/d.txt"]);
    const encoded = await hub.app.request("/api/models/alice/tiny/tree/main/a%2Fb?expand=true");
    const expanded = (await encoded.json()) as { path: string; lastCommit: { title: string } }[];
    expect(expanded[0]).toMatchObject({ path: "a/b/c.txt", lastCommit: { title: "Add" } });

    const info = await hub.app.request("/api/models/alice/tiny/paths-info/main", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "paths=a%2Fd.txt&paths=missing&expand=false",
    });
    expect(await info.json()).toEqual([
      { type: "file", path: "a/d.txt", size: 2, oid: gitBlobId(Buffer.from("dd")) },
    ]);
    const page = await hub.app.request("/api/models/alice/tiny/tree/main?recursive=true&limit=2");
    expect(page.headers.get("Link")).toMatch(
      /^<http:\/\/hub\.test\/api\/models\/alice\/tiny\/tree\/main\?recursive=true&limit=2&cursor=2>; rel="next"$/,
    );
  });

  it("rejects a stale parentCommit with 412 (as the Hub) and leaves the branch alone", async () => {
    const first = (await (
      await commit(
        ndjson([
          { key: "header", value: { summary: "one" } },
          { key: "file", value: { path: "x", content: b64("1") } },
        ]),
      )
    ).json()) as { commitOid: string };
    await commit(
      ndjson([
        { key: "header", value: { summary: "two" } },
        { key: "file", value: { path: "x", content: b64("2") } },
      ]),
    );
    const stale = await commit(
      ndjson([
        { key: "header", value: { summary: "three", parentCommit: first.commitOid } },
        { key: "file", value: { path: "x", content: b64("3") } },
      ]),
    );
    expect(stale.status).toBe(412);
    expect(await (await hub.app.request("/alice/tiny/resolve/main/x")).text()).toBe("2");
  });

  it("answers bad input with clear errors and no change", async () => {
    const before = await hub.content.resolve({ type: "model", id: "alice/tiny" }, "main");
    expect((await commit("{not json\n")).status).toBe(400);
    expect((await commit(ndjson([{ key: "file", value: { path: "x", content: "" } }]))).status).toBe(400);
    for (const path of ["../evil", "/abs", "a/../../b", "nul\u0000byte", "a\\.git\\config", ".git/config"]) {
      const response = await commit(
        ndjson([
          { key: "header", value: { summary: "s" } },
          { key: "file", value: { path, content: b64("x") } },
        ]),
      );
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    const unknownLfs = await commit(
      ndjson([
        { key: "header", value: { summary: "s" } },
        { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid: "a".repeat(64), size: 3 } },
      ]),
    );
    expect(unknownLfs.status).toBe(422);
    const badOid = await commit(
      ndjson([
        { key: "header", value: { summary: "s" } },
        { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid: "xyz", size: 3 } },
      ]),
    );
    expect(badOid.status).toBe(422);
    const deleteMissing = await commit(
      ndjson([
        { key: "header", value: { summary: "s" } },
        { key: "deletedFile", value: { path: "ghost" } },
      ]),
    );
    expect(deleteMissing.status).toBe(404);
    expect(await hub.content.resolve({ type: "model", id: "alice/tiny" }, "main")).toBe(before);
    expect((await hub.app.request("/alice/tiny/resolve/main/..%2Fetc")).status).toBe(400);
  });

  it("refuses oversized bodies with 413", async () => {
    const huge = JSON.stringify({ files: [{ path: "x", size: 1, sample: "A".repeat(9 * 1024 * 1024) }] });
    const preupload = await hub.app.request("/api/models/alice/tiny/preupload/main", {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/json" },
      body: huge,
    });
    expect(preupload.status).toBe(413);
    const batch = await hub.app.request("/alice/tiny.git/info/lfs/objects/batch", {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [], padding: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(batch.status).toBe(413);
    const paths = await hub.app.request("/api/models/alice/tiny/paths-info/main", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(5 * 1024 * 1024),
    });
    expect(paths.status).toBe(413);
  });

  it("enforces access: anonymous, other users, read tokens, private repos", async () => {
    const body = ndjson([
      { key: "header", value: { summary: "s" } },
      { key: "file", value: { path: "x", content: b64("1") } },
    ]);
    expect((await commit(body, {})).status).toBe(401);
    expect((await commit(body, auth("bob"))).status).toBe(403);
    expect((await commit(body, { Authorization: "Bearer hf_read_alice" })).status).toBe(403);
    const secret = hub.platform.add("model", "alice/secret", { private: true });
    await hub.content.commitFiles(secret, {
      files: [{ path: "s.txt", content: "top" }],
      title: "s",
      author: "alice",
    });
    const anonymous = await hub.app.request("/alice/secret/resolve/main/s.txt");
    // anonymous: 401 RepoNotFound like the Hub (sign in may help); signed-in non-readers keep 404
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("X-Error-Code")).toBe("RepoNotFound");
    expect(
      (await hub.app.request("/api/models/alice/secret/tree/main", { headers: auth("bob") })).status,
    ).toBe(404);
    expect(
      await (await hub.app.request("/alice/secret/resolve/main/s.txt", { headers: auth("alice") })).text(),
    ).toBe("top");
  });

  it("deletes files and folders", async () => {
    await commit(
      ndjson([
        { key: "header", value: { summary: "add" } },
        { key: "file", value: { path: "f/a", content: b64("a") } },
        { key: "file", value: { path: "f/b", content: b64("b") } },
        { key: "file", value: { path: "keep", content: b64("k") } },
      ]),
    );
    const response = await commit(
      ndjson([
        { key: "header", value: { summary: "rm" } },
        { key: "deletedFolder", value: { path: "f/" } },
      ]),
    );
    expect(response.status).toBe(200);
    const files = await hub.content.listFiles({ type: "model", id: "alice/tiny" }, "main");
    expect(files.map((file) => file.path).sort()).toEqual([".gitattributes", "keep"]);
  });
});

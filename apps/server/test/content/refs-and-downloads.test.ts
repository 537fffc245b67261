import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auth, createTestHub, type TestHub } from "./fixtures.js";

describe("history, refs, preupload and download counting", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
    const repo = hub.platform.add("model", "alice/m");
    await hub.content.commitFiles(repo, {
      files: [
        { path: "config.json", content: "{}" },
        { path: "README.md", content: "# m" },
      ],
      title: "first",
      author: "alice",
    });
    await hub.content.commitFiles(repo, {
      files: [{ path: "notes.txt", content: "n" }],
      title: "second",
      description: "details",
      author: "alice",
    });
  });
  afterEach(() => hub.close());

  it("lists commits newest first with a total count and pagination", async () => {
    const response = await hub.app.request("/api/models/alice/m/commits/main?limit=2");
    expect(response.headers.get("X-Total-Count")).toBe("3");
    expect(response.headers.get("Link")).toContain("cursor=2");
    const commits = (await response.json()) as {
      id: string;
      title: string;
      message: string;
      authors: { user: string }[];
    }[];
    expect(commits.map((commit) => commit.title)).toEqual(["second", "first"]);
    expect(commits[0]).toMatchObject({ message: "details", authors: [{ user: "alice" }] });
  });

  it("creates and deletes branches and tags, and lists refs", async () => {
    const post = (path: string, body: unknown) =>
      hub.app.request(path, {
        method: "POST",
        headers: { ...auth("alice"), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post("/api/models/alice/m/branch/dev", {})).status).toBe(200);
    expect((await post("/api/models/alice/m/branch/dev", {})).status).toBe(409);
    expect((await post("/api/models/alice/m/tag/main", { tag: "v1" })).status).toBe(200);
    expect((await post("/api/models/alice/m/tag/main", { tag: "v1" })).status).toBe(409);
    expect((await post("/api/models/alice/m/branch/bad..name", {})).status).toBe(400);
    const refs = (await (await hub.app.request("/api/models/alice/m/refs")).json()) as {
      branches: { name: string; targetCommit: string }[];
      tags: { name: string }[];
      converts: unknown[];
    };
    expect(refs.branches.map((branch) => branch.name).sort()).toEqual(["dev", "main"]);
    expect(refs.tags.map((tag) => tag.name)).toEqual(["v1"]);
    expect(refs.converts).toEqual([]);
    expect(await (await hub.app.request("/alice/m/resolve/v1/notes.txt")).text()).toBe("n");
    expect(
      (await hub.app.request("/api/models/alice/m/branch/dev", { method: "DELETE", headers: auth("alice") }))
        .status,
    ).toBe(200);
    expect(
      (await hub.app.request("/api/models/alice/m/tag/v1", { method: "DELETE", headers: auth("alice") }))
        .status,
    ).toBe(200);
    expect((await hub.app.request("/alice/m/resolve/v1/notes.txt")).status).toBe(404);
  });

  it("commits to a new refs/pr/<n> with create_pr=1, leaving main alone", async () => {
    const main = await hub.content.resolve({ type: "model", id: "alice/m" }, "main");
    const body = [
      JSON.stringify({ key: "header", value: { summary: "proposal" } }),
      JSON.stringify({
        key: "file",
        value: { path: "pr.txt", content: Buffer.from("p").toString("base64") },
      }),
    ].join("\n");
    const response = await hub.app.request("/api/models/alice/m/commit/main?create_pr=1", {
      method: "POST",
      headers: auth("alice"),
      body,
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { commitOid: string; pullRequestUrl: string };
    expect(result.pullRequestUrl).toBe("http://hub.test/alice/m/discussions/1");
    expect(await hub.content.resolve({ type: "model", id: "alice/m" }, "main")).toBe(main);
    expect(await (await hub.app.request("/alice/m/resolve/refs%2Fpr%2F1/pr.txt")).text()).toBe("p");
    const refs = (await (await hub.app.request("/api/models/alice/m/refs?include_prs=1")).json()) as {
      pullRequests: { name: string; targetCommit: string }[];
    };
    expect(refs.pullRequests).toEqual([{ name: "1", ref: "refs/pr/1", targetCommit: result.commitOid }]);
  });

  it("answers preupload with regular or LFS per path and the stored oid", async () => {
    const sample = (text: string) => Buffer.from(text).toString("base64");
    const response = await hub.app.request("/api/models/alice/m/preupload/main", {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/json" },
      body: JSON.stringify({
        files: [
          { path: "notes.txt", size: 1, sample: sample("n") },
          { path: "model.safetensors", size: 100, sample: sample("x") },
          { path: "big.txt", size: 11 * 1024 * 1024, sample: sample("text") },
          { path: "binary.dat", size: 4, sample: Buffer.from([0, 1, 2, 255]).toString("base64") },
          { path: "ignored.log", size: 4, sample: sample("text") },
        ],
        gitIgnore: "*.log\n",
      }),
    });
    const body = (await response.json()) as {
      files: { path: string; uploadMode: string; shouldIgnore: boolean; oid: string | null }[];
    };
    expect(body.files.map((file) => [file.path, file.uploadMode, file.shouldIgnore])).toEqual([
      ["notes.txt", "regular", false],
      ["model.safetensors", "lfs", false],
      ["big.txt", "lfs", false],
      ["binary.dat", "lfs", false],
      ["ignored.log", "regular", true],
    ]);
    expect(body.files[0].oid).toMatch(/^[0-9a-f]{40}$/);
  });

  it("counts a full GET of the library's file once; not HEAD, probes or continuations", async () => {
    expect(hub.platform.lastDerived("alice/m")?.library_name).toBeUndefined();
    await hub.app.request("/alice/m/resolve/main/config.json", { method: "HEAD" });
    await hub.app.request("/alice/m/resolve/main/config.json", { headers: { Range: "bytes=0-0" } });
    await hub.app.request("/alice/m/resolve/main/config.json", { headers: { Range: "bytes=1-" } });
    await hub.app.request("/alice/m/resolve/main/README.md");
    expect(hub.platform.downloads.get("alice/m") ?? 0).toBe(0);
    await hub.app.request("/alice/m/resolve/main/config.json");
    expect(hub.platform.downloads.get("alice/m")).toBe(1);
  });

  it("serves raw pointers for LFS files and 404s unknown revisions", async () => {
    expect((await hub.app.request("/alice/m/resolve/nope/config.json")).headers.get("X-Error-Code")).toBe(
      "RevisionNotFound",
    );
    expect((await hub.app.request("/api/models/alice/m/tree/nope")).status).toBe(404);
    const raw = await hub.app.request("/alice/m/raw/main/notes.txt", { method: "HEAD" });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("Content-Length")).toBe("1");
  });
});

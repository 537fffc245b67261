import fs from "node:fs";
import path from "node:path";
import { downloadFile, listFiles, modelInfo, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitCli, makeGitHome } from "../content/git-cli.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const INDEX = "<!doctype html><title>ModelHub</title><div id=root></div>";

describe.each(DIALECTS)("renamed repos keep their old names as redirects (%s)", (dialect) => {
  let hub: TestHub;
  let alice = "";
  let bob = "";
  let webDir = "";
  let home = "";

  const get = (pathname: string, token?: string, method = "GET") =>
    fetch(`${hub.url}${pathname}`, { method, redirect: "manual", headers: token ? bearer(token) : {} });
  const move = (fromRepo: string, toRepo: string, type?: string) =>
    postJson(`${hub.url}/api/repos/move`, { fromRepo, toRepo, type }, alice);

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "modelhub-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), INDEX);
    hub = await startTestHub({ dialect, env: { MODELHUB_WEB_DIR: webDir } });
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    home = await makeGitHome("redirect-git-", "Alice", "alice@example.com");
    const files = [{ path: "README.md", content: "# first name\n", encoding: "utf-8" }];
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "first", files }, alice)).status).toBe(200);
    expect((await move("alice/first", "alice/second")).status).toBe(200);
    expect((await move("alice/second", "alice/Third")).status).toBe(200);
  });
  afterAll(async () => {
    await hub?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it.each([
    ["/api/models/alice/first", "/api/models/alice/Third"],
    ["/api/models/ALICE/second/revision/main?expand=sha", "/api/models/alice/Third/revision/main?expand=sha"],
    ["/api/models/alice/first/tree/main", "/api/models/alice/Third/tree/main"],
    ["/api/models/alice/first/commits/main", "/api/models/alice/Third/commits/main"],
    ["/alice/second/resolve/main/README.md", "/alice/Third/resolve/main/README.md"],
    [
      "/alice/first.git/info/refs?service=git-upload-pack",
      "/alice/Third.git/info/refs?service=git-upload-pack",
    ],
    ["/alice/first", "/alice/Third"],
    ["/alice/second/tree/main", "/alice/Third/tree/main"],
  ])("every old name of a chain answers %s with 307 to the current name", async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(307);
    expect(res.headers.get("Location")).toBe(to);
  });

  it("following the redirect serves the repo; HEAD on resolve redirects too", async () => {
    const info = await fetch(`${hub.url}/api/models/alice/first`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ id: "alice/Third" });
    const head = await get("/alice/first/resolve/main/README.md", undefined, "HEAD");
    expect(head.status).toBe(307);
    expect(head.headers.get("Location")).toBe("/alice/Third/resolve/main/README.md");
    expect(await (await fetch(`${hub.url}/alice/second/resolve/main/README.md`)).text()).toBe(
      "# first name\n",
    );
  });

  it("a commit to an old name is redirected with its method and body (307)", async () => {
    const ndjson = [
      { key: "header", value: { summary: "through the old name" } },
      {
        key: "file",
        value: { path: "note.txt", content: Buffer.from("hi").toString("base64"), encoding: "base64" },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const res = await fetch(`${hub.url}/api/models/alice/first/commit/main`, {
      method: "POST",
      headers: { ...bearer(alice), "Content-Type": "application/x-ndjson" },
      body: ndjson,
    });
    expect(res.status).toBe(200);
    expect(await (await fetch(`${hub.url}/alice/Third/resolve/main/note.txt`)).text()).toBe("hi");
  });

  it("git clones, fetches and pushes through an old name", async () => {
    const clone = path.join(home, "old-name-clone");
    const cloned = await gitCli(
      ["clone", "--quiet", `${hub.url.replace("http://", `http://alice:${alice}@`)}/alice/first`, clone],
      home,
      home,
    );
    expect(cloned.code, cloned.stderr).toBe(0);
    expect(fs.readFileSync(path.join(clone, "README.md"), "utf8")).toBe("# first name\n");
    fs.writeFileSync(path.join(clone, "pushed.txt"), "pushed");
    await gitCli(["add", "pushed.txt"], clone, home);
    await gitCli(["commit", "-qm", "push through the old name"], clone, home);
    const pushed = await gitCli(["push", "--quiet", "origin", "main"], clone, home);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await (await fetch(`${hub.url}/alice/Third/resolve/main/pushed.txt`)).text()).toBe("pushed");
    const fetched = await gitCli(["fetch", "--quiet", "origin"], clone, home);
    expect(fetched.code, fetched.stderr).toBe(0);
  });

  it("the JS client reads, downloads and uploads through an old name", async () => {
    const hubUrl = hub.url;
    const repo = { type: "model" as const, name: "alice/first" };
    expect(await modelInfo({ name: "alice/first", hubUrl })).toMatchObject({ name: "alice/Third" });
    const paths: string[] = [];
    for await (const entry of listFiles({ repo, hubUrl })) paths.push(entry.path);
    expect(paths).toContain("README.md");
    expect(await (await downloadFile({ repo, path: "README.md", hubUrl }))?.text()).toBe("# first name\n");
    await uploadFiles({
      repo,
      hubUrl,
      accessToken: alice,
      files: [{ path: "js.txt", content: new Blob(["from js"]) }],
    });
    expect(await (await fetch(`${hub.url}/alice/Third/resolve/main/js.txt`)).text()).toBe("from js");
  });

  it("settings through an old name are redirected with their body", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "set-a" }, alice);
    await move("alice/set-a", "alice/set-b");
    const res = await postJson(`${hub.url}/api/models/alice/set-a/settings`, { private: true }, alice, "PUT");
    expect(res.status).toBe(200);
    expect((await get("/api/models/alice/set-b", alice)).status).toBe(200);
    expect((await get("/api/models/alice/set-b")).status).toBe(401);
  });

  it("a private repo's old name says nothing of the new one to those who cannot read it", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "secret-a", private: true }, alice);
    await move("alice/secret-a", "alice/secret-b");
    for (const pathname of ["/api/models/alice/secret-a", "/alice/secret-a/resolve/main/README.md"]) {
      for (const token of [undefined, bob]) {
        const res = await get(pathname, token);
        expect(res.status).toBe(token ? 404 : 401);
        expect(res.headers.get("X-Error-Code")).toBe("RepoNotFound");
        expect(res.headers.get("Location")).toBeNull();
        expect(await res.text()).not.toContain("secret-b");
      }
      expect((await get(pathname, alice)).status).toBe(307);
    }
    const page = await get("/alice/secret-a");
    expect(page.status).toBe(404);
    expect(page.headers.get("Location")).toBeNull();
  });

  it("a new repo that takes an old name ends its redirect; deleting a repo ends its redirects", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "reused" }, alice);
    await move("alice/reused", "alice/reused-moved");
    expect((await get("/api/models/alice/reused")).status).toBe(307);
    await postJson(`${hub.url}/api/repos/create`, { name: "reused" }, alice);
    const res = await get("/api/models/alice/reused");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: "alice/reused" });

    await postJson(`${hub.url}/api/repos/create`, { name: "doomed", type: "dataset" }, alice);
    await move("alice/doomed", "alice/doomed-2", "dataset");
    expect((await get("/api/datasets/alice/doomed")).headers.get("Location")).toBe(
      "/api/datasets/alice/doomed-2",
    );
    expect((await get("/datasets/alice/doomed")).headers.get("Location")).toBe("/datasets/alice/doomed-2");
    await postJson(`${hub.url}/api/repos/delete`, { name: "doomed-2", type: "dataset" }, alice, "DELETE");
    expect((await get("/api/datasets/alice/doomed")).status).toBe(401);
  });

  it("moving a repo back to its old name leaves no redirect loop", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "boomerang" }, alice);
    await move("alice/boomerang", "alice/away");
    await move("alice/away", "alice/boomerang");
    expect((await get("/api/models/alice/boomerang")).status).toBe(200);
    expect((await get("/api/models/alice/away")).headers.get("Location")).toBe("/api/models/alice/boomerang");
  });
});

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRepoContent } from "../../src/content/index.js";
import { contributableRepo, pushableRepo } from "../../src/content/http/repo-access.js";
import { Discussions } from "../../src/platform/discussions/service.js";
import { toRepoRecord } from "../../src/platform/repos.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const run = promisify(execFile);

describe.each(DIALECTS)("pull requests as git refs (%s)", (dialect) => {
  let hub: TestHub;
  let olivia: string;
  /** opens and pushes pull requests, cannot write the repo */
  let bob: string;
  let bobRead: string;
  let carl: string;
  let discussions: Discussions;

  const repoApi = (rest = "") => `${hub.url}/api/models/olivia/m${rest}`;
  const pr = (num: number, rest = "") => repoApi(`/discussions/${num}${rest}`);
  const encoded = (num: number) => `refs%2Fpr%2F${num}`;
  const raw = async (rev: string, file: string) => {
    const res = await fetch(`${hub.url}/olivia/m/resolve/${rev}/${file}`);
    return res.status === 200 ? await res.text() : res.status;
  };
  const headOf = async (rev: string) => {
    const res = await fetch(repoApi(`/revision/${rev}`));
    expect(res.status).toBe(200);
    return ((await res.json()) as { sha: string }).sha;
  };
  const details = async (num: number, query = "") =>
    (await (await fetch(pr(num, query))).json()) as Record<string, unknown> & {
      events: { type: string; author: { name: string }; data: Record<string, unknown> }[];
      changes?: Record<string, string>;
    };
  /** A commit through the Hub's commit API (`POST …/commit/{revision}`). */
  const apiCommit = async (
    token: string,
    revision: string,
    files: Record<string, string>,
    summary: string,
  ) => {
    const body = [
      JSON.stringify({ key: "header", value: { summary, description: "" } }),
      ...Object.entries(files).map(([file, text]) =>
        JSON.stringify({
          key: "file",
          value: { path: file, content: Buffer.from(text).toString("base64"), encoding: "base64" },
        }),
      ),
    ].join("\n");
    return fetch(repoApi(`/commit/${revision}`), {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body,
    });
  };
  /**
   * A commit by `author` straight into `refs/pr/<num>` through a content service over the same data
   * folder (the commit route does not ask `canPushToRef` yet, so a non-writer cannot use it).
   */
  const contentCommit = async (author: string, num: number, files: Record<string, string>, title: string) => {
    const content = createRepoContent({
      dataDir: hub.dataDir,
      events: { commitLanded: async () => undefined, downloadCounted: async () => undefined },
      logger: pino({ level: "silent" }),
    });
    const repo = (await hub.services.repos.find("model", "olivia/m"))!;
    const files_ = Object.entries(files).map(([file, content_]) => ({ path: file, content: content_ }));
    return content.commitFiles(toRepoRecord(repo), {
      files: files_,
      title,
      author,
      branch: `refs/pr/${num}`,
    });
  };
  const push = async (viewerToken: string | undefined, ref: string) => {
    const resolved = viewerToken ? await hub.services.accounts.resolveToken(viewerToken) : undefined;
    const viewer = resolved ? hub.services.accounts.viewerOf(resolved) : { orgs: [] as string[] };
    const row = (await hub.services.repos.find("model", "olivia/m"))!;
    return discussions.canPushToRef(viewer, row, ref);
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    olivia = await hub.tokenFor("olivia");
    bob = await hub.tokenFor("bob");
    bobRead = await hub.tokenFor("bob", "read");
    carl = await hub.tokenFor("carl");
    discussions = new Discussions(hub.services.hub.db, hub.content.pullRequests);
    const res = await postJson(
      `${hub.url}/api/repos/create`,
      {
        name: "m",
        type: "model",
        files: [
          { path: "README.md", content: "# v1\n", encoding: "utf-8" },
          { path: "a.txt", content: "a1\n", encoding: "utf-8" },
        ],
      },
      olivia,
    );
    expect(res.status, await res.clone().text()).toBe(200);
  });

  afterAll(async () => {
    await hub?.stop();
  });

  it("creates refs/pr/N at main's head and records the base", async () => {
    const main = await headOf("main");
    const created = await postJson(repoApi("/discussions"), { title: "New card", pullRequest: true }, bob);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      num: 1,
      isPullRequest: true,
      ref: "refs/pr/1",
      baseCommit: main,
    });
    const body = await details(1);
    expect(body).toMatchObject({
      isPullRequest: true,
      status: "draft",
      changes: { base: "refs/heads/main", head: "refs/pr/1", baseCommit: main, headCommit: main },
      filesWithConflicts: [],
    });
  });

  it("lets the PR author and writers push, nobody else, and no one to a discussion number", async () => {
    expect(await push(bob, "refs/pr/1")).toBeUndefined();
    expect(await push(olivia, "refs/pr/1")).toBeUndefined();
    expect(await push(carl, "refs/pr/1")).toMatchObject({ status: 403 });
    expect(await push(bobRead, "refs/pr/1")).toMatchObject({ status: 403 });
    expect(await push(undefined, "refs/pr/1")).toMatchObject({ status: 401 });
    expect(await push(bob, "refs/pr/7")).toMatchObject({ status: 404 });
    expect(await push(bob, "main")).toMatchObject({ status: 403 });
    expect(await push(olivia, "main")).toBeUndefined();
    const discussion = await postJson(repoApi("/discussions"), { title: "Just a question" }, bob);
    expect(((await discussion.json()) as { num: number }).num).toBe(2);
    expect(await push(bob, "refs/pr/2")).toMatchObject({ status: 404 });
  });

  it("takes commits into refs/pr/N, serves the PR's files and lists its commits as events", async () => {
    const main = await headOf("main");
    const bobs = await contentCommit(
      "bob",
      1,
      { "README.md": "# v2 by bob\n", "b.txt": "new\n" },
      "Rewrite the card",
    );
    const oliviaPush = await apiCommit(olivia, encoded(1), { "c.txt": "from olivia\n" }, "Add c.txt");
    expect(oliviaPush.status, await oliviaPush.clone().text()).toBe(200);
    const oliviaCommit = ((await oliviaPush.json()) as { commitOid: string }).commitOid;

    expect(await headOf("main")).toBe(main);
    expect(await headOf(encoded(1))).toBe(oliviaCommit);
    expect(await raw(encoded(1), "README.md")).toBe("# v2 by bob\n");
    expect(await raw(encoded(1), "c.txt")).toBe("from olivia\n");
    expect(await raw("main", "README.md")).toBe("# v1\n");
    expect(await raw("main", "b.txt")).toBe(404);
    const tree = await fetch(repoApi(`/tree/${encoded(1)}`));
    const paths = ((await tree.json()) as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["README.md", "a.txt", "b.txt", "c.txt"]));

    const body = await details(1, "?diff=1");
    const commits = body.events.filter((e) => e.type === "commit");
    expect(commits.map((e) => [e.author.name, e.data.subject, e.data.oid])).toEqual([
      ["bob", "Rewrite the card", bobs.commit],
      ["olivia", "Add c.txt", oliviaCommit],
    ]);
    expect(body.changes?.headCommit).toBe(oliviaCommit);
    expect(String(body.diff)).toContain("+# v2 by bob");
    expect(String(body.diff)).toContain("b/c.txt");
    // Looking again stores nothing twice.
    expect((await details(1)).events.filter((e) => e.type === "commit").length).toBe(2);
  });

  it("refuses merges by non-writers and merges into a moved main with a merge commit", async () => {
    const moved = await apiCommit(olivia, "main", { "a.txt": "a2\n" }, "Change a on main");
    expect(moved.status).toBe(200);
    const mainBefore = await headOf("main");
    expect((await postJson(pr(1, "/merge"), {}, bob)).status).toBe(403);
    expect((await postJson(pr(1, "/merge"), {}, carl)).status).toBe(403);
    expect(await headOf("main")).toBe(mainBefore);

    const merged = await postJson(pr(1, "/merge"), { comment: "Thanks!" }, olivia);
    expect(merged.status, await merged.clone().text()).toBe(200);
    const result = (await merged.json()) as { mergeCommitId: string; fastForward: boolean };
    expect(result.fastForward).toBe(false);
    expect(await headOf("main")).toBe(result.mergeCommitId);
    expect(await raw("main", "README.md")).toBe("# v2 by bob\n");
    expect(await raw("main", "a.txt")).toBe("a2\n");
    expect(await raw("main", "b.txt")).toBe("new\n");
    const info = (await (await fetch(repoApi())).json()) as { sha: string; cardData?: unknown };
    expect(info.sha).toBe(result.mergeCommitId);

    const body = await details(1);
    expect(body.status).toBe("merged");
    expect(body.changes?.mergeCommitId).toBe(result.mergeCommitId);
    expect(body.events.slice(-2).map((e) => [e.type, e.data.status ?? null])).toEqual([
      ["comment", null],
      ["status-change", "merged"],
    ]);
    expect(await push(bob, "refs/pr/1")).toMatchObject({
      status: 403,
      message: expect.stringContaining("merged"),
    });
    expect(await push(olivia, "refs/pr/1")).toMatchObject({ status: 403 });
    expect((await postJson(pr(1, "/merge"), {}, olivia)).status).toBe(400);
    expect((await postJson(pr(1, "/status"), { status: "open" }, olivia)).status).toBe(400);
    expect((await postJson(pr(2, "/merge"), {}, olivia)).status).toBe(400);
  });

  it("answers a conflict with 409, names the files and changes nothing", async () => {
    const created = await postJson(repoApi("/discussions"), { title: "Other card", pullRequest: true }, bob);
    const { num } = (await created.json()) as { num: number };
    await contentCommit("bob", num, { "README.md": "# bob's card\n" }, "Bob's card");
    expect(
      (await apiCommit(olivia, "main", { "README.md": "# olivia's card\n" }, "Olivia's card")).status,
    ).toBe(200);
    const main = await headOf("main");
    const res = await postJson(pr(num, "/merge"), {}, olivia);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; filesWithConflicts: string[] };
    expect(body.error).toContain("README.md");
    expect(body.filesWithConflicts).toEqual(["README.md"]);
    expect(await headOf("main")).toBe(main);
    expect(await raw("main", "README.md")).toBe("# olivia's card\n");
    expect(await details(num)).toMatchObject({ status: "draft", filesWithConflicts: ["README.md"] });

    // Closing refuses further pushes; reopening allows them again.
    expect((await postJson(pr(num, "/status"), { status: "closed" }, bob)).status).toBe(200);
    expect(await push(bob, `refs/pr/${num}`)).toMatchObject({ status: 403 });
    expect((await postJson(pr(num, "/status"), { status: "open" }, bob)).status).toBe(200);
    expect(await push(bob, `refs/pr/${num}`)).toBeUndefined();
  });

  it("gives a create_pr commit the next number shared with discussions, through RepoAccess", async () => {
    const access = hub.services.access;
    const row = (await hub.services.repos.find("model", "olivia/m"))!;
    const repo = toRepoRecord(row);
    const resolved = (await hub.services.accounts.resolveToken(bob))!;
    const viewer = hub.services.accounts.viewerOf(resolved);
    expect(await access.pushDenial?.(viewer, repo, "main")).toMatchObject({ status: 403 });
    expect(await access.pushDenial?.(viewer, repo, "refs/pr/1")).toMatchObject({ status: 403 });
    const before = ((await (await fetch(repoApi("/discussions"))).json()) as { count: number }).count;
    const base = await headOf("main");
    const num = await access.openPullRequest!(viewer, repo, {
      title: "Via create_pr",
      description: "",
      baseCommit: base,
    });
    expect(num).toBe(before + 1);
    const content = createRepoContent({
      dataDir: hub.dataDir,
      events: { commitLanded: async () => undefined, downloadCounted: async () => undefined },
      logger: pino({ level: "silent" }),
    });
    const blob = await content.hashBlob(repo, "e\n");
    const result = await content.commitPullRequest(
      repo,
      {
        title: "Add e",
        author: "bob",
        parentCommit: base,
        operations: [{ kind: "file", path: "e.txt", blob }],
      },
      num,
    );
    expect(result.pullRequest).toBe(num);
    expect(await access.pushDenial?.(viewer, repo, `refs/pr/${num}`)).toBeUndefined();
    const body = await details(num);
    expect(body).toMatchObject({
      isPullRequest: true,
      author: { name: "bob" },
      changes: { baseCommit: base },
    });
    expect(body.events.filter((e) => e.type === "commit").map((e) => e.data.oid)).toEqual([result.commit]);
    expect(await raw(encoded(num), "e.txt")).toBe("e\n");
  });

  it("offers the commit routes pushableRepo / contributableRepo built on those rules", async () => {
    const viewerOf = async (token?: string) => {
      const resolved = token ? await hub.services.accounts.resolveToken(token) : undefined;
      return resolved ? hub.services.accounts.viewerOf(resolved) : { orgs: [] as string[] };
    };
    const created = await postJson(repoApi("/discussions"), { title: "Helpers", pullRequest: true }, bob);
    const { num } = (await created.json()) as { num: number };
    const access = hub.services.access;
    const ref = `refs/pr/${num}`;
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (err: { status?: number }) => err.status,
      );
    expect(await status(pushableRepo(access, await viewerOf(bob), "model", "olivia", "m", ref))).toBe(200);
    expect(await status(pushableRepo(access, await viewerOf(olivia), "model", "olivia", "m", ref))).toBe(200);
    expect(await status(pushableRepo(access, await viewerOf(carl), "model", "olivia", "m", ref))).toBe(403);
    expect(await status(pushableRepo(access, await viewerOf(bobRead), "model", "olivia", "m", ref))).toBe(
      403,
    );
    expect(await status(pushableRepo(access, await viewerOf(), "model", "olivia", "m", ref))).toBe(401);
    expect(await status(pushableRepo(access, await viewerOf(bob), "model", "olivia", "m", "main"))).toBe(403);
    expect(await status(contributableRepo(access, await viewerOf(carl), "model", "olivia", "m"))).toBe(200);
    expect(await status(contributableRepo(access, await viewerOf(bobRead), "model", "olivia", "m"))).toBe(
      403,
    );
    expect(await status(contributableRepo(access, await viewerOf(), "model", "olivia", "m"))).toBe(401);
    expect(await status(contributableRepo(access, await viewerOf(bob), "model", "olivia", "nope"))).toBe(404);
  });

  it("follows org roles: read members open and push their PRs, write members merge", async () => {
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "guild" }, olivia)).status).toBe(200);
    await hub.services.accounts.ensureUser({ name: "wes" });
    await hub.services.accounts.ensureUser({ name: "rita" });
    const members = `${hub.url}/api/organizations/guild/members`;
    expect((await postJson(members, { user: "wes", role: "write" }, olivia)).status).toBe(200);
    expect((await postJson(members, { user: "rita", role: "read" }, olivia)).status).toBe(200);
    const wes = await hub.tokenFor("wes");
    const rita = await hub.tokenFor("rita");
    const made = await postJson(
      `${hub.url}/api/repos/create`,
      {
        name: "p",
        organization: "guild",
        type: "model",
        private: true,
        files: [{ path: "README.md", content: "# guild\n", encoding: "utf-8" }],
      },
      olivia,
    );
    expect(made.status, await made.clone().text()).toBe(200);
    const guild = (rest: string) => `${hub.url}/api/models/guild/p/discussions${rest}`;
    expect((await postJson(guild(""), { title: "outsider" }, carl)).status).toBe(404);
    const created = await postJson(guild(""), { title: "From a read member", pullRequest: true }, rita);
    expect(created.status).toBe(200);
    const { num } = (await created.json()) as { num: number };
    const comment = await postJson(guild(`/${num}/comment`), { comment: "please merge" }, rita);
    const { newMessage } = (await comment.json()) as { newMessage: { id: string } };
    expect((await postJson(guild(`/${num}/comment/${newMessage.id}/hide`), {}, rita)).status).toBe(403);
    expect((await postJson(guild(`/${num}/merge`), {}, rita)).status).toBe(403);
    expect((await postJson(guild(`/${num}/comment/${newMessage.id}/hide`), {}, wes)).status).toBe(200);
    expect((await postJson(guild(`/${num}/title`), { title: "Renamed by a writer" }, wes)).status).toBe(200);
    const merged = await postJson(guild(`/${num}/merge`), {}, wes);
    expect(merged.status, await merged.clone().text()).toBe(200);
  });

  it("fast-forwards main when it did not move, and git clone shows the merged tree", async () => {
    const created = await postJson(repoApi("/discussions"), { title: "Add d", pullRequest: true }, olivia);
    const { num } = (await created.json()) as { num: number };
    const pushed = await apiCommit(olivia, encoded(num), { "d.txt": "d\n" }, "Add d");
    expect(pushed.status).toBe(200);
    const head = ((await pushed.json()) as { commitOid: string }).commitOid;
    const merged = await postJson(pr(num, "/merge"), {}, olivia);
    expect(merged.status).toBe(200);
    expect(await merged.json()).toMatchObject({ fastForward: true, mergeCommitId: head });
    expect(await headOf("main")).toBe(head);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-clone-"));
    try {
      await run("git", ["clone", "--quiet", `${hub.url}/olivia/m`, dir], {
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_LFS_SKIP_SMUDGE: "1" },
      });
      expect(fs.readFileSync(path.join(dir, "d.txt"), "utf8")).toBe("d\n");
      expect(fs.readFileSync(path.join(dir, "b.txt"), "utf8")).toBe("new\n");
      const { stdout } = await run("git", ["-C", dir, "ls-remote", "origin", "refs/pr/*"]);
      expect(stdout).toContain("refs/pr/1");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts pull requests as drafts, listed as open, which can be marked open once and merged", async () => {
    const created = await postJson(repoApi("/discussions"), { title: "Draft", pullRequest: true }, bob);
    const { num } = (await created.json()) as { num: number };
    expect(await details(num)).toMatchObject({ status: "draft" });
    const listed = await fetch(repoApi("/discussions?status=open&type=pull_request"));
    const { discussions: open } = (await listed.json()) as { discussions: { num: number }[] };
    expect(open.map((d) => d.num)).toContain(num);
    expect((await postJson(pr(num, "/status"), { status: "open" }, olivia)).status).toBe(200);
    expect(await details(num)).toMatchObject({ status: "open" });
    expect((await postJson(pr(num, "/status"), { status: "open" }, olivia)).status).toBe(400);
    expect((await postJson(pr(num, "/status"), { status: "closed" }, olivia)).status).toBe(200);
  });
});

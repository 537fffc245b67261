import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Behaviours huggingface_hub's own suite checks: the Hub's wordings, statuses and error codes. */
describe("Hub behaviours the official client suite checks", () => {
  let hub: TestHub;
  let alice = "";

  const api = (path: string) => `${hub.url}/api/models/alice/${path}`;
  const commit = (repo: string, lines: object[], rev = "main", query = "") =>
    fetch(api(`${repo}/commit/${encodeURIComponent(rev)}${query}`), {
      method: "POST",
      headers: { ...bearer(alice), "Content-Type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });
  const header = (summary: string, extra: object = {}) => ({ key: "header", value: { summary, ...extra } });
  const file = (path: string, text = "x") => ({
    key: "file",
    value: { path, content: b64(text), encoding: "base64" },
  });
  const errorOf = async (res: Response) => ({
    status: res.status,
    code: res.headers.get("X-Error-Code"),
    error: ((await res.json()) as { error: string }).error,
  });
  const head = async (repo: string, rev = "main") =>
    (
      (await (
        await fetch(api(`${repo}/revision/${encodeURIComponent(rev)}`), { headers: bearer(alice) })
      ).json()) as {
        sha: string;
      }
    ).sha;

  beforeAll(async () => {
    hub = await startTestHub();
    alice = await hub.tokenFor("alice");
    for (const name of ["refs", "other"])
      expect((await postJson(`${hub.url}/api/repos/create`, { name }, alice)).status).toBe(200);
    expect(
      (await commit("refs", [header("one"), file("1/a.txt"), file("1/2/b.txt"), file("keep.txt")])).status,
    ).toBe(200);
  });
  afterAll(() => hub?.stop());

  it("names refs as the Hub does: Reference … already exists, Cannot delete refs/heads/main", async () => {
    const branch = () => postJson(api("refs/branch/cool-branch"), {}, alice);
    expect((await branch()).status).toBe(200);
    expect(await errorOf(await branch())).toMatchObject({
      status: 409,
      error: "Reference refs/heads/cool-branch already exists",
    });
    const main = await fetch(api("refs/branch/main"), { method: "DELETE", headers: bearer(alice) });
    expect((await errorOf(main)).error).toMatch(/^Cannot delete refs\/heads\/main/);
    expect(main.status).toBe(403);
    const tag = () => postJson(api("refs/tag/main"), { tag: "v1" }, alice);
    expect((await tag()).status).toBe(200);
    expect(await errorOf(await tag())).toMatchObject({
      status: 409,
      error: "Reference refs/tags/v1 already exists",
    });
  });

  it("judges a tag's revision before its name: a missing revision is RevisionNotFound", async () => {
    const res = await postJson(api("refs/tag/foobar"), { tag: "invalid tag" }, alice);
    expect(await errorOf(res)).toMatchObject({ status: 404, code: "RevisionNotFound" });
    expect((await postJson(api("refs/tag/main"), { tag: "invalid tag" }, alice)).status).toBe(400);
  });

  it("answers a stale parent commit with the Hub's sentence and a repo move onto a taken name with its wording", async () => {
    const first = await head("refs");
    expect((await commit("refs", [header("two"), file("x.txt")])).status).toBe(200);
    const stale = await errorOf(
      await commit("refs", [header("three", { parentCommit: first }), file("y.txt")]),
    );
    expect(stale.status).toBe(412);
    expect(stale.error).toContain(
      "The branch was updated since you opened this page. Please refresh and try again.",
    );
    const move = await postJson(
      `${hub.url}/api/repos/move`,
      { fromRepo: "alice/other", toRepo: "alice/refs" },
      alice,
    );
    expect(await errorOf(move)).toMatchObject({
      status: 409,
      error: "A model repository called alice/refs already exists",
    });
  });

  it("opens pull requests against branches only: a commit id or a missing branch is RevisionNotFound", async () => {
    const sha = await head("refs");
    const onSha = await commit("refs", [header("pr"), file("pr.txt")], sha, "?create_pr=1");
    expect(await errorOf(onSha)).toMatchObject({ status: 404, code: "RevisionNotFound" });
    const missing = await commit("refs", [header("pr"), file("pr.txt")], "missing_branch", "?create_pr=1");
    expect(await errorOf(missing)).toMatchObject({ status: 404, code: "RevisionNotFound" });
    expect((await commit("refs", [header("pr"), file("pr.txt")], "cool-branch", "?create_pr=1")).status).toBe(
      200,
    );
  });

  it("super-squashes a pull request's refs/pr/N", async () => {
    const opened = await commit("refs", [header("pr 2"), file("pr2.txt")], "main", "?create_pr=1");
    const { pullRequestUrl } = (await opened.json()) as { pullRequestUrl: string };
    const ref = `refs/pr/${pullRequestUrl.split("/").pop()}`;
    expect((await commit("refs", [header("more"), file("pr3.txt")], ref)).status).toBe(200);
    const squash = await postJson(
      api(`refs/super-squash/${encodeURIComponent(ref)}`),
      { message: "squashed" },
      alice,
    );
    expect(squash.status).toBe(200);
    const log = (await (
      await fetch(api(`refs/commits/${encodeURIComponent(ref)}`), { headers: bearer(alice) })
    ).json()) as unknown[];
    expect(log).toHaveLength(1);
  });

  it('deletes folder "1" when a file deletion names it without a trailing slash', async () => {
    const res = await commit("refs", [header("drop 1"), { key: "deletedFile", value: { path: "1" } }]);
    expect(res.status).toBe(200);
    const tree = (await (
      await fetch(api("refs/tree/main?recursive=true"), { headers: bearer(alice) })
    ).json()) as {
      path: string;
    }[];
    expect(tree.map((entry) => entry.path).filter((path) => path.startsWith("1"))).toEqual([]);
    const gone = await commit("refs", [header("drop again"), { key: "deletedFile", value: { path: "1" } }]);
    expect(await errorOf(gone)).toMatchObject({ status: 404, code: "EntryNotFound" });
  });

  it("answers 422 for a path starting with ..\\, keeps backslashes further in, 400 for other refused paths", async () => {
    expect((await commit("refs", [header("up"), file("..\\ddd")])).status).toBe(422);
    expect((await commit("refs", [header("up"), file("C:\\ddd")])).status).toBe(422);
    // huggingface_hub's download tests upload this one to the Hub: the client refuses to write it
    const kept = await commit("refs", [header("kept"), file("folder/..\\..\\..\\file")]);
    expect(kept.status, await kept.clone().text()).toBe(200);
    const listed = await fetch(api("refs/tree/main/folder"), { headers: bearer(alice) });
    expect(((await listed.json()) as { path: string }[]).map((entry) => entry.path)).toContain(
      "folder/..\\..\\..\\file",
    );
    expect((await commit("refs", [header("up"), file("a/../b")])).status).toBe(400);
  });

  it("answers ids without a namespace with 404 RepoNotFound on every route", async () => {
    const like = await fetch(`${hub.url}/api/models/missing_repo_id/like`, {
      method: "DELETE",
      headers: bearer(alice),
    });
    expect(await errorOf(like)).toMatchObject({ status: 404, code: "RepoNotFound" });
    const commits = await fetch(`${hub.url}/api/models/missing_repo_id/commits/main`);
    expect(await errorOf(commits)).toMatchObject({ status: 404, code: "RepoNotFound" });
    const duplicate = await postJson(`${hub.url}/api/spaces/alice/nothing-here/duplicate`, {}, alice);
    expect(duplicate.status).toBe(404);
    expect(duplicate.headers.get("X-Error-Code")).toBe("RepoNotFound");
    expect((await fetch(`${hub.url}/api/nothing-at-all`)).status).toBe(404);
  });

  it("deletes a dataset while its Parquet conversion runs; a folder a late write left behind does not block the name", async () => {
    const datasets = `${hub.url}/api/datasets/alice`;
    const remove = () =>
      fetch(`${hub.url}/api/repos/delete`, {
        method: "DELETE",
        headers: { ...bearer(alice), "Content-Type": "application/json" },
        body: JSON.stringify({ name: "busy", type: "dataset" }),
      });
    for (let round = 0; round < 3; round += 1) {
      const created = await postJson(`${hub.url}/api/repos/create`, { name: "busy", type: "dataset" }, alice);
      expect(created.status).toBe(200);
      for (const rows of ["a,b\n1,2\n", "a,b\n3,4\n"]) {
        const res = await fetch(`${datasets}/busy/commit/main`, {
          method: "POST",
          headers: { ...bearer(alice), "Content-Type": "application/x-ndjson" },
          body: [header("rows"), file("data/train.csv", rows)].map((line) => JSON.stringify(line)).join("\n"),
        });
        expect(res.status).toBe(200);
      }
      const deleted = await remove();
      expect(deleted.status, await deleted.clone().text()).toBe(200);
    }
    // a background write that landed after the delete recreated part of the folder
    const leftover = path.join(hub.dataDir, "repos", "datasets", "alice", "busy.git", "objects", "f8");
    await mkdir(leftover, { recursive: true });
    await writeFile(path.join(leftover, "0".repeat(38)), "x");
    const again = await postJson(`${hub.url}/api/repos/create`, { name: "busy", type: "dataset" }, alice);
    expect(again.status, await again.clone().text()).toBe(200);
    const tree = await fetch(`${datasets}/busy/tree/main`, { headers: bearer(alice) });
    expect(((await tree.json()) as { path: string }[]).map((entry) => entry.path)).toEqual([
      ".gitattributes",
    ]);
  });
});

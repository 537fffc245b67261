import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listFiles, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GitAttributes } from "../../src/content/paths/gitattributes.js";
import { EXIT, runDownload } from "../../src/transfer/index.js";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { captureIO } from "../transfer/hub-fixture.js";
import { gitCli } from "./git-cli.js";

/** Repos with thousands of files: one big NDJSON commit, pagination, paths-info, clients, errors. */

const SMALL = 5000;
const LFS_COUNT = 500;
const UPLOADED = 2000;
const OWNER = "mona";

const line = (key: string, value: unknown) => `${JSON.stringify({ key, value })}\n`;
const smallPath = (i: number) => `data/file-${String(i).padStart(5, "0")}.txt`;
const smallText = (p: string) => `bytes of ${p}\n`;
const nestedPath = (i: number) => `nested/a${i % 10}/b${i % 7}/n-${i}.txt`;
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const fileLine = (p: string, text: string) =>
  line("file", { path: p, content: Buffer.from(text).toString("base64"), encoding: "base64" });

interface TreeJson {
  type: string;
  path: string;
  size: number;
  oid: string;
  lfs?: { oid: string; size: number };
}

/** The stock git client, asynchronously: the hub answers its requests from this same process. */
async function git(args: string[], cwd = os.tmpdir()): Promise<{ code: number; out: string }> {
  const result = await gitCli(args, cwd, cwd);
  return { code: result.code, out: `${result.stdout}${result.stderr}` };
}

describe("GitAttributes with thousands of per-file LFS rules", () => {
  it("answers like the rule order says (last match wins), exact-path rules looked up by name", () => {
    const attributes = new GitAttributes(
      [
        "*.dat filter=lfs diff=lfs merge=lfs -text",
        "keep.dat -filter",
        "dir/x\\[1\\].bin filter=lfs",
        "sub/ filter=lfs",
        "sub/plain.txt -filter",
        "/top.txt filter=lfs",
      ].join("\n"),
    );
    expect(attributes.isLfs("a/keep.dat")).toBe(false);
    expect(attributes.isLfs("a/other.dat")).toBe(true);
    expect(attributes.isLfs("dir/x[1].bin")).toBe(true);
    expect(attributes.isLfs("dir/x1.bin")).toBe(false);
    expect(attributes.isLfs("sub/deep/file.txt")).toBe(true);
    expect(attributes.isLfs("x/sub/file.txt")).toBe(true);
    expect(attributes.isLfs("sub")).toBe(false);
    expect(attributes.isLfs("sub/plain.txt")).toBe(false);
    expect(attributes.isLfs("top.txt")).toBe(true);
    expect(attributes.isLfs("a/top.txt")).toBe(false);

    const many = Array.from({ length: 5000 }, (_, i) => `shards/part ${i}.dat`);
    const grown = new GitAttributes(new GitAttributes("").withLfsPaths(many));
    expect(grown.text.split("\n").filter(Boolean)).toHaveLength(5000);
    expect(many.every((p) => grown.isLfs(p))).toBe(true);
    expect(grown.isLfs("shards/part 5000.dat")).toBe(false);
    // An added rule writes a space as [[:space:]], which git reads as any whitespace.
    expect(grown.isLfs("shards/part\u00a012.dat")).toBe(true);
    expect(grown.isLfs("other/shards/part 12.dat")).toBe(false);
  });
});

describe.each(DIALECTS)("a repo with many files (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;
  let work: string;
  const repo = `${OWNER}/many`;
  const lfsObjects = Array.from({ length: LFS_COUNT }, (_, i) => {
    const data = Buffer.from(`weights shard ${i} `.repeat(10));
    return { path: `data/shard-${String(i).padStart(4, "0")}.dat`, data, oid: sha256(data) };
  });
  const authHeaders = () => bearer(token);
  const bareDir = () => path.join(hub.dataDir, "repos", "models", OWNER, "many.git");

  const api = (suffix: string, init: RequestInit = {}) =>
    fetch(`${hub.url}${suffix}`, { ...init, headers: { ...authHeaders(), ...init.headers } });
  const commit = (body: string, target = repo) =>
    api(`/api/models/${target}/commit/main`, { method: "POST", body });
  const head = async (target = repo) =>
    ((await (await api(`/api/models/${target}/revision/main`)).json()) as { sha: string }).sha;

  /** Follows `Link: rel="next"` pages; returns every entry and the number of pages. */
  async function listAll(url: string): Promise<{ entries: TreeJson[]; pages: number }> {
    const entries: TreeJson[] = [];
    let next: string | undefined = `${hub.url}${url}`;
    let pages = 0;
    while (next) {
      const res = await fetch(next, { headers: authHeaders() });
      expect(res.status).toBe(200);
      entries.push(...((await res.json()) as TreeJson[]));
      pages++;
      next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("Link") ?? "")?.[1];
      expect(pages).toBeLessThan(100);
    }
    return { entries, pages };
  }

  const expectedFiles = new Set<string>();

  beforeAll(async () => {
    hub = await startTestHub({ dialect, seed: false });
    token = await hub.tokenFor(OWNER);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "many-files-"));
    for (const name of ["many", "uploaded"]) {
      const res = await postJson(
        `${hub.url}/api/repos/create`,
        { name, organization: OWNER, type: "model" },
        token,
      );
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await hub?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("one NDJSON commit adds 5,000 small files and 500 LFS pointers as a real git commit", async () => {
    const batch = await api(`/${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" },
      body: JSON.stringify({
        operation: "upload",
        objects: lfsObjects.map((o) => ({ oid: o.oid, size: o.data.length })),
      }),
    });
    expect(batch.status).toBe(200);
    const answer = (await batch.json()) as {
      objects: { oid: string; actions: { upload: { href: string } } }[];
    };
    expect(answer.objects).toHaveLength(LFS_COUNT);
    const byOid = new Map(lfsObjects.map((o) => [o.oid, o]));
    for (let i = 0; i < answer.objects.length; i += 20) {
      await Promise.all(
        answer.objects.slice(i, i + 20).map(async (object) => {
          const put = await fetch(object.actions.upload.href, {
            method: "PUT",
            body: byOid.get(object.oid)!.data,
          });
          expect(put.status).toBe(200);
        }),
      );
    }

    let body = line("header", { summary: "many files" });
    for (let i = 0; i < SMALL; i++) body += fileLine(smallPath(i), smallText(smallPath(i)));
    for (const o of lfsObjects)
      body += line("lfsFile", { path: o.path, algo: "sha256", oid: o.oid, size: o.data.length });
    const res = await commit(body);
    expect(res.status, await res.clone().text()).toBe(200);
    const { commitOid } = (await res.json()) as { commitOid: string };
    expect(commitOid).toMatch(/^[0-9a-f]{40}$/);
    expect(await head()).toBe(commitOid);
    for (let i = 0; i < SMALL; i++) expectedFiles.add(smallPath(i));
    for (const o of lfsObjects) expectedFiles.add(o.path);
    expectedFiles.add(".gitattributes");

    const fsck = await git(["--git-dir", bareDir(), "fsck", "--full", "--no-dangling"]);
    expect(fsck.code, fsck.out).toBe(0);
    expect((await git(["--git-dir", bareDir(), "rev-parse", "main"])).out.trim()).toBe(commitOid);
    const listed = (await git(["--git-dir", bareDir(), "ls-tree", "-r", "--name-only", "main"])).out;
    expect(new Set(listed.trim().split("\n"))).toEqual(expectedFiles);

    // .dat is not routed by the default .gitattributes: every pointer got its own rule, in one go.
    const attributes = await (await api(`/${repo}/resolve/main/.gitattributes`)).text();
    expect(attributes).toContain("data/shard-0499.dat filter=lfs diff=lfs merge=lfs -text");
    const shard = lfsObjects[123];
    const download = await api(`/${repo}/resolve/main/${shard.path}`);
    expect(download.headers.get("X-Linked-Etag")).toBe(`"${shard.oid}"`);
    expect(Buffer.from(await download.arrayBuffer()).equals(shard.data)).toBe(true);
    expect(await (await api(`/${repo}/resolve/main/${smallPath(4321)}`)).text()).toBe(
      smallText(smallPath(4321)),
    );
  });

  it("tree pages list each file exactly once (folder and recursive), with lfs fields", async () => {
    const folder = await listAll(`/api/models/${repo}/tree/main/data`);
    expect(folder.pages).toBe(Math.ceil((SMALL + LFS_COUNT) / 1000));
    const folderPaths = folder.entries.map((e) => e.path);
    expect(new Set(folderPaths).size).toBe(folderPaths.length);
    expect(folderPaths.length).toBe(SMALL + LFS_COUNT);
    const shard = folder.entries.find((e) => e.path === lfsObjects[7].path);
    expect(shard).toMatchObject({ type: "file", lfs: { oid: lfsObjects[7].oid } });

    const recursive = await listAll(`/api/models/${repo}/tree/main?recursive=true`);
    const files = recursive.entries.filter((e) => e.type === "file").map((e) => e.path);
    expect(files.length).toBe(expectedFiles.size);
    expect(new Set(files)).toEqual(expectedFiles);
    expect(recursive.entries.filter((e) => e.type === "directory").map((e) => e.path)).toEqual(["data"]);

    // A smaller page size gives the same files.
    const small = await listAll(`/api/models/${repo}/tree/main/data?limit=700`);
    expect(small.pages).toBe(Math.ceil((SMALL + LFS_COUNT) / 700));
    expect(small.entries.map((e) => e.path)).toEqual(folderPaths);
  });

  it("paths-info answers 1,000 paths in one request and refuses 1,001 with a JSON error", async () => {
    const wanted = Array.from({ length: 1000 }, (_, i) =>
      i % 2 ? smallPath(i * 3) : lfsObjects[i / 2].path,
    );
    const res = await api(`/api/models/${repo}/paths-info/main`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ paths: wanted }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as TreeJson[];
    expect(body.map((e) => e.path)).toEqual(wanted);
    expect(body[0].lfs?.oid).toBe(lfsObjects[0].oid);

    const form = new URLSearchParams();
    for (const p of [...wanted, smallPath(1)]) form.append("paths", p);
    const tooMany = await api(`/api/models/${repo}/paths-info/main`, { method: "POST", body: form });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/At most 1000 paths/);
  });

  it("repo info lists every file in siblings, and the official client lists them all", async () => {
    const info = (await (await api(`/api/models/${repo}`)).json()) as {
      siblings: { rfilename: string }[];
      sha: string;
    };
    expect(info.sha).toBe(await head());
    expect(new Set(info.siblings.map((s) => s.rfilename))).toEqual(expectedFiles);
    expect(info.siblings).toHaveLength(expectedFiles.size);

    const listed: string[] = [];
    for await (const file of listFiles({
      repo: { type: "model", name: repo },
      recursive: true,
      hubUrl: hub.url,
      accessToken: token,
    }))
      if (file.type === "file") listed.push(file.path);
    expect(listed).toHaveLength(expectedFiles.size);
    expect(new Set(listed)).toEqual(expectedFiles);
  });

  it("a commit with a malformed line 4,000 fails with a 400 naming the line; nothing changes", async () => {
    const before = await head();
    let body = line("header", { summary: "broken" });
    for (let n = 2; n < 4000; n++) body += fileLine(`broken/f-${n}.txt`, `n ${n}\n`);
    body += '{"key": "file", "value": {"path": "broken/oops.txt", "content": \n';
    for (let n = 4001; n <= 4100; n++) body += fileLine(`broken/f-${n}.txt`, `n ${n}\n`);
    const res = await commit(body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: string }).error;
    expect(error).toMatch(/line 4000\b/);
    expect(await head()).toBe(before);
    expect((await api(`/api/models/${repo}/tree/main/broken`)).status).toBe(404);
    expect((await git(["--git-dir", bareDir(), "rev-parse", "main"])).out.trim()).toBe(before);

    // A line of the wrong shape, and an unknown key, are named the same way.
    const badShape = line("header", { summary: "x" }) + line("file", { path: "a.txt" });
    expect(((await (await commit(badShape)).json()) as { error: string }).error).toMatch(/line 2\b/);
    const missing = line("header", { summary: "x" }) + line("deletedFile", { path: "not/there.txt" });
    const gone = await commit(missing);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toContain("not/there.txt");
    expect(await head()).toBe(before);
  });

  it("a commit over the 100,000-operation limit gets a JSON 400 and changes nothing", async () => {
    const before = await head();
    const lines = [line("header", { summary: "too many" })];
    for (let i = 0; i <= 100_000; i++) lines.push(line("deletedFile", { path: smallPath(i % SMALL) }));
    const res = await commit(lines.join(""));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("At most 100000 operations per commit");
    expect(await head()).toBe(before);
  });

  it("a second commit deletes 1,000 files and adds 1,000 in a nested tree; clone sees exactly that", async () => {
    let body = line("header", { summary: "swap a thousand" });
    for (let i = 0; i < 1000; i++) body += line("deletedFile", { path: smallPath(i) });
    for (let i = 0; i < 1000; i++) body += fileLine(nestedPath(i), `nested ${i}\n`);
    const res = await commit(body);
    expect(res.status, await res.clone().text()).toBe(200);
    const { commitOid } = (await res.json()) as { commitOid: string };
    for (let i = 0; i < 1000; i++) {
      expectedFiles.delete(smallPath(i));
      expectedFiles.add(nestedPath(i));
    }

    const fsck = await git(["--git-dir", bareDir(), "fsck", "--full", "--no-dangling"]);
    expect(fsck.code, fsck.out).toBe(0);
    const recursive = await listAll(`/api/models/${repo}/tree/main?recursive=true`);
    const files = recursive.entries.filter((e) => e.type === "file").map((e) => e.path);
    expect(files.length).toBe(expectedFiles.size);
    expect(new Set(files)).toEqual(expectedFiles);
    const nested = await listAll(`/api/models/${repo}/tree/main/nested/a3/b5`);
    expect(nested.entries.map((e) => e.path).sort()).toEqual(
      Array.from({ length: 1000 }, (_, i) => i)
        .filter((i) => i % 10 === 3 && i % 7 === 5)
        .map(nestedPath)
        .sort(),
    );

    const clone = path.join(work, "clone");
    const url = `${hub.url.replace("http://", `http://${OWNER}:${token}@`)}/${repo}`;
    const cloned = await git(["clone", "--quiet", "--no-checkout", url, clone]);
    expect(cloned.code, cloned.out).toBe(0);
    expect((await git(["rev-parse", "HEAD"], clone)).out.trim()).toBe(commitOid);
    const tracked = (await git(["ls-tree", "-r", "--name-only", "HEAD"], clone)).out.trim().split("\n");
    expect(new Set(tracked)).toEqual(expectedFiles);
    expect((await git(["fsck", "--no-dangling"], clone)).code).toBe(0);
    const parent = (await git(["rev-parse", "HEAD~1"], clone)).out.trim();
    const diff = (await git(["diff", "--name-status", parent, "HEAD"], clone)).out.trim().split("\n");
    expect(diff.filter((l) => l.startsWith("D\t"))).toHaveLength(1000);
    expect(diff.filter((l) => l.startsWith("A\t"))).toHaveLength(1000);
  });

  it("the official client uploads 2,000 files in one call; modelhub download fetches them all", async () => {
    const target = `${OWNER}/uploaded`;
    const files = Array.from({ length: UPLOADED }, (_, i) => ({
      path: `shards/${Math.floor(i / 500)}/item-${i}.json`,
      text: JSON.stringify({ item: i }),
    }));
    await uploadFiles({
      repo: { type: "model", name: target },
      accessToken: token,
      hubUrl: hub.url,
      useXet: false,
      files: files.map((f) => ({ path: f.path, content: new Blob([f.text]) })),
    });
    const listed = await listAll(`/api/models/${target}/tree/main?recursive=true`);
    const paths = listed.entries.filter((e) => e.type === "file").map((e) => e.path);
    expect(new Set(paths)).toEqual(new Set([".gitattributes", ...files.map((f) => f.path)]));

    const io = captureIO({ cwd: work });
    const local = path.join(work, "downloaded");
    const code = await runDownload(
      [target, "--endpoint", hub.url, "--token", token, "--local-dir", local, "--quiet"],
      io,
    );
    expect(code, io.err.join("")).toBe(EXIT.ok);
    expect(io.err.join("")).toContain(`${UPLOADED + 1} downloaded`);
    for (const f of [files[0], files[777], files[UPLOADED - 1]])
      expect(fs.readFileSync(path.join(local, f.path), "utf8")).toBe(f.text);
    const count = (dir: string): number =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1), 0);
    expect(count(path.join(local, "shards"))).toBe(UPLOADED);
  });
});

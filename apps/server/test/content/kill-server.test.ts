import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitCli } from "./git-cli.js";
import { startServerProcess, type ServerProcess } from "./server-process.js";

const AUTH = { Authorization: "Bearer hf_alice" };
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Sends `head` of a request body, waits until `ready()` holds (bounded), then SIGKILLs the server. */
async function killMidRequest(
  server: ServerProcess,
  url: string,
  method: string,
  headers: Record<string, string>,
  head: Buffer,
  ready: () => Promise<boolean>,
) {
  const req = request(url, { method, headers });
  req.on("error", () => undefined);
  req.write(head);
  for (let i = 0; i < 100 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 50));
  await server.kill();
  req.destroy();
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/** Every stored LFS object hashes to its name; no temp leftovers. */
async function checkBlobStore(dataDir: string): Promise<number> {
  const root = join(dataDir, "lfs");
  let count = 0;
  for (const file of await filesUnder(root)) {
    if (file.startsWith(join(root, "tmp"))) continue;
    const name = file.slice(root.length + 1).replace(/\//g, "");
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    expect(hash.digest("hex")).toBe(name);
    count++;
  }
  expect(await filesUnder(join(root, "tmp"))).toEqual([]);
  return count;
}

describe("nothing lost when the server is SIGKILLed", () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "kill-test-"));
    server = await startServerProcess(dataDir);
  });
  afterAll(async () => {
    await server.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...AUTH, ...(init.headers as Record<string, string>) },
    });
  const commit = (lines: object[]) =>
    api("/api/models/alice/crash/commit/main", {
      method: "POST",
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });
  const head = async () =>
    (await api("/alice/crash/resolve/main/.gitattributes", { method: "HEAD" })).headers.get("X-Repo-Commit");

  it("mid LFS upload, mid NDJSON commit and mid git push", async () => {
    const first = await commit([
      { key: "header", value: { summary: "base" } },
      { key: "file", value: { path: "a.txt", content: Buffer.from("a").toString("base64") } },
    ]);
    expect(first.status).toBe(200);
    const base = ((await first.json()) as { commitOid: string }).commitOid;

    // 1. LFS upload killed half-way.
    const big = randomBytes(8 * 1024 * 1024);
    const oid = sha256(big);
    const batch = (await (
      await api("/alice/crash.git/info/lfs/objects/batch", {
        method: "POST",
        body: JSON.stringify({ operation: "upload", objects: [{ oid, size: big.length }] }),
      })
    ).json()) as {
      objects: { actions: { upload: { href: string } } }[];
    };
    const href = batch.objects[0].actions.upload.href;
    const tmpDir = join(dataDir, "lfs", "tmp");
    await killMidRequest(
      server,
      href,
      "PUT",
      { "Content-Length": String(big.length) },
      big.subarray(0, 3 * 1024 * 1024),
      async () => {
        const names = await readdir(tmpDir).catch(() => []);
        return names.length > 0 && (await stat(join(tmpDir, names[0]))).size > 0;
      },
    );
    server = await startServerProcess(dataDir);
    expect(await checkBlobStore(dataDir)).toBe(0);
    expect(await head()).toBe(base);

    // 2. NDJSON commit killed before its body is complete.
    const partial = Buffer.from(
      [
        JSON.stringify({ key: "header", value: { summary: "never" } }),
        JSON.stringify({
          key: "file",
          value: { path: "b.txt", content: Buffer.from("b").toString("base64") },
        }),
        '{"key":"file","value":{"path":"c.txt","content":"',
      ].join("\n"),
    );
    await killMidRequest(
      server,
      `${server.url}/api/models/alice/crash/commit/main`,
      "POST",
      { ...AUTH, "Content-Type": "application/x-ndjson", "Transfer-Encoding": "chunked" },
      partial,
      async () => false,
    );
    server = await startServerProcess(dataDir);
    expect(await head()).toBe(base);
    expect((await api("/alice/crash/resolve/main/b.txt")).status).toBe(404);

    // The same file uploads fine after the restart.
    const again = (await (
      await api("/alice/crash.git/info/lfs/objects/batch", {
        method: "POST",
        body: JSON.stringify({ operation: "upload", objects: [{ oid, size: big.length }] }),
      })
    ).json()) as typeof batch;
    expect((await fetch(again.objects[0].actions.upload.href, { method: "PUT", body: big })).status).toBe(
      200,
    );
    const landed = await commit([
      { key: "header", value: { summary: "weights", parentCommit: base } },
      { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid, size: big.length } },
    ]);
    expect(landed.status).toBe(200);
    const afterLfs = ((await landed.json()) as { commitOid: string }).commitOid;
    expect(await checkBlobStore(dataDir)).toBe(1);

    // 3. git push killed while the pack streams in.
    const home = await mkdtemp(join(tmpdir(), "kill-git-"));
    const clone = join(home, "clone");
    const url = server.url.replace("http://", "http://u:hf_alice@") + "/alice/crash";
    expect(
      (
        await gitCli(
          [
            "-c",
            "filter.lfs.smudge=",
            "-c",
            "filter.lfs.process=",
            "-c",
            "filter.lfs.required=false",
            "clone",
            "--quiet",
            url,
            clone,
          ],
          home,
          home,
        )
      ).code,
    ).toBe(0);
    await writeFile(join(clone, "noise.dat"), randomBytes(16 * 1024 * 1024));
    await gitCli(["-c", "user.name=a", "-c", "user.email=a@b", "add", "noise.dat"], clone, home);
    await gitCli(["-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "noise"], clone, home);
    const pushing = gitCli(["push", "origin", "main"], clone, home);
    const incoming = join(dataDir, "repos", "models", "alice", "crash.git", "objects");
    for (let i = 0; i < 200; i++) {
      const names = await readdir(incoming).catch(() => []);
      if (names.some((name) => name.startsWith("incoming") || name.startsWith("tmp"))) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await server.kill();
    await pushing;
    server = await startServerProcess(dataDir);
    expect(await head()).toBe(afterLfs);
    expect((await api("/alice/crash/resolve/main/noise.dat")).status).toBe(404);
    const fsck = await gitCli(
      ["--git-dir", join(dataDir, "repos", "models", "alice", "crash.git"), "fsck", "--connectivity-only"],
      home,
      home,
    );
    expect(fsck.code, fsck.stderr).toBe(0);
    await gitCli(
      ["remote", "set-url", "origin", server.url.replace("http://", "http://u:hf_alice@") + "/alice/crash"],
      clone,
      home,
    );
    const retry = await gitCli(["push", "origin", "main"], clone, home);
    expect(retry.code, retry.stderr).toBe(0);
    expect((await api("/alice/crash/resolve/main/noise.dat", { method: "HEAD" })).status).toBe(200);
    await rm(home, { recursive: true, force: true });
  });
});

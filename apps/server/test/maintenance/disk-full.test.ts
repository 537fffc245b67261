import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, ndjsonCommit, startHubProcess, type HubProcess } from "./hub-process.js";

const work = mkdtempSync(join(tmpdir(), "disk-full-"));
const dataDir = join(work, "data");

/** Why this machine cannot run the test (mounting a tmpfs needs root), or undefined. */
function mountTmpfs(): string | undefined {
  mkdirSync(dataDir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=20m,mode=0700", "tmpfs", dataDir], { stdio: "pipe" });
    return undefined;
  } catch (err) {
    return `cannot mount a 20 MB tmpfs (needs root): ${String(err).split("\n")[0]}`;
  }
}
const skipReason = process.platform === "linux" ? mountTmpfs() : "tmpfs mounts need Linux";
if (skipReason) console.warn(`disk-full test skipped: ${skipReason}`);

/** A PUT on a connection of its own: the hub answers before reading the whole body, then closes it. */
function putOnOwnConnection(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "PUT",
      agent: false,
      headers: { ...headers, "Content-Length": body.length },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Writes a filler file until the disk refuses another byte. */
function fillDisk(file: string): void {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (let i = 0; i < 100_000; i++) writeSync(fd, chunk);
  } catch {
    const small = Buffer.alloc(512, 1);
    try {
      for (let i = 0; i < 1_000; i++) writeSync(fd, small);
    } catch {
      // full
    }
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(skipReason !== undefined)("a full disk answers 507 on writes and keeps reads working", () => {
  let hub: HubProcess;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${hub.url}${path}`, {
      ...init,
      headers: { ...AUTH, ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    hub = await startHubProcess(dataDir);
  }, 60_000);
  afterAll(async () => {
    await hub?.kill();
    try {
      execFileSync("umount", [dataDir], { stdio: "pipe" });
    } catch {
      execFileSync("umount", ["-l", dataDir], { stdio: "pipe" });
    }
    rmSync(work, { recursive: true, force: true });
  });

  it("LFS PUT, commit and repo creation answer 507; repo info, files and listings still answer 200", async () => {
    const created = await api("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "full",
        files: [{ path: "config.json", content: "{}", encoding: "utf-8" }],
      }),
    });
    expect(created.status).toBe(200);
    const big = randomBytes(2 * 1024 * 1024);
    const oid = createHash("sha256").update(big).digest("hex");
    const batch = (await (
      await api("/admin/full.git/info/lfs/objects/batch", {
        method: "POST",
        headers: { Accept: "application/vnd.git-lfs+json", "Content-Type": "application/vnd.git-lfs+json" },
        body: JSON.stringify({ operation: "upload", objects: [{ oid, size: big.length }] }),
      })
    ).json()) as { objects: { actions: { upload: { href: string; header?: Record<string, string> } } }[] };
    const upload = batch.objects[0]!.actions.upload;

    // an empty write-ahead log, so the database itself has no room left either (SQLITE_FULL)
    const sqlite = new Database(join(dataDir, "modelhub.sqlite"));
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    sqlite.close();
    fillDisk(join(dataDir, "filler.bin"));

    const put = await putOnOwnConnection(upload.href, upload.header ?? {}, big);
    expect(put.status).toBe(507);
    expect((JSON.parse(put.body) as { error: string }).error).toMatch(/Insufficient storage/);

    const commit = await api("/api/models/admin/full/commit/main", {
      method: "POST",
      body: ndjsonCommit("does not fit", { "weights.txt": randomBytes(1024 * 1024).toString("hex") }),
    });
    expect(commit.status).toBe(507);
    expect(((await commit.json()) as { error: string }).error).toMatch(/disk .*is full/);

    const repo = await api("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "another",
        files: [{ path: "a.txt", content: "x".repeat(100_000), encoding: "utf-8" }],
      }),
    });
    expect(repo.status).toBe(507);
    const token = await api("/api/settings/tokens", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "full", role: "read" }),
    });
    expect(token.status).toBe(507); // a database-only write: SQLITE_FULL

    expect((await api("/api/models/admin/full")).status).toBe(200);
    expect((await api("/api/models?author=admin")).status).toBe(200);
    expect((await api("/admin/full/resolve/main/config.json")).status).toBe(200);
    expect((await api("/api/models/admin/full/tree/main")).status).toBe(200);

    const logged = hub
      .output()
      .split("\n")
      .filter((line) => line.includes("storage full"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/"freeBytes":\d+/);

    // once space is back, writes work again
    rmSync(join(dataDir, "filler.bin"));
    const after = await api("/api/models/admin/full/commit/main", {
      method: "POST",
      body: ndjsonCommit("fits now", { "small.txt": "ok" }),
    });
    expect(after.status).toBe(200);
  }, 120_000);
});

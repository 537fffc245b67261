import {
  openSync,
  closeSync,
  writeSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
  existsSync,
  readdirSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH, hubEnv, runModelhub, startHubProcess, type HubProcess } from "./hub-process.js";
import { lfsCommit, lfsPath, uploadLfs } from "./lfs-helpers.js";

const dataDir = mkdtempSync(join(tmpdir(), "fsck-"));
let hub: HubProcess | undefined;
const env = hubEnv(dataDir);

afterAll(async () => {
  await hub?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${hub!.url}${path}`, { ...init, headers: { ...AUTH, ...(init.headers as Record<string, string>) } });
const commit = async (body: string) =>
  (await api("/api/models/admin/fs/commit/main", { method: "POST", body })).json() as Promise<{
    commitOid: string;
  }>;
const sqlite = () => new Database(join(dataDir, "modelhub.sqlite"));
const dbSha = () => {
  const db = sqlite();
  try {
    return (db.prepare("select sha from repos where full_id = ?").get("admin/fs") as { sha: string }).sha;
  } finally {
    db.close();
  }
};

describe("modelhub fsck", () => {
  it("finds a corrupted object, a missing one, a broken ref and a stale database; --repair re-derives what it can", async () => {
    hub = await startHubProcess(dataDir);
    expect(
      (
        await api("/api/repos/create", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "fs" }),
        })
      ).status,
    ).toBe(200);
    const a = await uploadLfs(hub.url, "admin/fs", 256 * 1024);
    const b = await uploadLfs(hub.url, "admin/fs", 128 * 1024);
    const first = await commit(lfsCommit("a", { "a.bin": a }));
    const second = await commit(lfsCommit("b", { "b.bin": b }));
    await hub.kill("SIGTERM");
    hub = undefined;

    const clean = await runModelhub(["fsck"], env);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/checked 2 LFS objects .* and 1 repositories: 0 problem\(s\)/);

    // a flipped byte in a, b lost, a ref to nothing, the database one commit behind
    const fd = openSync(lfsPath(dataDir, a.oid), "r+");
    writeSync(fd, Buffer.from([a.data[1000]! ^ 0xff]), 0, 1, 1000);
    closeSync(fd);
    rmSync(lfsPath(dataDir, b.oid));
    const gitDir = join(dataDir, "repos", "models", "admin", "fs.git");
    writeFileSync(join(gitDir, "refs", "heads", "broken"), `${"1234abcd".repeat(5)}\n`);
    const db = sqlite();
    db.prepare("update repos set sha = ? where full_id = ?").run(first.commitOid, "admin/fs");
    db.close();

    const found = await runModelhub(["fsck"], env);
    expect(found.code).toBe(1);
    expect(found.stdout).toContain(`lfs-corrupt lfs:${a.oid}`);
    expect(found.stdout).toContain(`lfs-missing model:admin/fs lfs:${b.oid}`);
    expect(found.stdout).toContain(`lfs-missing model:admin/fs lfs:${a.oid}`);
    expect(found.stdout).toContain("ref-broken model:admin/fs refs/heads/broken");
    expect(found.stdout).toMatch(/db-stale model:admin\/fs: .*\[repairable: run modelhub fsck --repair\]/);
    expect(dbSha()).toBe(first.commitOid);

    const repaired = await runModelhub(["fsck", "--repair"], env);
    expect(repaired.code).toBe(1); // lost bytes and the broken ref cannot be derived again
    expect(repaired.stdout).toMatch(/db-stale model:admin\/fs: .*\[repaired: re-derived from [0-9a-f]{40}\]/);
    expect(repaired.stdout).toMatch(/ref-broken .*\[cannot be repaired automatically\]/);
    expect(repaired.stdout).toMatch(/1 repaired, \d+ left/);
    expect(dbSha()).toBe(second.commitOid);
    expect(existsSync(lfsPath(dataDir, a.oid))).toBe(false); // set aside, no longer served
    expect(readdirSync(join(dataDir, "lfs-corrupt"))).toHaveLength(1);

    // the operator removes the broken ref and users upload the lost files again: all clean
    rmSync(join(gitDir, "refs", "heads", "broken"));
    hub = await startHubProcess(dataDir);
    for (const object of [a, b]) {
      const batch = (await (
        await api("/admin/fs.git/info/lfs/objects/batch", {
          method: "POST",
          headers: { Accept: "application/vnd.git-lfs+json", "Content-Type": "application/vnd.git-lfs+json" },
          body: JSON.stringify({ operation: "upload", objects: [{ oid: object.oid, size: object.size }] }),
        })
      ).json()) as {
        objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[];
      };
      const upload = batch.objects[0]!.actions!.upload!;
      expect(
        (await fetch(upload.href, { method: "PUT", headers: upload.header, body: object.data })).status,
      ).toBe(200);
    }
    await hub.kill("SIGTERM");
    hub = undefined;
    const after = await runModelhub(["fsck"], env);
    expect(after.code, after.stdout).toBe(0);
  }, 180_000);
});

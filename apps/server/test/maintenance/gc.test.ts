import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, hubEnv, ndjsonCommit, runModelhub, startHubProcess, type HubProcess } from "./hub-process.js";
import { backdate, gitBlobId, lfsCommit, lfsPath, uploadLfs, type LfsObject } from "./lfs-helpers.js";

const dataDir = mkdtempSync(join(tmpdir(), "gc-"));
const HOUR = 3_600_000;
let hub: HubProcess;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${hub.url}${path}`, { ...init, headers: { ...AUTH, ...(init.headers as Record<string, string>) } });
const createRepo = async (name: string) =>
  expect(
    (
      await api("/api/repos/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      })
    ).status,
  ).toBe(200);
const commit = async (repo: string, body: string, query = "", branch = "main") => {
  const res = await api(`/api/models/${repo}/commit/${branch}${query}`, { method: "POST", body });
  return { status: res.status, json: (await res.json()) as { commitOid?: string; error?: string } };
};
const gitDir = (name: string) => join(dataDir, "repos", "models", "admin", `${name}.git`);
const gitHas = (dir: string, oid: string) => {
  try {
    execFileSync("git", ["--git-dir", dir, "cat-file", "-e", oid], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  hub = await startHubProcess(dataDir, { MODELHUB_GC_GRACE_H: "1", MODELHUB_GC_INTERVAL_H: "0" });
}, 60_000);
afterAll(async () => {
  await hub?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("garbage collection on a hub with real garbage", () => {
  it("frees what no ref reaches once older than the grace period, and keeps everything else", async () => {
    await createRepo("gc");
    const inHistory = await uploadLfs(hub.url, "admin/gc");
    const onDeletedBranch = await uploadLfs(hub.url, "admin/gc");
    const inPullRequest = await uploadLfs(hub.url, "admin/gc");
    const abandoned = await uploadLfs(hub.url, "admin/gc");
    const uploadedJustNow = await uploadLfs(hub.url, "admin/gc");

    // in history only: committed, then deleted from the branch
    expect((await commit("admin/gc", lfsCommit("add", { "w.bin": inHistory }))).status).toBe(200);
    expect((await commit("admin/gc", lfsCommit("remove", {}, ["w.bin"]))).status).toBe(200);
    // on a branch that is then deleted
    expect((await api("/api/models/admin/gc/branch/dev", { method: "POST", body: "{}" })).status).toBe(200);
    expect((await commit("admin/gc", lfsCommit("dev", { "d.bin": onDeletedBranch }), "", "dev")).status).toBe(
      200,
    );
    expect((await api("/api/models/admin/gc/branch/dev", { method: "DELETE" })).status).toBe(200);
    // held by an open pull request (refs/pr/1)
    expect(
      (await commit("admin/gc", lfsCommit("pr", { "p.bin": inPullRequest }), "?create_pr=1")).status,
    ).toBe(200);
    // a repo that is deleted with its objects
    await createRepo("gone");
    const ofDeletedRepo = await uploadLfs(hub.url, "admin/gone");
    expect((await commit("admin/gone", lfsCommit("add", { "x.bin": ofDeletedRepo }))).status).toBe(200);
    const deleted = await api("/api/repos/delete", {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "gone", type: "model" }),
    });
    expect(deleted.status).toBe(200);
    // a refused commit (stale parent) leaves its 1 MB blob as a loose object
    const refusedContent = randomBytes(512 * 1024).toString("hex");
    const refused = await commit(
      "admin/gc",
      ndjsonCommit("stale", { "big.txt": refusedContent }, "0".repeat(40)),
    );
    expect(refused.status).toBe(412);
    const danglingBlob = gitBlobId(Buffer.from(refusedContent));
    expect(gitHas(gitDir("gc"), danglingBlob)).toBe(true);
    // a quarantine folder of a killed push and a multipart upload nobody completed
    const quarantine = join(gitDir("gc"), "objects", "incoming-killed");
    mkdirSync(join(quarantine, "ab"), { recursive: true });
    writeFileSync(join(quarantine, "ab", "cdef"), randomBytes(4096));
    const part = join(dataDir, "lfs-parts", "f".repeat(32), "a".repeat(64));
    mkdirSync(part, { recursive: true });
    writeFileSync(join(part, "1"), randomBytes(8192));

    // everything but the fresh upload is two hours old (git objects too); parts two days
    const old: LfsObject[] = [inHistory, onDeletedBranch, inPullRequest, abandoned, ofDeletedRepo];
    for (const object of old) backdate(lfsPath(dataDir, object.oid), 2 * HOUR);
    backdate(join(gitDir("gc"), "objects"), 2 * HOUR);
    backdate(join(dataDir, "lfs-parts"), 48 * HOUR);

    // an old object a client is about to commit: the batch API answers "already stored" and so marks it used
    const reclaimed = await uploadLfs(hub.url, "admin/gc");
    backdate(lfsPath(dataDir, reclaimed.oid), 2 * HOUR);
    const batch = await api("/admin/gc.git/info/lfs/objects/batch", {
      method: "POST",
      headers: { Accept: "application/vnd.git-lfs+json", "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [{ oid: reclaimed.oid, size: reclaimed.size }] }),
    });
    const answer = (await batch.json()) as { objects: { actions?: object }[] };
    expect(answer.objects[0]!.actions).toBeUndefined();

    const env = hubEnv(dataDir, { MODELHUB_GC_GRACE_H: "1" });
    const dry = await runModelhub(["gc", "--dry-run"], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/3 to delete/);
    expect(dry.stdout).toMatch(/would free/);
    for (const object of [...old, uploadedJustNow])
      expect(existsSync(lfsPath(dataDir, object.oid))).toBe(true);
    expect(gitHas(gitDir("gc"), danglingBlob)).toBe(true);

    const run = await runModelhub(["gc"], env);
    expect(run.code, run.stderr).toBe(0);
    const kept = [inHistory, inPullRequest, uploadedJustNow, reclaimed];
    const freed = [onDeletedBranch, abandoned, ofDeletedRepo];
    for (const object of kept) expect(existsSync(lfsPath(dataDir, object.oid)), "kept").toBe(true);
    for (const object of freed) expect(existsSync(lfsPath(dataDir, object.oid)), "freed").toBe(false);
    expect(gitHas(gitDir("gc"), danglingBlob)).toBe(false);
    expect(existsSync(quarantine)).toBe(false);
    expect(existsSync(part)).toBe(false);
    expect(run.stdout).toMatch(/lfs objects: 7 \(2 referenced, 2 unreferenced but recent, 3 deleted\)/);
    const freedKiB = /freed ([\d.]+) KiB/.exec(run.stdout);
    expect(Number(freedKiB?.[1])).toBeGreaterThan(500);

    // the hub still serves every revision, and the fresh upload can still be committed
    const history = (await (await api("/api/models/admin/gc/commits/main")).json()) as { id: string }[];
    const withFile = history.find((c) => c.id && c.id !== history[0]!.id);
    const old1 = await api(`/admin/gc/resolve/${withFile!.id}/w.bin`);
    expect(old1.status).toBe(200);
    expect(Buffer.from(await old1.arrayBuffer()).equals(inHistory.data)).toBe(true);
    expect((await commit("admin/gc", lfsCommit("late", { "late.bin": uploadedJustNow }))).status).toBe(200);

    const status = (await (await api("/api/admin/gc")).json()) as {
      graceHours: number;
      lastRun: { dryRun: boolean; lfs: { deleted: number; keptRecent: number }; bytesFreed: number };
    };
    expect(status.graceHours).toBe(1);
    expect(status.lastRun.dryRun).toBe(false);
    expect(status.lastRun.lfs.deleted).toBe(3);
    expect(status.lastRun.lfs.keptRecent).toBe(2);
    expect(status.lastRun.bytesFreed).toBeGreaterThan(100_000);
  }, 180_000);

  it("the admin API: site admins only; a run from the hub process itself", async () => {
    const anonymous = await fetch(`${hub.url}/api/admin/gc`);
    expect(anonymous.status).toBe(401);
    const run = await api("/api/admin/gc?dry_run=1", { method: "POST" });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { dryRun: boolean }).dryRun).toBe(true);
  });

  it("a running hub sweeps on its own every MODELHUB_GC_INTERVAL_H", async () => {
    const other = await startHubProcess(mkdtempSync(join(tmpdir(), "gc-sweep-")), {
      MODELHUB_GC_INTERVAL_H: String(1 / 3600),
    });
    try {
      for (let i = 0; i < 100 && !other.output().includes("garbage collection done"); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(other.output()).toContain("garbage collection done");
    } finally {
      await other.kill();
    }
  }, 60_000);
});

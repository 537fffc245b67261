import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH, hubEnv, ndjsonCommit, runModelhub, startHubProcess, type HubProcess } from "./hub-process.js";
import { lfsCommit, uploadLfs, type LfsObject } from "./lfs-helpers.js";

const work = mkdtempSync(join(tmpdir(), "backup-drill-"));
const live = join(work, "live");
const backupDir = join(work, "backup");
const restored = join(work, "restored");
let hub: HubProcess | undefined;

afterAll(async () => {
  await hub?.kill();
  rmSync(work, { recursive: true, force: true });
});

interface Acked {
  path: string;
  content?: string;
  lfs?: LfsObject;
}

describe("backup and restore drill", () => {
  it("backs up under write load, restores into an empty folder, every acknowledged commit is there and fsck is clean", async () => {
    hub = await startHubProcess(live);
    const url = hub.url;
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { ...AUTH, ...(init.headers as Record<string, string>) } });
    expect(
      (
        await api("/api/repos/create", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "drill" }),
        })
      ).status,
    ).toBe(200);

    const acked: Acked[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 500; i++) {
        if (i % 4 === 3) {
          const lfs = await uploadLfs(url, "admin/drill", 96 * 1024);
          const res = await api("/api/models/admin/drill/commit/main", {
            method: "POST",
            body: lfsCommit(`lfs ${i}`, { [`w${i}.bin`]: lfs }),
          });
          if (res.status === 200) acked.push({ path: `w${i}.bin`, lfs });
        } else {
          const content = `file ${i} ${Date.now()}`;
          const res = await api("/api/models/admin/drill/commit/main", {
            method: "POST",
            body: ndjsonCommit(`commit ${i}`, { [`f${i}.txt`]: content }),
          });
          if (res.status === 200) acked.push({ path: `f${i}.txt`, content });
        }
      }
    })();
    while (acked.length < 12) await new Promise((r) => setTimeout(r, 50));

    const beforeBackup = acked.length;
    const backup = await runModelhub(["backup", backupDir], hubEnv(live));
    const duringBackup = acked.length - beforeBackup;
    writing = false;
    await writer;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/backed up 1 repositories/);
    expect(duringBackup, "commits kept landing while the backup ran").toBeGreaterThan(0);
    await hub.kill("SIGTERM");
    hub = undefined;

    const restore = await runModelhub(["restore", backupDir], hubEnv(restored));
    expect(restore.code, restore.stderr).toBe(0);
    const refused = await runModelhub(["restore", backupDir], hubEnv(restored));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/not empty/);

    hub = await startHubProcess(restored);
    const again = (path: string) => fetch(`${hub!.url}${path}`, { headers: AUTH });
    for (const file of acked.slice(0, beforeBackup)) {
      const res = await again(`/admin/drill/resolve/main/${file.path}`);
      expect(res.status, file.path).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      if (file.content !== undefined) expect(body.toString()).toBe(file.content);
      else expect(body.equals(file.lfs!.data)).toBe(true);
    }
    const info = (await (await again("/api/models/admin/drill")).json()) as { sha: string };
    const head = await again("/admin/drill/resolve/main/.gitattributes");
    expect(head.headers.get("X-Repo-Commit")).toBe(info.sha);
    await hub.kill("SIGTERM");
    hub = undefined;

    const fsck = await runModelhub(["fsck"], hubEnv(restored));
    expect(fsck.code, fsck.stdout).toBe(0);

    // incremental: a second backup copies only what is new, a third nothing
    await runModelhub(["backup", backupDir], hubEnv(live));
    const third = await runModelhub(["backup", backupDir], hubEnv(live));
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toMatch(/\(0 copied, 0 B; \d+ already in the backup\)/);
  }, 240_000);
});

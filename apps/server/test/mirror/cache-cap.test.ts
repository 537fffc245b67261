import fs from "node:fs";
import path from "node:path";
import { uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startHubProcess, type HubProcess } from "./hub-process.js";
import { randomFile, seedModel, type SeededFile } from "./seed-upstream.js";

const UPSTREAM_ADMIN = "hf_upstreamadmin0000000000000000000000";
const MIRROR_ADMIN = "hf_mirroradmin00000000000000000000000000";
const MB = 1024 * 1024;

describe("mirror cache cap, pinning and refresh", () => {
  let upstream: HubProcess;
  let mirror: HubProcess;
  const files: Record<string, SeededFile> = {
    a: randomFile("a.bin", 2 * MB),
    b: randomFile("b.bin", 2 * MB),
    c: randomFile("c.bin", 2 * MB),
  };
  const stored = (file: SeededFile) =>
    fs.existsSync(
      path.join(
        mirror.dataDir,
        "lfs",
        file.sha256.slice(0, 2),
        file.sha256.slice(2, 4),
        file.sha256.slice(4),
      ),
    );
  const download = async (name: string) => {
    const response = await fetch(`${mirror.url}/admin/repo-${name}/resolve/main/${files[name].path}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(files[name].bytes)).toBe(true);
  };
  const report = async () =>
    (await (await api(`${mirror.url}/api/admin/mirror`, MIRROR_ADMIN)).json()) as {
      cachedBytes: number;
      evictions: number;
      repos: { id: string; pinnedBytes: number }[];
    };

  beforeAll(async () => {
    upstream = await startHubProcess({ MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN });
    for (const [name, file] of Object.entries(files))
      await seedModel(upstream.url, UPSTREAM_ADMIN, `admin/repo-${name}`, [
        { path: file.path, content: file.bytes },
      ]);
    mirror = await startHubProcess({
      MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
      MODELHUB_UPSTREAM_URL: upstream.url,
      MODELHUB_UPSTREAM_TOKEN: UPSTREAM_ADMIN,
      // 5 MB: room for two of the 2 MiB files
      MODELHUB_MIRROR_CACHE_GB: "0.005",
      MODELHUB_UPSTREAM_REFRESH_S: "3600",
    });
  }, 120_000);

  afterAll(async () => {
    await mirror?.stop();
    await upstream?.stop();
    for (const dir of [mirror?.dataDir, upstream?.dataDir])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("evicts the least recently used mirrored file past the cap and fetches it again on demand", async () => {
    await download("a");
    await download("b");
    await download("c");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stored(files.a)).toBe(false);
    expect(stored(files.b) && stored(files.c)).toBe(true);
    const after = await report();
    expect(after.cachedBytes).toBeLessThanOrEqual(5_000_000);
    expect(after.evictions).toBeGreaterThanOrEqual(1);
    await download("a");
  });

  it("pins a whole repo ahead of time: pinned files are never evicted", async () => {
    const pull = await api(`${mirror.url}/api/admin/mirror/pull`, MIRROR_ADMIN, {
      body: { id: "admin/repo-b" },
    });
    expect(pull.status).toBe(200);
    const lines = (await pull.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ done: true, files: 1, totalFiles: 1 });
    await download("c");
    await download("a");
    await download("c");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stored(files.b)).toBe(true);
    expect((await report()).repos.find((r) => r.id === "admin/repo-b")?.pinnedBytes).toBe(2 * MB);
    expect(
      (await api(`${mirror.url}/api/admin/mirror/pull`, undefined, { body: { id: "admin/repo-b" } })).status,
    ).toBe(401);
    for (const type of ["models", "toString", "constructor"]) {
      const refused = await api(`${mirror.url}/api/admin/mirror/pull`, MIRROR_ADMIN, {
        body: { id: "admin/repo-b", type },
      });
      expect(refused.status, type).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toContain(`Unknown type "${type}"`);
    }
  });

  it("refreshes branches on request (signed in, rate-limited)", async () => {
    const newer = randomFile("d.bin", 1024);
    await uploadFiles({
      repo: { type: "model", name: "admin/repo-a" },
      accessToken: UPSTREAM_ADMIN,
      hubUrl: upstream.url,
      files: [{ path: newer.path, content: new Blob([newer.bytes]) }],
    });
    const upstreamSha = (
      (await (await api(`${upstream.url}/api/models/admin/repo-a`)).json()) as { sha: string }
    ).sha;
    const stale = ((await (await api(`${mirror.url}/api/models/admin/repo-a`)).json()) as { sha: string })
      .sha;
    expect(stale).not.toBe(upstreamSha);
    const refreshUrl = `${mirror.url}/api/models/admin/repo-a/mirror/refresh`;
    expect((await api(refreshUrl, undefined, { body: {} })).status).toBe(401);
    const refreshed = await api(refreshUrl, MIRROR_ADMIN, { body: {} });
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as { sha: string }).sha).toBe(upstreamSha);
    expect((await api(refreshUrl, MIRROR_ADMIN, { body: {} })).status).toBe(429);
    const file = await fetch(`${mirror.url}/admin/repo-a/resolve/main/d.bin`);
    expect(Buffer.from(await file.arrayBuffer()).equals(newer.bytes)).toBe(true);
  });
});

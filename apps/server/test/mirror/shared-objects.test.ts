import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { uploadFiles, createRepo } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startHubProcess, type HubProcess } from "./hub-process.js";
import { randomFile, seedModel } from "./seed-upstream.js";

const UPSTREAM_ADMIN = "hf_upstreamadmin0000000000000000000000";
const MIRROR_ADMIN = "hf_mirroradmin00000000000000000000000000";
const MB = 1024 * 1024;

interface Report {
  hits: number;
  misses: number;
  bytesSaved: number;
  bytesFetched: number;
  evictions: number;
  cachedBytes: number;
  repos: { id: string; files: number }[];
}

/** A 50 MB file, the objects two repos share, and the books kept across restarts. */
describe("mirror: a large file, shared objects and persisted counters", () => {
  let upstream: HubProcess;
  let mirror: HubProcess;
  const mirrorEnv = (upstreamUrl: string) => ({
    MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
    MODELHUB_UPSTREAM_URL: upstreamUrl,
    MODELHUB_UPSTREAM_TOKEN: UPSTREAM_ADMIN,
    // 60 MB: the 50 MiB file and a few small ones, then the least recently used go
    MODELHUB_MIRROR_CACHE_GB: "0.06",
  });
  const large = randomFile("large.bin", 50 * MB);
  const kept = randomFile("kept.bin", 3 * MB);
  const twin = randomFile("twin.bin", MB);
  const filler = randomFile("filler.bin", 5 * MB);

  const m = (p: string) => `${mirror.url}${p}`;
  const upstreamGets = (repo: string, file: string) =>
    upstream.log.filter(
      (e) => e.method === "GET" && e.path?.startsWith(`/${repo}/resolve/`) && e.path.endsWith(`/${file}`),
    ).length;
  const storedPath = (sha256: string) =>
    path.join(mirror.dataDir, "lfs", sha256.slice(0, 2), sha256.slice(2, 4), sha256.slice(4));
  const report = async () => (await (await api(m("/api/admin/mirror"), MIRROR_ADMIN)).json()) as Report;
  /** Downloads through the mirror, hashing as the bytes arrive (no 50 MB buffers). */
  const sha256Of = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers });
    expect(response.ok).toBe(true);
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    return { sha256: hash.digest("hex"), bytes, status: response.status };
  };

  beforeAll(async () => {
    upstream = await startHubProcess({ MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN });
    // upstream repos live in an org, so the mirror's own "admin" namespace holds only local repos
    expect(
      (await api(`${upstream.url}/api/organizations/new`, UPSTREAM_ADMIN, { body: { name: "up" } })).status,
    ).toBe(200);
    const seed = (id: string, file: { path: string; bytes: Buffer }) =>
      seedModel(upstream.url, UPSTREAM_ADMIN, id, [{ path: file.path, content: file.bytes }]);
    await seed("up/large", large);
    await seed("up/kept", kept);
    await seed("up/twin-a", twin);
    await seed("up/twin-b", twin);
    await seed("up/filler", filler);
    mirror = await startHubProcess(mirrorEnv(upstream.url));
  }, 180_000);

  afterAll(async () => {
    await mirror?.stop();
    await upstream?.stop();
    for (const dir of [mirror?.dataDir, upstream?.dataDir])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("streams an uncached 50 MB file through, then serves it (and a range) from the store", async () => {
    const url = m(`/up/large/resolve/main/${large.path}`);
    const first = await sha256Of(url);
    expect(first).toMatchObject({ sha256: large.sha256, bytes: large.bytes.length });
    expect(upstreamGets("up/large", large.path)).toBe(1);
    const again = await sha256Of(url);
    expect(again.sha256).toBe(large.sha256);
    const tail = await sha256Of(url, { Range: `bytes=${40 * MB}-` });
    expect(tail.status).toBe(206);
    expect(tail.sha256).toBe(
      createHash("sha256")
        .update(large.bytes.subarray(40 * MB))
        .digest("hex"),
    );
    expect(upstreamGets("up/large", large.path)).toBe(1);
    // readers finish once the bytes are verified; syncing and storing the object go on behind them
    for (let waited = 0; !fs.existsSync(storedPath(large.sha256)) && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.statSync(storedPath(large.sha256)).size).toBe(large.bytes.length);
  });

  it("adopts an object it already holds for another mirrored repo instead of fetching it again", async () => {
    expect((await sha256Of(m(`/up/twin-a/resolve/main/${twin.path}`))).sha256).toBe(twin.sha256);
    expect((await sha256Of(m(`/up/twin-b/resolve/main/${twin.path}`))).sha256).toBe(twin.sha256);
    expect(upstreamGets("up/twin-a", twin.path)).toBe(1);
    expect(upstreamGets("up/twin-b", twin.path)).toBe(0);
  });

  it("adopts a locally uploaded object, and never evicts one a local repo uses", async () => {
    // the mirror fetches kept.bin first (so it is in the cache's books), then a local repo uploads it
    expect((await sha256Of(m(`/up/kept/resolve/main/${kept.path}`))).sha256).toBe(kept.sha256);
    expect(upstreamGets("up/kept", kept.path)).toBe(1);
    const local = { type: "model" as const, name: "admin/local-copy" };
    await createRepo({ repo: local, accessToken: MIRROR_ADMIN, hubUrl: mirror.url });
    await uploadFiles({
      repo: local,
      accessToken: MIRROR_ADMIN,
      hubUrl: mirror.url,
      files: [
        { path: kept.path, content: new Blob([kept.bytes]) },
        { path: filler.path, content: new Blob([filler.bytes]) },
      ],
    });
    // filler.bin is stored already (uploaded locally): mirroring it costs no upstream transfer
    expect((await sha256Of(m(`/up/filler/resolve/main/${filler.path}`))).sha256).toBe(filler.sha256);
    expect(upstreamGets("up/filler", filler.path)).toBe(0);

    // 50 MiB + 3 MiB + 1 MiB are cached (56.6 MB); touching the others leaves kept.bin least recent,
    // and a second fetch past the 60 MB cap makes it the one to go
    await sha256Of(m(`/up/large/resolve/main/${large.path}`));
    await sha256Of(m(`/up/twin-a/resolve/main/${twin.path}`));
    const extra = randomFile("extra.bin", 5 * MB);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "up/extra", [{ path: extra.path, content: extra.bytes }]);
    expect((await sha256Of(m(`/up/extra/resolve/main/${extra.path}`))).sha256).toBe(extra.sha256);
    await expect
      .poll(async () => (await report()).repos.find((repo) => repo.id === "up/kept")?.files ?? 0)
      .toBe(0);
    expect((await report()).cachedBytes).toBeLessThanOrEqual(60_000_000);
    // out of the cache's books, but the bytes stay: the local repo still downloads them
    expect(fs.existsSync(storedPath(kept.sha256))).toBe(true);
    expect((await sha256Of(m(`/admin/local-copy/resolve/main/${kept.path}`))).sha256).toBe(kept.sha256);
  });

  it("keeps hits, misses and bytes saved across a restart", async () => {
    const before = await report();
    expect(before.hits).toBeGreaterThan(0);
    expect(before.misses).toBeGreaterThan(0);
    const dataDir = mirror.dataDir;
    await mirror.stop();
    mirror = await startHubProcess(mirrorEnv(upstream.url), dataDir);
    const after = await report();
    expect(after).toMatchObject({
      hits: before.hits,
      misses: before.misses,
      bytesSaved: before.bytesSaved,
      bytesFetched: before.bytesFetched,
      evictions: before.evictions,
    });
  });
});

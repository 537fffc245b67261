// Pull-through mirror: two hub processes on 127.0.0.1 (U upstream, M mirroring U), a generated LFS file
// of MIRROR_BENCH_MB (200) on U and one of the same size in a local repo of M. In one run: download
// direct from U, the first (uncached) download through M (throughput and time to first byte), the
// cached download through M, and M's local repo (the repo's first look-up on M, which mirrors its
// metadata and git history, is timed on its own before the file's first download); then cached and local again, alternating, for the
// ratio. Goals (issue 22): cached / local >= 0.9, first / direct >= 0.8.
//
//   npx tsc -b apps/server && node apps/server/bench/mirror.mjs      (npm run bench -- mirror)
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRepo, uploadFiles } from "@huggingface/hub";
import { startHubProcess } from "./scale/hub-process.mjs";

const MB = 1024 * 1024;
const SIZE = Number(process.env.MIRROR_BENCH_MB ?? 200) * MB;
const ROUNDS = Number(process.env.MIRROR_BENCH_ROUNDS ?? 3);
const BUDGET_S = Number(process.env.MIRROR_BENCH_BUDGET_S ?? 300);
const ADMIN = "hf_benchmirroradmin000000000000000000000";

const budget = setTimeout(() => {
  console.error(`mirror bench: over the ${BUDGET_S} s budget, stopping`);
  cleanup().finally(() => process.exit(2));
}, BUDGET_S * 1000);
budget.unref();

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-mirror-bench-"));
const hubs = [];
async function cleanup() {
  for (const hub of hubs) await hub.stop().catch(() => undefined);
  fs.rmSync(temp, { recursive: true, force: true });
}

/** Writes SIZE random bytes to a file in 8 MiB chunks (never the whole file in memory). */
function generate(name) {
  const file = path.join(temp, name);
  const fd = fs.openSync(file, "w");
  for (let left = SIZE; left > 0; left -= 8 * MB) fs.writeSync(fd, randomBytes(Math.min(8 * MB, left)));
  fs.closeSync(fd);
  return file;
}

async function seed(hubUrl, id, file) {
  const repo = { type: "model", name: id };
  await createRepo({ repo, accessToken: ADMIN, hubUrl });
  await uploadFiles({
    repo,
    accessToken: ADMIN,
    hubUrl,
    files: [{ path: "weights.bin", content: await fs.openAsBlob(file) }],
  });
}

/** Downloads a URL to nowhere; returns MiB/s, time to the first body byte (ms) and the byte count. */
async function download(url) {
  const started = performance.now();
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - started) / 1000;
  if (bytes !== SIZE) throw new Error(`GET ${url}: ${bytes} of ${SIZE} bytes`);
  return { mibs: bytes / MB / seconds, ttfbMs: firstByte };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (r) => `${r.mibs.toFixed(0)} MiB/s (first byte ${r.ttfbMs.toFixed(1)} ms)`;

try {
  const upstream = await startHubProcess({ dataDir: path.join(temp, "u") }, { MODELHUB_ADMIN_TOKEN: ADMIN });
  hubs.push(upstream);
  const mirror = await startHubProcess(
    { dataDir: path.join(temp, "m") },
    { MODELHUB_ADMIN_TOKEN: ADMIN, MODELHUB_UPSTREAM_URL: upstream.url },
  );
  hubs.push(mirror);
  await seed(upstream.url, "admin/upstream-only", generate("upstream.bin"));
  await seed(mirror.url, "admin/local", generate("local.bin"));
  fs.rmSync(path.join(temp, "upstream.bin"));
  fs.rmSync(path.join(temp, "local.bin"));
  const file = "resolve/main/weights.bin";

  const direct = await download(`${upstream.url}/admin/upstream-only/${file}`);
  // the first look at an unknown id mirrors the repo (upstream info + git history); timed on its own
  const lookupStarted = performance.now();
  const info = await fetch(`${mirror.url}/api/models/admin/upstream-only`);
  if (!info.ok) throw new Error(`repo look-up through M: ${info.status} ${await info.text()}`);
  const lookupMs = performance.now() - lookupStarted;
  const first = await download(`${mirror.url}/admin/upstream-only/${file}`);
  const cached = [];
  const local = [];
  for (let round = 0; round < ROUNDS; round++) {
    cached.push(await download(`${mirror.url}/admin/upstream-only/${file}`));
    local.push(await download(`${mirror.url}/admin/local/${file}`));
  }
  const cachedMibs = median(cached.map((r) => r.mibs));
  const localMibs = median(local.map((r) => r.mibs));
  const load = os.loadavg()[0].toFixed(1);
  console.log(`mirror bench: ${SIZE / MB} MiB LFS file, hubs on 127.0.0.1, SQLite, load ${load}`);
  console.log(`  direct from U             ${fmt(direct)}`);
  console.log(
    `  first look-up of the repo through M (mirrors metadata and git history) ${lookupMs.toFixed(0)} ms`,
  );
  console.log(`  first through M (uncached) ${fmt(first)}`);
  console.log(
    `  cached through M (median of ${ROUNDS}) ${cachedMibs.toFixed(0)} MiB/s: ${cached.map(fmt).join(", ")}`,
  );
  console.log(
    `  local repo on M (median of ${ROUNDS}) ${localMibs.toFixed(0)} MiB/s: ${local.map(fmt).join(", ")}`,
  );
  const cachedRatio = cachedMibs / localMibs;
  const firstRatio = first.mibs / direct.mibs;
  console.log(
    `  cached / local ${cachedRatio.toFixed(2)} (goal >= 0.9) ${cachedRatio >= 0.9 ? "met" : "MISSED"}`,
  );
  console.log(
    `  first / direct ${firstRatio.toFixed(2)} (goal >= 0.8) ${firstRatio >= 0.8 ? "met" : "MISSED"}`,
  );
  console.log(
    `  time to first byte, uncached through M: ${first.ttfbMs.toFixed(1)} ms (direct ${direct.ttfbMs.toFixed(1)} ms)`,
  );
} finally {
  await cleanup();
}

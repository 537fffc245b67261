#!/usr/bin/env node
// Storage quotas (`npm run bench -- quotas`): a real hub process, one namespace, interleaved so both
// sides see the same machine load:
//   - an API commit of one 64 KiB file with no quota vs under a quota (the commit's blobs go through the
//     quarantine, its bytes are held in a transaction, the repo is measured again after it lands),
//   - an LFS upload batch of 10 objects with no quota vs under one (the objects' bytes are held),
//   - measuring a repo of QUOTA_BENCH_FILES loose objects (a read after its measure expired).
// Environment: QUOTA_BENCH_COMMITS (40 per side), QUOTA_BENCH_FILES (2,000).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { summary } from "../../../../scripts/bench-summary.mjs";
import { startHubProcess } from "../hub-process.mjs";

const COMMITS = Math.max(10, Math.min(400, Number(process.env.QUOTA_BENCH_COMMITS ?? 40)));
const FILES = Math.max(100, Math.min(20_000, Number(process.env.QUOTA_BENCH_FILES ?? 2000)));
const ADMIN = `hf_${"B".repeat(34)}`;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${v.toFixed(1)} ms`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-quota-bench-"));
const hub = await startHubProcess(dataDir, { MODELHUB_ADMIN_TOKEN: ADMIN });
const call = async (url, init, token = hub.token) => {
  const res = await fetch(`${hub.url}${url}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init?.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res;
};
const json = (method, url, body, token) =>
  call(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, token);
const quota = (storage) => json("PUT", "/api/admin/quotas/bench", { storage }, ADMIN);
const ndjson = (files) =>
  [
    JSON.stringify({ key: "header", value: { summary: "bench" } }),
    ...files.map(([p, content]) =>
      JSON.stringify({
        key: "file",
        value: { path: p, content: content.toString("base64"), encoding: "base64" },
      }),
    ),
  ].join("\n") + "\n";
const commit = async (repo, files) => {
  const started = performance.now();
  await call(`/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson" },
    body: ndjson(files),
  });
  return performance.now() - started;
};
const batch = async (repo) => {
  const objects = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(32);
    return { oid: createHash("sha256").update(bytes).digest("hex"), size: 1_000_000 };
  });
  const started = performance.now();
  await call(`/${repo}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" },
    body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects }),
  });
  return performance.now() - started;
};

try {
  await json("POST", "/api/repos/create", { name: "quota-bench", type: "model" });
  await json("POST", "/api/repos/create", { name: "wide", type: "model" });
  const repo = "bench/quota-bench";
  for (let i = 0; i < 5; i++) await commit(repo, [[`warm-${i}.bin`, randomBytes(65536)]]);
  const free = { commit: [], batch: [] };
  const limited = { commit: [], batch: [] };
  for (let i = 0; i < COMMITS; i++) {
    await quota("none");
    free.commit.push(await commit(repo, [["free.bin", randomBytes(65536)]]));
    free.batch.push(await batch(repo));
    await quota("1TB");
    limited.commit.push(await commit(repo, [["limited.bin", randomBytes(65536)]]));
    limited.batch.push(await batch(repo));
  }
  // a repo of FILES loose objects, measured from scratch (its figure expired or was never taken)
  await quota("none");
  for (let done = 0; done < FILES; done += 1000)
    await commit(
      "bench/wide",
      Array.from({ length: Math.min(1000, FILES - done) }, (_, i) => [`f/${done + i}.txt`, randomBytes(64)]),
    );
  const measures = [];
  for (let i = 0; i < 5; i++) {
    // without a quota a write only forgets the figure: the next read measures the repo again
    await commit("bench/wide", [["touch.txt", randomBytes(8)]]);
    const started = performance.now();
    await call("/api/users/bench/storage");
    measures.push(performance.now() - started);
  }

  const rows = [
    ["commit of 64 KiB, p50", free.commit, limited.commit],
    ["LFS batch of 10 objects, p50", free.batch, limited.batch],
  ];
  console.log(`\nStorage quotas, ${COMMITS} interleaved requests per side (ms):`);
  console.log("| request | no quota p50 / p99 | under a quota p50 / p99 | ratio p50 |");
  console.log("|---|---|---|---|");
  for (const [label, a, b] of rows)
    console.log(
      `| ${label.replace(", p50", "")} | ${ms(pct(a, 50))} / ${ms(pct(a, 99))} | ${ms(pct(b, 50))} / ${ms(pct(b, 99))} | ${(pct(b, 50) / pct(a, 50)).toFixed(2)} |`,
    );
  console.log(
    `\nstorage read measuring a repo of ${FILES + 5} files from scratch: p50 ${ms(pct(measures, 50))}`,
  );
  summary({
    quotas: {
      "commit 64 KiB under a quota, p50": {
        value: pct(limited.commit, 50),
        baseline: pct(free.commit, 50),
        baselineLabel: "no quota",
        unit: "ms",
      },
      "LFS batch of 10 under a quota, p50": {
        value: pct(limited.batch, 50),
        baseline: pct(free.batch, 50),
        baselineLabel: "no quota",
        unit: "ms",
      },
      [`measure a repo of ${FILES} loose files, p50`]: { value: pct(measures, 50), unit: "ms" },
    },
  });
} finally {
  await hub.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

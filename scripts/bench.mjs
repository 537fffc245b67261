#!/usr/bin/env node
// Runs every workspace benchmark in sequence (after `npm run build`). Each bench is bounded and prints its own table.
// `npm run bench -- inference` runs only the benches whose path contains "inference".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { summaryTable } from "./bench-summary.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const benches = [
  "packages/inference/bench/snippets-bench.mjs",
  "apps/server/bench/api-bench.mjs",
  // the inference gateway: added latency, time to first token, RSS under 200 slow streams; about 30 s
  "apps/server/bench/gateway/run.mjs",
  // the ONNX task API: warm call latency, GET /api/models while a long ONNX batch runs; about 30 s
  "apps/server/bench/onnx/run.mjs",
  "apps/web/scripts/bundle-size.mjs",
  "apps/server/bench/seed-import.mjs",
  // one commit of 1,000 / 5,000 / 10,000 files, tree listing, derive; about 35 s
  "apps/server/bench/many-files.mjs",
  // a 20 MB download on 25 connections alone and beside small requests (ratio, small p50/p99); about 30 s
  "apps/server/bench/io/mixed-load.mjs",
  // one 512 MB LFS PUT against dd + fdatasync of the same size (ratio); about 10 s
  "apps/server/bench/io/lfs-upload.mjs",
  // pull-through mirror: uncached vs direct, cached vs local, time to first byte; ~200 MB files, about a minute
  "apps/server/bench/mirror/run.mjs",
  // LFS in S3 (Ceph RGW): 1 GiB presigned upload/verify/redirected download vs the disk store, hub CPU per GiB
  "apps/server/bench/s3/run.mjs",
  // commits/s on one branch: one replica vs two on one PostgreSQL (needs DATABASE_URL); about 1 minute
  "apps/server/bench/replicas/run.mjs",
  // dataset viewer: conversion rows/s and MB/s per format, /rows /search /filter p50/p99 on 2M rows; about 2 min
  "apps/server/bench/datasets/viewer-bench.mjs",
  // security scans: MB/s per kind (pickle opcodes, 2 GB pickle and torch zip, 10 GB safetensors, ClamAV); ~1 min
  "apps/server/bench/scan/run.mjs",
  // webhooks: a watched repo's commit vs an unwatched one, delivery latency, queue drain; about 30 s
  "apps/server/bench/webhooks/run.mjs",
  // storage quotas: commit and LFS batch under a quota vs none (interleaved), measuring a 2,000-file repo; ~30 s
  "apps/server/bench/quotas/run.mjs",
  // the audit log: 1,000,000 chained events, filtered pages over HTTP (goal < 200 ms), append, verify; a few minutes
  "apps/server/bench/audit/run.mjs",
  // 100,000 models on SQLite (and PostgreSQL when DATABASE_URL is set); several minutes.
  "apps/server/bench/scale/run.mjs",
];
const only = process.argv.slice(2);
let failed = 0;
// every bench appends its headline figures here (bench-summary.mjs); they are printed together at the end
const summaryDir = mkdtempSync(path.join(os.tmpdir(), "modelhub-bench-"));
const summaryFile = path.join(summaryDir, "summary.jsonl");
for (const bench of benches) {
  if (only.length > 0 && !only.some((name) => bench.includes(name))) continue;
  if (!existsSync(`${root}/${bench}`)) {
    console.log(`\n# ${bench}: not present, skipped`);
    continue;
  }
  console.log(`\n# ${bench}`);
  const res = spawnSync(process.execPath, [bench], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BENCH_SUMMARY_FILE: summaryFile },
  });
  if (res.status !== 0) failed++;
}
const table = summaryTable(summaryFile);
rmSync(summaryDir, { recursive: true, force: true });
if (table) {
  console.log(`
# summary: each figure beside its baseline, measured in this run (${os.cpus().length} cores)
`);
  console.log(table);
}
process.exit(failed === 0 ? 0 : 1);

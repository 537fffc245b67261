#!/usr/bin/env node
// Commits per second on one branch (`npm run bench -- replicas`): two hub processes on one PostgreSQL
// schema and one data folder, driven by C concurrent clients. The same number of commits goes
//   - to one replica only, then
//   - round-robin to both replicas (each commit waits for the repository's advisory lock),
// each run on a fresh repo. Needs DATABASE_URL (replicas need PostgreSQL); skipped without it.
// Environment: REPLICAS_BENCH_COMMITS (200), REPLICAS_BENCH_CLIENTS (8).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startHubProcess } from "../hub-process.mjs";

const DATABASE_URL = process.env.DATABASE_URL;
const COMMITS = Math.max(10, Math.min(2000, Number(process.env.REPLICAS_BENCH_COMMITS ?? 200)));
const CLIENTS = Math.max(1, Math.min(64, Number(process.env.REPLICAS_BENCH_CLIENTS ?? 8)));
const ADMIN = `hf_bench_${randomBytes(8).toString("hex")}`;

if (!DATABASE_URL) {
  console.log("replicas bench: DATABASE_URL is not set (replicas need PostgreSQL); skipped");
  process.exit(0);
}

function startReplica(dataDir, schema) {
  return startHubProcess(
    dataDir,
    {
      DATABASE_URL,
      MODELHUB_EMBEDDED_INFERENCE: "0",
      MODELHUB_ADMIN_TOKEN: ADMIN,
      MODELHUB_DATABASE_SCHEMA: schema,
      MODELHUB_TMP_DIR: path.join(dataDir, `tmp-${randomBytes(4).toString("hex")}`),
    },
    { writeToken: false },
  );
}

async function createRepo(hub, name) {
  const res = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type: "model" }),
  });
  if (res.status !== 200) throw new Error(`create ${name}: ${res.status} ${await res.text()}`);
}

/** COMMITS commits to main of `repo`, CLIENTS at a time, each to the next hub in turn: commits/s and latencies. */
async function commitLoad(hubs, repo, total = COMMITS) {
  let issued = 0;
  let failed = 0;
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (issued < total) {
        const i = issued++;
        const hub = hubs[i % hubs.length];
        const body = [
          { key: "header", value: { summary: `commit ${i}` } },
          {
            key: "file",
            value: {
              path: `f-${i}.txt`,
              content: Buffer.from(`${i}`).toString("base64"),
              encoding: "base64",
            },
          },
        ]
          .map((line) => JSON.stringify(line))
          .join("\n");
        const t0 = performance.now();
        const res = await fetch(`${hub.url}/api/models/admin/${repo}/commit/main`, {
          method: "POST",
          headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/x-ndjson" },
          body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { perSecond: total / seconds, seconds, p50: at(0.5), p99: at(0.99), failed };
}

const schema = `bench_replicas_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-bench-replicas-"));
const hubs = [];
try {
  hubs.push(await startReplica(dataDir, schema));
  hubs.push(await startReplica(dataDir, schema));
  await createRepo(hubs[0], "warmup");
  await commitLoad(hubs, "warmup", 20);
  await createRepo(hubs[0], "one");
  const one = await commitLoad([hubs[0]], "one");
  await createRepo(hubs[0], "two");
  const two = await commitLoad(hubs, "two");
  console.log(
    `\n${COMMITS} commits to one branch, ${CLIENTS} clients at a time (PostgreSQL, shared data folder)\n`,
  );
  console.log("| target | commits/s | p50 ms | p99 ms | failed |");
  console.log("|---|---:|---:|---:|---:|");
  const row = (name, r) =>
    console.log(
      `| ${name} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.failed} |`,
    );
  row("one replica", one);
  row("two replicas (round-robin)", two);
  console.log(`\ntwo / one: ${(two.perSecond / one.perSecond).toFixed(2)}x`);
  if (one.failed + two.failed > 0) process.exitCode = 1;
} finally {
  await Promise.all(hubs.map((hub) => hub.stop()));
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

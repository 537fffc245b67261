#!/usr/bin/env node
// Scale benchmark: 100,000 synthetic models, the hub as a separate process, autocannon from this one.
// Usage (after `npx tsc -b apps/server`):
//   node apps/server/bench/scale/run.mjs [--count 100000] [--duration 10] [--connections 10]
//        [--reuse] [--full] [--lfs-mb 256] [--only sqlite|postgres] [--no-lfs] [--no-http]
// PostgreSQL is measured too when DATABASE_URL is set. --full uses a 1 GB LFS file (default 256 MB).
// --reuse keeps an already generated catalogue of the same size (brought to the hub's current schema).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runUpload } from "../../dist/transfer/index.js";
import { DEFAULT_SCALE_DIR, argValue, generateAll } from "./generate.mjs";
import { memoryOf } from "../hub-process.mjs";
import { createWriteToken, startPreparedHub, waitForStartupRefresh } from "./prepared-hub.mjs";
import { benchDatabaseUrl } from "./load.mjs";
import { measureLfs } from "./lfs-throughput.mjs";
import { prepareDatabase } from "./prepare-database.mjs";

const count = Number(argValue("count", "100000"));
const duration = Number(argValue("duration", "10"));
const connections = Number(argValue("connections", "10"));
const full = process.argv.includes("--full");
const lfsBytes = Math.round(Number(argValue("lfs-mb", full ? "1024" : "256")) * 1024 * 1024);
const only = argValue("only", undefined);
const withLfs = !process.argv.includes("--no-lfs");
const withHttp = !process.argv.includes("--no-http");
const scaleDir = path.resolve(argValue("data", DEFAULT_SCALE_DIR));
const markerFile = path.join(scaleDir, "catalogue.json");
const BENCH_USER = "scale-bench";
const FILES_REPO = `${BENCH_USER}/files`;

const log = (text) => process.stderr.write(`${text}\n`);

async function targets() {
  const marker = fs.existsSync(markerFile) ? JSON.parse(fs.readFileSync(markerFile, "utf8")) : undefined;
  const wantPostgres = Boolean(process.env.DATABASE_URL);
  if (process.argv.includes("--reuse") && marker?.count === count && marker.postgres === wantPostgres) {
    log(`reusing the ${count}-model catalogue in ${scaleDir}`);
    const list = [
      {
        dialect: "sqlite",
        dataDir: path.join(scaleDir, "sqlite"),
        databaseUrl: undefined,
        seconds: marker.seconds.sqlite,
      },
    ];
    if (wantPostgres)
      list.push({
        dialect: "postgres",
        dataDir: path.join(scaleDir, "postgres"),
        databaseUrl: await benchDatabaseUrl(process.env.DATABASE_URL),
        seconds: marker.seconds.postgres,
      });
    return list;
  }
  const loaded = await generateAll({ count, scaleDir, log });
  fs.writeFileSync(
    markerFile,
    JSON.stringify({
      count,
      postgres: wantPostgres,
      seconds: Object.fromEntries(loaded.map((t) => [t.dialect, t.seconds])),
    }),
  );
  return loaded;
}

/** A real git-backed repo for the file-download endpoint, uploaded with `modelhub upload`. */
async function prepareFilesRepo(hub, token) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-scale-files-"));
  fs.writeFileSync(
    path.join(dir, "README.md"),
    "---\nlicense: mit\nlibrary_name: transformers\npipeline_tag: text-classification\n---\n# files\n\nBenchmark target.\n",
  );
  fs.writeFileSync(
    path.join(dir, "config.json"),
    JSON.stringify(
      { architectures: ["BertForSequenceClassification"], model_type: "bert", hidden_size: 768 },
      null,
      2,
    ),
  );
  const err = [];
  const io = { stdout: { write: () => true }, stderr: { write: (t) => err.push(t) }, isTTY: false, env: {} };
  const code = await runUpload([FILES_REPO, dir, "--endpoint", hub.url, "--token", token], io);
  fs.rmSync(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`preparing ${FILES_REPO} failed: ${err.join("")}`);
}

function rotating(paths) {
  let i = 0;
  return [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
}

async function endpoints(hub) {
  const top = await (await fetch(`${hub.url}/api/models?sort=downloads&limit=1000`)).json();
  const ids = top.map((m) => m.id);
  const words = [
    "llama",
    "bert-base",
    "whisper",
    "qwen",
    "resnet",
    "mistral",
    "instruct",
    "gguf",
    "e5",
    "stable-diffusion",
    "nova",
    "maria",
  ];
  const combos = [
    ["text-generation", "transformers"],
    ["text-classification", "transformers"],
    ["sentence-similarity", "sentence-transformers"],
    ["text-to-image", "diffusers"],
    ["automatic-speech-recognition", "transformers"],
    ["text-generation", "gguf"],
  ];
  return [
    { name: "model info", requests: rotating(ids.map((id) => `/api/models/${id}`)) },
    { name: "list by downloads", requests: rotating(["/api/models?sort=downloads&direction=-1&limit=20"]) },
    {
      name: "text search",
      requests: rotating(words.map((w) => `/api/models?search=${encodeURIComponent(w)}&limit=20`)),
    },
    {
      name: "task + library",
      requests: rotating(
        combos.map(([t, l]) => `/api/models?pipeline_tag=${t}&library=${l}&sort=downloads&limit=20`),
      ),
    },
    { name: "file download", requests: rotating([`/${FILES_REPO}/resolve/main/config.json`]) },
  ];
}

/** Listing endpoints measured again on a hub whose listing page cache is off: every request is a query. */
const UNCACHED = ["list by downloads", "text search", "task + library"];

async function hammer(url, requests) {
  const result = await autocannon({ url, connections, duration, requests, timeout: 10 });
  return {
    median: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const loaded = await targets();
const rows = [];
const lfsRows = [];
for (const target of loaded) {
  if (only && only !== target.dialect) continue;
  const indexes = await prepareDatabase(target);
  log(`${target.dialect}: repos indexes ${indexes.join(", ")}`);
  const token = createWriteToken(target, BENCH_USER);
  const hub = await startPreparedHub(target);
  log(`${target.dialect}: hub pid ${hub.pid} up in ${hub.startSeconds.toFixed(1)} s at ${hub.url}`);
  try {
    const refreshStarted = performance.now();
    await waitForStartupRefresh(target, hub.pid);
    log(
      `  start-up refresh of download counts done after ${((performance.now() - refreshStarted) / 1000).toFixed(1)} s`,
    );
    await prepareFilesRepo(hub, token);
    for (const endpoint of withHttp ? await endpoints(hub) : []) {
      await autocannon({ url: hub.url, connections, duration: 1, requests: endpoint.requests });
      log(`  ${endpoint.name} …`);
      const load = os.loadavg()[0];
      const r = await hammer(hub.url, endpoint.requests);
      rows.push({ dialect: target.dialect, endpoint: endpoint.name, load, ...r });
    }
    if (withLfs) {
      const idleRss = memoryOf(hub.pid).rss;
      log(`  LFS ${mb(lfsBytes)} upload/download …`);
      const lfs = await measureLfs({ hub, token, repo: FILES_REPO, size: lfsBytes, workDir: os.tmpdir() });
      lfsRows.push({ dialect: target.dialect, idleRss, ...lfs });
    }
    if (withHttp) {
      await hub.stop();
      const uncachedHub = await startPreparedHub(target, { MODELHUB_LISTING_CACHE_MS: "0" });
      try {
        await waitForStartupRefresh(target, uncachedHub.pid);
        for (const endpoint of await endpoints(uncachedHub)) {
          if (!UNCACHED.includes(endpoint.name)) continue;
          await autocannon({ url: uncachedHub.url, connections, duration: 1, requests: endpoint.requests });
          log(`  ${endpoint.name}, listing cache off …`);
          const load = os.loadavg()[0];
          const r = await hammer(uncachedHub.url, endpoint.requests);
          rows.push({ dialect: target.dialect, endpoint: `${endpoint.name} (cache off)`, load, ...r });
        }
      } finally {
        await uncachedHub.stop();
      }
    }
  } finally {
    await hub.stop();
  }
}

console.log(`\n### Load (${count} models)\n\n| database | load time |\n|---|---:|`);
for (const t of loaded) console.log(`| ${t.dialect} | ${t.seconds.toFixed(1)} s |`);
if (rows.length > 0) {
  console.log(
    `\n### HTTP (${connections} connections, ${duration} s per endpoint, ${count} models, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})\n`,
  );
  console.log(
    "| database | endpoint | median | p99 | req/s | errors | load avg |\n|---|---|---:|---:|---:|---:|---:|",
  );
}
for (const r of rows)
  console.log(
    `| ${r.dialect} | ${r.endpoint} | ${r.median} ms | ${r.p99} ms | ${Math.round(r.rps)} | ${r.errors} | ${r.load.toFixed(1)} |`,
  );
if (lfsRows.length > 0) console.log(`\n### LFS file of ${mb(lfsBytes)} on loopback\n`);
if (lfsRows.length > 0)
  console.log(
    "| database | upload | download (sha256 checked) | server RSS before | peak RSS upload | peak RSS download | verified |\n|---|---:|---:|---:|---:|---:|---|",
  );
for (const l of lfsRows) {
  console.log(
    `| ${l.dialect} | ${(l.size / 1024 / 1024 / l.uploadSeconds).toFixed(0)} MiB/s (${l.uploadSeconds.toFixed(1)} s) | ` +
      `${(l.size / 1024 / 1024 / l.downloadSeconds).toFixed(0)} MiB/s (${l.downloadSeconds.toFixed(1)} s) | ${mb(l.idleRss)} | ${mb(l.uploadPeak)} | ${mb(l.downloadPeak)} | ${l.verified ? "yes" : "NO"} |`,
  );
}

#!/usr/bin/env node
// Times model info, listing and search on a few thousand synthetic models (loopback, bounded duration).
// Run after `npm run build`: node apps/server/bench/api-bench.mjs [--models 3000] [--seconds 5] [--connections 10]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pino } from "pino";
import { resolveConfig } from "../dist/config/config.js";
import { toRepoRecord } from "../dist/platform/repos.js";
import { startHub } from "../dist/server.js";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const MODELS = option("models", 3000);
const SECONDS = option("seconds", 5);
const CONNECTIONS = option("connections", 10);
const TASKS = [
  "text-generation",
  "text-classification",
  "automatic-speech-recognition",
  "text-to-image",
  "sentence-similarity",
  "image-classification",
];
const LIBRARIES = ["transformers", "diffusers", "sentence-transformers", "timm", "gguf", "peft"];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-bench-"));
const env = { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: path.join(dataDir, "none") };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, env);
const schema = process.env.DATABASE_URL ? `mh_bench_${process.pid}` : undefined;
const hub = await startHub(config, { logger: pino({ level: "silent" }), databaseSchema: schema });

try {
  const started = Date.now();
  const { accounts, repos } = hub.services;
  for (let org = 0; org < 50; org++) await accounts.createOrg({ name: `org-${org}` });
  for (let i = 0; i < MODELS; i++) {
    const task = TASKS[i % TASKS.length];
    const library = LIBRARIES[(i * 7) % LIBRARIES.length];
    const row = await repos.create({
      type: "model",
      owner: `org-${i % 50}`,
      name: `model-${i}`,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    });
    await repos.applyCommit(
      toRepoRecord(row),
      { sha: i.toString(16).padStart(40, "0"), date: new Date(), title: "bench" },
      {
        tags: [library, task, i % 3 === 0 ? "en" : "fr", `license:${i % 2 ? "mit" : "apache-2.0"}`],
        pipeline_tag: task,
        library_name: library,
        config: { architectures: ["BenchModel"], model_type: "bench" },
        warnings: [],
        usedStorage: 1000 + i,
        siblings: [
          { path: "README.md", size: 100, oid: "0".repeat(40) },
          { path: "config.json", size: 50, oid: "1".repeat(40) },
        ],
      },
    );
    await repos.addDownloads(row.id, [
      { day: new Date().toISOString().slice(0, 10), count: (i * 7919) % 100_000 },
    ]);
  }
  await repos.refreshRollingCounts();
  console.log(
    `inserted ${MODELS} models (${hub.services.hub.dialect}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const cases = [
    ["model info", `/api/models/org-7/model-1007`],
    ["listing (sort=downloads, limit=50)", `/api/models?sort=downloads&limit=50`],
    [
      "filtered listing (task+library)",
      `/api/models?pipeline_tag=text-generation&library=transformers&sort=likes&limit=50`,
    ],
    ["search (substring)", `/api/models?search=model-12&limit=20`],
  ];
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, loopback\n`);
  console.log(
    "case".padEnd(40),
    "req/s".padStart(8),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "errors".padStart(7),
  );
  for (const [name, url] of cases) {
    const result = await autocannon({ url: `${hub.url}${url}`, connections: CONNECTIONS, duration: SECONDS });
    const errors = result.errors + result.non2xx;
    console.log(
      name.padEnd(40),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(errors).padStart(7),
    );
  }
} finally {
  await hub.close();
  if (schema) {
    const { dropPostgresSchema } = await import("../dist/db/open-database.js");
    await dropPostgresSchema(process.env.DATABASE_URL, schema);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

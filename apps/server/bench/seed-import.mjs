#!/usr/bin/env node
// Times the demo catalogue import (first start) into a temp data folder, then a second (idempotent) run.
// After `npm run build`:            node apps/server/bench/seed-import.mjs
// Straight from the TypeScript:     node --import tsx apps/server/bench/seed-import.mjs --src
// Options: --fsck N   run `git fsck --strict` on N imported repos afterwards (default 5); --keep keeps the folder.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";

const fromSource = process.argv.includes("--src");
const keep = process.argv.includes("--keep");
const fsckIndex = process.argv.indexOf("--fsck");
const fsckCount = fsckIndex > 0 ? Number(process.argv[fsckIndex + 1]) : 5;
const root = fromSource ? "../src" : "../dist";
const load = (file) => import(new URL(`${root}/${file}${fromSource ? ".ts" : ".js"}`, import.meta.url).href);

const { resolveConfig } = await load("config/config");
const { startHub } = await load("server");
const { importCatalogue } = await load("seed/import-catalogue");
const { loadCatalogue } = await load("seed/load-catalogue");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-seed-bench-"));
const env = { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: path.join(dataDir, "none") };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, env);
const schema = process.env.DATABASE_URL ? `mh_seed_bench_${process.pid}` : undefined;
const logger = pino({ level: process.env.LOG_LEVEL ?? "silent" });
const hub = await startHub(config, { logger, databaseSchema: schema });

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
try {
  const { catalogue, source } = await loadCatalogue();
  const files = catalogue.repos.reduce((sum, repo) => sum + repo.files.length, 0);
  const deps = { services: hub.services, content: hub.content, logger };

  const firstStart = performance.now();
  const cpuBefore = process.cpuUsage();
  const first = await importCatalogue(deps, catalogue);
  const firstMs = performance.now() - firstStart;
  const cpu = process.cpuUsage(cpuBefore);

  const againStart = performance.now();
  const again = await importCatalogue(deps, catalogue);
  const againMs = performance.now() - againStart;

  console.log(`catalogue: ${source}, ${catalogue.repos.length} repos, ${files} files`);
  console.log(
    `first import:  ${seconds(firstMs)} (${first.repos} imported, ${first.skipped} skipped; ` +
      `this process used ${seconds(cpu.user / 1000)} user + ${seconds(cpu.system / 1000)} system CPU, ` +
      `load average ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log(`second import: ${seconds(againMs)} (${again.repos} imported, ${again.skipped} skipped)`);

  const sample = catalogue.repos.filter((_, i) => i % Math.max(1, Math.floor(catalogue.repos.length / fsckCount)) === 0);
  let checked = 0;
  for (const repo of sample.slice(0, fsckCount)) {
    const [owner, name] = repo.id.split("/");
    const dir = path.join(dataDir, "repos", `${repo.type}s`, owner, `${name}.git`);
    execFileSync("git", [`--git-dir=${dir}`, "fsck", "--strict", "--no-progress"], { stdio: "pipe" });
    checked++;
  }
  if (checked > 0) console.log(`git fsck --strict: clean on ${checked} repos`);
} finally {
  await hub.close();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  else console.log(`data kept in ${dataDir}`);
}
